import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  BUILTIN_BUTTON_CODES, BUTTON_CODE_PATTERN, checkUrlTemplate, parseSetPlan, templateFields, type CustomButton,
} from '../../../schema/cgform-buttons.js';
import type { PageSchema } from '../../../schema/types.js';
import type { CrudHooks, HookContext, SchemaModule } from '../../crud/hooks.js';
import { badRequest, ok } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { runButton } from './button-action.js';
import { checkCondition, checkLiterals, checkValueRef, formOf, requireReadable, requireRoom, requireWritable, rule } from './custom-rules.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

const TABLE = 'onl_cgform_button';

/** The button code a form's custom button is granted by: `online:<table>:<code>`. */
export const buttonPermission = (table: string, code: string) => `online:${table}:${code}`;

/** A button row as saved: its code free and not the engine's, its condition, link or update readable against the form. */
async function checkButton(h: HookContext, schema: PageSchema, b: Row): Promise<void> {
  const code = String(b.buttonCode ?? '');
  if (!BUTTON_CODE_PATTERN.test(code)) throw badRequest('按钮编码以字母开头，只含字母、数字和下划线（最多32位）');
  if (BUILTIN_BUTTON_CODES.includes(code.toLowerCase())) throw badRequest(`按钮编码「${code}」是系统内置按钮，请换一个`);
  if (!['button', 'link'].includes(b.buttonStyle)) throw badRequest('按钮样式只能是 button 或 link');
  if (!['link', 'action'].includes(b.optType)) throw badRequest('动作类型只能是 link 或 action');
  if (!['0', '1'].includes(String(b.buttonStatus ?? '1'))) throw badRequest('状态只能是 1 或 0');
  checkCondition(schema, b.exp, '显示条件');
  if (b.optType === 'link') {
    if (typeof b.optUrl !== 'string' || !b.optUrl.trim()) throw badRequest('请填写链接地址');
    rule(() => checkUrlTemplate(b.optUrl));
    for (const f of templateFields(b.optUrl)) requireReadable(schema, f, '链接地址');
  } else {
    const plan = rule(() => parseSetPlan(b.optSet));
    for (const [field, value] of Object.entries(plan)) {
      requireWritable(schema, field);
      checkValueRef(schema, value, '更新字段');
    }
    await checkLiterals(h.ctx, schema, plan);
  }
}

async function requireFreeCode(db: Kysely<any>, headId: string, code: string, ownId?: string): Promise<void> {
  let q = db.selectFrom(TABLE).select('id').where('cgformHeadId', '=', headId).where('buttonCode', '=', code);
  if (ownId) q = q.where('id', '!=', ownId);
  if (await q.executeTakeFirst()) throw badRequest(`按钮编码「${code}」已存在`);
}

/**
 * The button rows of a form's menu entry (children of `menuId`), for its custom buttons that have
 * none yet: the roles "add to menu" grants then hold them. Answers the new permission ids.
 */
export async function addButtonPermissions(tx: Kysely<any>, headId: string, table: string, menuId: string, user: string): Promise<string[]> {
  const buttons = await tx.selectFrom(TABLE).select(['buttonCode', 'buttonName']).where('cgformHeadId', '=', headId).orderBy('orderNum').execute();
  const existing = new Set((await tx.selectFrom('sysPermission').select('perms').where('parentId', '=', menuId).where('delFlag', '=', 0).execute()).map((r) => r.perms));
  const last = await tx.selectFrom('sysPermission').select((eb) => eb.fn.max('sortNo').as('n')).where('parentId', '=', menuId).executeTakeFirst();
  let sortNo = Number(last?.n ?? 0);
  const ids: string[] = [];
  for (const b of buttons) {
    const perms = buttonPermission(table, b.buttonCode);
    if (existing.has(perms)) continue;
    const id = newId();
    ids.push(id);
    await tx.insertInto('sysPermission').values({
      id, parentId: menuId, name: b.buttonName, url: null, component: null, componentName: null, redirect: null, menuType: 2, perms, permsType: '1',
      sortNo: ++sortNo, alwaysShow: 0, icon: null, isRoute: 0, isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0, description: null,
      status: '1', delFlag: 0, ruleFlag: 0, internalOrExternal: 0, createBy: user, createTime: formatDateTime(),
    }).execute();
  }
  return ids;
}

/** A button added to a form already in a menu gets its permission there at once, held by the administrator role. */
async function grantIfInMenu(h: HookContext, head: Row): Promise<void> {
  const menu = await h.db.selectFrom('sysPermission').select('id').where('component', '=', `online/${head.tableName}`).where('menuType', '!=', 2).where('delFlag', '=', 0).executeTakeFirst();
  if (!menu) return;
  const ids = await addButtonPermissions(h.db, head.id, head.tableName, menu.id, h.user.username);
  const admin = await h.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirst();
  if (admin) for (const permissionId of ids) await h.db.insertInto('sysRolePermission').values({ id: newId(), roleId: admin.id, permissionId }).execute();
}

const hooks: CrudHooks = {
  async beforeAdd(h, values) {
    const { head, schema } = await formOf(h.db, values.cgformHeadId);
    await requireRoom(h.db, TABLE, head.id, '自定义按钮');
    await checkButton(h, schema, { buttonStyle: 'button', optType: 'action', buttonStatus: '1', ...values });
    await requireFreeCode(h.db, head.id, String(values.buttonCode));
  },
  async afterAdd(h, values) {
    await grantIfInMenu(h, (await formOf(h.db, values.cgformHeadId)).head);
  },
  async beforeEdit(h, changes, _body, current) {
    if (changes.cgformHeadId !== undefined && changes.cgformHeadId !== current.cgformHeadId) throw badRequest('不能把按钮移到其他表单');
    const merged = { ...current, ...changes };
    const { head, schema } = await formOf(h.db, current.cgformHeadId);
    await checkButton(h, schema, merged);
    await requireFreeCode(h.db, head.id, String(merged.buttonCode), String(current.id));
  },
  async afterEdit(h, id) {
    const row = await h.db.selectFrom(TABLE).select('cgformHeadId').where('id', '=', id).executeTakeFirstOrThrow();
    await grantIfInMenu(h, (await formOf(h.db, row.cgformHeadId)).head);
  },
};

const idParam = { type: 'string', maxLength: 64 } as const;

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  // The designer's list of one form's buttons (contract: /online/cgform/button/list/{code}).
  app.get<{ Params: { code: string } }>('/online/cgform/button/list/:code', { config: { access: { page: 'onl_cgform_head' } }, schema: { params: { type: 'object', properties: { code: idParam } } } }, async (req) => {
    const { head } = await formOf(db, await headIdOf(db, req.params.code));
    const records = await db.selectFrom(TABLE).selectAll().where('cgformHeadId', '=', head.id).orderBy('orderNum').orderBy('buttonCode').execute();
    return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
  });

  // What the generated page draws: the enabled buttons, without their update plans.
  app.get<{ Params: { table: string } }>('/online/cgform/api/buttons/:table', { config: { access: 'record' }, schema: { params: { type: 'object', properties: { table: idParam } } } }, async (req) => {
    const head = await db.selectFrom('onl_cgform_head').select(['id', 'tableName']).where((eb) => eb.or([eb('id', '=', req.params.table), eb('tableName', '=', req.params.table)])).executeTakeFirst();
    if (!head) return ok([]);
    const rows = await db.selectFrom(TABLE).selectAll().where('cgformHeadId', '=', head.id).where('buttonStatus', '=', '1').orderBy('orderNum').orderBy('buttonCode').execute();
    return ok(rows.map((b): CustomButton => ({
      code: b.buttonCode, name: b.buttonName, icon: b.buttonIcon, style: b.buttonStyle, optType: b.optType, exp: b.exp,
      url: b.optType === 'link' ? b.optUrl : null, confirm: b.confirmText, permission: buttonPermission(head.tableName, b.buttonCode),
    })));
  });

  const run = async (req: FastifyRequest, formId: unknown, buttonCode: unknown, dataId: unknown) => {
    if (typeof formId !== 'string' || !formId) throw badRequest('缺少参数 formId');
    if (typeof buttonCode !== 'string' || !buttonCode) throw badRequest('缺少参数 buttonCode');
    await runButton(app.ctx, req, formId, buttonCode, dataId);
    return ok(null, '执行成功!');
  };
  const body = { type: 'object', properties: { formId: idParam, buttonCode: idParam, dataId: { type: 'string', maxLength: 40_000 } } } as const;
  app.post<{ Body: { formId?: string; buttonCode?: string; dataId?: string } }>('/online/cgform/api/doButton', { config: { access: 'record' }, schema: { body } },
    async (req) => run(req, req.body?.formId, req.body?.buttonCode, req.body?.dataId));
  app.post<{ Params: { table: string; code: string }; Body: { dataId?: string } }>('/online/cgform/api/button/:table/:code', {
    config: { access: 'record' },
    schema: { params: { type: 'object', properties: { table: idParam, code: idParam } }, body },
  }, async (req) => run(req, req.params.table, req.params.code, req.body?.dataId));
}

/**
 * A form's enabled buttons as the contract's `cgButtonList` (getColumns / getFormItem): the stored
 * columns of onl_cgform_button, without the update plan, which only the server reads.
 */
export async function cgButtonList(db: Kysely<any>, headId: string): Promise<Row[]> {
  return db.selectFrom(TABLE)
    .select(['id', 'buttonCode', 'buttonIcon', 'buttonName', 'buttonStatus', 'buttonStyle', 'exp', 'cgformHeadId', 'optType', 'optUrl', 'confirmText', 'orderNum', 'optPosition'])
    .where('cgformHeadId', '=', headId).where('buttonStatus', '=', '1').orderBy('orderNum').orderBy('buttonCode').execute();
}

async function headIdOf(db: Kysely<any>, code: string): Promise<string> {
  const head = await db.selectFrom('onl_cgform_head').select('id').where((eb) => eb.or([eb('id', '=', code), eb('tableName', '=', code)])).executeTakeFirst();
  return head?.id ?? code;
}

export const cgformButtonModule: SchemaModule = { schema: TABLE, hooks, routes };
