import type { FastifyInstance, FastifyRequest } from 'fastify';
import { menuSchemas, ruleDb, ruleProblem, type RuleDb, type SysPermissionDataRule } from '../../crud/data-rules.js';
import { requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ok } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { requireAnyPage } from '../dict/page-readers.js';
import { forgetDepartRule } from '../depart/depart-datarule-routes.js';
import { MENU_TYPE } from './menu-data.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** The page whose holders read a menu's data rules, and the button that changes them. */
const MENU_PAGE = 'sys_permission';
const EDIT_MENU = 'system:permission:edit';

type RuleBody = Partial<Pick<SysPermissionDataRule, 'id' | 'permissionId' | 'ruleName' | 'ruleColumn' | 'ruleConditions' | 'ruleValue' | 'status'>>;

const ruleBody = {
  type: 'object',
  properties: {
    id: text(32), permissionId: text(32), ruleName: text(50), ruleColumn: text(50), ruleConditions: text(50), ruleValue: text(300), status: text(3),
  },
} as const;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Marks a menu as having data rules (rule_flag, contract §3.2) while it has any. */
async function refreshRuleFlag(db: RuleDb, permissionId: string): Promise<void> {
  const one = await db.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', permissionId).limit(1).executeTakeFirst();
  await db.updateTable('sysPermission').set({ ruleFlag: one ? 1 : 0 }).where('id', '=', permissionId).execute();
}

/** Deletes the data rules of menus being deleted (menu-hooks, in the delete's transaction). */
export async function deleteMenuRules(db: RuleDb, permissionIds: string[]): Promise<void> {
  if (permissionIds.length) await db.deleteFrom('sysPermissionDataRule').where('permissionId', 'in', permissionIds).execute();
}

/**
 * A menu's data rules (数据规则, contract §3.2 and §13): listed for the holders of the menu page,
 * added, changed and deleted with its edit button. A rule names a readable column of the page the
 * menu draws and one of the supported conditions; anything else is a 400 naming the problem.
 */
export async function dataRuleRoutes(app: FastifyInstance): Promise<void> {
  const { db, schemas } = app.ctx;
  const rules = ruleDb(db);
  const readers = (req: FastifyRequest) => requireAnyPage(app.ctx, req, [MENU_PAGE]);

  const menuOf = async (permissionId: string | undefined) => {
    if (!permissionId) throw badRequest('缺少参数 permissionId');
    const menu = await db.selectFrom('sysPermission').select(['id', 'name', 'component', 'menuType']).where('id', '=', permissionId).where('delFlag', '=', 0).executeTakeFirst();
    if (!menu) throw badRequest('菜单不存在');
    if (menu.menuType === MENU_TYPE.button) throw badRequest('按钮不能配置数据规则，请选择菜单');
    return menu;
  };

  /** The rule as it will be stored, checked against the pages the menu draws. */
  const checked = async (body: RuleBody, current?: SysPermissionDataRule) => {
    const menu = await menuOf(current?.permissionId ?? body.permissionId);
    const merged = { ...current, ...body };
    const rule = {
      permissionId: menu.id,
      ruleName: trimmed(merged.ruleName),
      ruleColumn: trimmed(merged.ruleColumn),
      ruleConditions: trimmed(merged.ruleConditions),
      ruleValue: trimmed(merged.ruleValue),
      status: merged.status === '0' ? '0' : '1',
    };
    if (!rule.ruleName) throw badRequest('规则名称不能为空');
    if (!rule.ruleColumn) throw badRequest('规则字段不能为空');
    if (!rule.ruleConditions) throw badRequest('条件规则不能为空');
    const problem = ruleProblem(rule, menuSchemas(menu.component, schemas.schemas));
    if (problem) throw badRequest(problem);
    return rule;
  };

  const listOf = (permissionId: string) => rules.selectFrom('sysPermissionDataRule').selectAll()
    .where('permissionId', '=', permissionId).orderBy('createTime').orderBy('id');

  app.get<{ Querystring: { permissionId?: string } }>('/sys/permission/getPermRuleListByPermId', {
    config: { access: { page: MENU_PAGE } },
    schema: { querystring: { type: 'object', properties: { permissionId: text(32) } } },
  }, async (req) => {
    await readers(req);
    const menu = await menuOf(req.query.permissionId);
    return ok(await listOf(menu.id).execute());
  });

  // JeecgBoot's search of the rule drawer: one menu's rules, narrowed by name and value.
  app.get<{ Querystring: { permissionId?: string; ruleName?: string; ruleValue?: string } }>('/sys/permission/queryPermissionRule', {
    config: { access: { page: MENU_PAGE } },
    schema: { querystring: { type: 'object', properties: { permissionId: text(32), ruleName: text(50), ruleValue: text(300) } } },
  }, async (req) => {
    await readers(req);
    const menu = await menuOf(req.query.permissionId);
    const name = req.query.ruleName?.trim();
    const value = req.query.ruleValue?.trim();
    const found = (await listOf(menu.id).execute())
      .filter((r) => (!name || r.ruleName.includes(name)) && (!value || r.ruleValue.includes(value)));
    return ok(found);
  });

  app.post<{ Body: RuleBody }>('/sys/permission/addPermissionRule', { config: { access: { permission: EDIT_MENU } }, schema: { body: ruleBody } }, async (req) => {
    await requireAction(db, req, EDIT_MENU);
    const rule = await checked(req.body ?? {});
    const row: SysPermissionDataRule = { id: newId(), ...rule, createBy: req.user!.username, createTime: formatDateTime(), updateBy: null, updateTime: null };
    await inTransaction(rules, async (tx) => {
      await tx.insertInto('sysPermissionDataRule').values(row).execute();
      await refreshRuleFlag(tx, rule.permissionId);
    });
    return ok(row, '添加成功！');
  });

  app.put<{ Body: RuleBody }>('/sys/permission/editPermissionRule', { config: { access: { permission: EDIT_MENU } }, schema: { body: ruleBody } }, async (req) => {
    await requireAction(db, req, EDIT_MENU);
    const id = req.body?.id;
    if (!id) throw badRequest('缺少参数 id');
    const current = await rules.selectFrom('sysPermissionDataRule').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw badRequest('数据规则不存在');
    const rule = await checked(req.body, current);
    const changes = { ...rule, updateBy: req.user!.username, updateTime: formatDateTime() };
    await rules.updateTable('sysPermissionDataRule').set(changes).where('id', '=', id).execute();
    return ok({ ...current, ...changes }, '修改成功！');
  });

  app.delete<{ Querystring: { id?: string } }>('/sys/permission/deletePermissionRule', {
    config: { access: { permission: EDIT_MENU } },
    schema: { querystring: { type: 'object', properties: { id: text(32) } } },
  }, async (req) => {
    await requireAction(db, req, EDIT_MENU);
    const id = req.query.id;
    if (!id) throw badRequest('缺少参数 id');
    const current = await rules.selectFrom('sysPermissionDataRule').select(['id', 'permissionId']).where('id', '=', id).executeTakeFirst();
    if (!current) throw badRequest('数据规则不存在');
    await inTransaction(rules, async (tx) => {
      await tx.deleteFrom('sysPermissionDataRule').where('id', '=', id).execute();
      // The roles that selected it forget it, so the id can never come back to life.
      const grants = await tx.selectFrom('sysRolePermission').select(['id', 'dataRuleIds'])
        .where('permissionId', '=', current.permissionId).where('dataRuleIds', 'is not', null).execute();
      for (const g of grants) {
        const ids = (g.dataRuleIds ?? '').split(',').filter((x) => x && x !== id);
        if (ids.length !== (g.dataRuleIds ?? '').split(',').filter(Boolean).length) {
          await tx.updateTable('sysRolePermission').set({ dataRuleIds: ids.join(',') || null }).where('id', '=', g.id).execute();
        }
      }
      await forgetDepartRule(tx as never, current.permissionId, id);
      await refreshRuleFlag(tx, current.permissionId);
    });
    return ok(null, '删除成功！');
  });
}
