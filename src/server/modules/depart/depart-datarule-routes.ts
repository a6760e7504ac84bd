import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ruleDb } from '../../crud/data-rules.js';
import { requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { requireAnyPage } from '../dict/page-readers.js';
import { commaIds } from '../user/id-list.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const DEPART_PAGE = 'sys_depart';
const ROLE_PAGE = 'sys_depart_role';
const DEPART_AUTH = 'system:depart:permission';
const ROLE_AUTH = 'system:departRole:auth';

const idList = (raw: string | null | undefined) => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const saved = (ids: string[]) => (ids.length ? ids.join(',') : null);

/**
 * 数据规则 of 部门权限 and of 部门角色授权 (the client's DepartDataruleModal and DeptRoleDataruleModal),
 * with JeecgBoot's meaning: a department selects which of a granted menu's rules it may hand out
 * (sys_depart_permission.data_rule_ids); its roles select among those (sys_depart_role_permission.
 * data_rule_ids), and what a role selects restricts its holders' rows like a role's selection does
 * (auth/grants.ts, crud/data-rules.ts). A role never selects a rule its department does not offer:
 * taking one back from the department takes it from its roles.
 */
export async function departDataRuleRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const rules = ruleDb(app.ctx.db);
  const menuRules = (permissionId: string) => rules.selectFrom('sysPermissionDataRule').selectAll().where('permissionId', '=', permissionId);
  const departGrant = (departId: string, permissionId: string) => db.selectFrom('sys_depart_permission').select(['id', 'dataRuleIds'])
    .where('departId', '=', departId).where('permissionId', '=', permissionId).executeTakeFirst();
  const required = (value: string | undefined, name: string) => {
    if (!value) throw badRequest(`缺少参数 ${name}`);
    return value;
  };
  /** The ticked ids that are among the listed rules, as the modal's checkbox group takes them. */
  const checked = (ids: string | null | undefined, listed: { id: string }[]) => idList(ids).filter((id) => listed.some((r) => r.id === id)).join(',');

  app.get<{ Params: { permissionId: string; departId: string } }>('/sys/sysDepartPermission/datarule/:permissionId/:departId', {
    config: { access: { page: DEPART_PAGE } },
    schema: { params: { type: 'object', properties: { permissionId: text(32), departId: text(32) } } },
  }, async (req) => {
    await requireAnyPage(app.ctx, req, [DEPART_PAGE]);
    const { permissionId, departId } = req.params;
    const datarule = await menuRules(permissionId).orderBy('createTime').orderBy('id').execute();
    // JeecgBoot's answer for a menu without rules: a plain failure.
    if (!datarule.length) return fail('未找到权限配置信息');
    const grant = await departGrant(departId, permissionId);
    return ok({ datarule, drChecked: checked(grant?.dataRuleIds, datarule) });
  });

  app.post<{ Body: { permissionId?: string; departId?: string; dataRuleIds?: string } }>('/sys/sysDepartPermission/datarule', {
    config: { access: { permission: DEPART_AUTH } },
    schema: { body: { type: 'object', properties: { permissionId: text(32), departId: text(32), dataRuleIds: text(1000) } } },
  }, async (req) => {
    await requireAction(app.ctx.db, req, DEPART_AUTH);
    const permissionId = required(req.body?.permissionId, 'permissionId');
    const departId = required(req.body.departId, 'departId');
    const ids = commaIds(req.body.dataRuleIds, '数据规则');
    const grant = await departGrant(departId, permissionId);
    if (!grant) throw badRequest('请先保存部门菜单权限!');
    if (ids.length) {
      const own = new Set((await menuRules(permissionId).where('id', 'in', ids).execute()).map((r) => r.id));
      const stray = ids.find((id) => !own.has(id));
      if (stray) throw badRequest(`数据规则不存在或不属于该菜单: ${stray}`);
    }
    await inTransaction(db, async (tx) => {
      await tx.updateTable('sys_depart_permission').set({ dataRuleIds: saved(ids) }).where('id', '=', grant.id).execute();
      // The department's roles keep only the rules it still offers.
      const roles = tx.selectFrom('sys_depart_role').select('id').where('departId', '=', departId);
      const roleGrants = await tx.selectFrom('sys_depart_role_permission').select(['id', 'dataRuleIds'])
        .where('permissionId', '=', permissionId).where('roleId', 'in', roles).where('dataRuleIds', 'is not', null).execute();
      for (const g of roleGrants as { id: string; dataRuleIds: string }[]) {
        const kept = idList(g.dataRuleIds).filter((id) => ids.includes(id));
        if (kept.length !== idList(g.dataRuleIds).length) await tx.updateTable('sys_depart_role_permission').set({ dataRuleIds: saved(kept) }).where('id', '=', g.id).execute();
      }
    });
    return okMessage('保存成功!');
  });

  app.get<{ Params: { permissionId: string; departId: string; roleId: string } }>('/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId', {
    config: { access: { page: ROLE_PAGE } },
    schema: { params: { type: 'object', properties: { permissionId: text(32), departId: text(32), roleId: text(32) } } },
  }, async (req) => {
    await requireAnyPage(app.ctx, req, [ROLE_PAGE]);
    const { permissionId, departId, roleId } = req.params;
    // What the department offers for the menu, newest first as JeecgBoot lists it.
    const offered = idList((await departGrant(departId, permissionId))?.dataRuleIds);
    const datarule = offered.length ? await menuRules(permissionId).where('id', 'in', offered).orderBy('createTime', 'desc').orderBy('id').execute() : [];
    if (!datarule.length) return fail('未找到权限配置信息');
    const grant = await db.selectFrom('sys_depart_role_permission').select('dataRuleIds').where('roleId', '=', roleId).where('permissionId', '=', permissionId).executeTakeFirst();
    return ok({ datarule, drChecked: checked(grant?.dataRuleIds, datarule) });
  });

  app.post<{ Body: { permissionId?: string; roleId?: string; dataRuleIds?: string } }>('/sys/sysDepartRole/datarule', {
    config: { access: { permission: ROLE_AUTH } },
    schema: { body: { type: 'object', properties: { permissionId: text(32), roleId: text(32), dataRuleIds: text(1000) } } },
  }, async (req) => {
    await requireAction(app.ctx.db, req, ROLE_AUTH);
    const permissionId = required(req.body?.permissionId, 'permissionId');
    const roleId = required(req.body.roleId, 'roleId');
    const ids = commaIds(req.body.dataRuleIds, '数据规则');
    const grant = await db.selectFrom('sys_depart_role_permission as g').innerJoin('sys_depart_role as r', 'r.id', 'g.roleId')
      .select(['g.id', 'r.departId']).where('g.roleId', '=', roleId).where('g.permissionId', '=', permissionId).executeTakeFirst();
    if (!grant) throw badRequest('请先保存角色菜单权限!');
    const offered = new Set(idList((await departGrant(grant.departId, permissionId))?.dataRuleIds));
    const outside = ids.find((id) => !offered.has(id));
    if (outside) throw badRequest(`只能选择部门已有的数据规则: ${outside}`);
    await db.updateTable('sys_depart_role_permission').set({ dataRuleIds: saved(ids) }).where('id', '=', grant.id).execute();
    return okMessage('保存成功!');
  });
}

/** A deleted data rule is forgotten by the departments and department roles that selected it, so its id never comes back to life. */
export async function forgetDepartRule(tx: Kysely<any>, permissionId: string, ruleId: string): Promise<void> {
  for (const table of ['sys_depart_permission', 'sys_depart_role_permission']) {
    const grants = await tx.selectFrom(table).select(['id', 'dataRuleIds']).where('permissionId', '=', permissionId).where('dataRuleIds', 'is not', null).execute();
    const changed = (grants as { id: string; dataRuleIds: string }[]).filter((g) => idList(g.dataRuleIds).includes(ruleId));
    for (const g of changed) await tx.updateTable(table).set({ dataRuleIds: saved(idList(g.dataRuleIds).filter((id) => id !== ruleId)) }).where('id', '=', g.id).execute();
  }
}
