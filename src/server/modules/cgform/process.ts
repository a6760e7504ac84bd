import type { Kysely } from 'kysely';
import { stateDictCode, statesOf, type ProcessDesign } from '../../../schema/cgform-process.js';
import { transitionPermission } from '../../../schema/workflow.js';
import type { PageSchema } from '../../../schema/types.js';
import { HISTORY_TABLE } from '../../crud/workflow.js';
import { badRequest } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * What putting a designed process in force does beyond the page schema (issue 38): the states'
 * dictionary, the rows a renamed state moves, the refusal to drop a state rows are in, and the
 * transitions' buttons under the form's menu, granted to the roles the design names.
 */

/** The role codes that exist: a design naming another is refused. */
export async function roleCodeSet(db: Kysely<any>): Promise<Set<string>> {
  return new Set((await db.selectFrom('sysRole').select('roleCode').execute()).map((r) => String(r.roleCode)));
}

export const parseProcess = (json: unknown): ProcessDesign | null => (typeof json === 'string' && json ? JSON.parse(json) as ProcessDesign : null);

/** The renames a process asks for against the workflow in force: old value → new value. */
function renamesOf(inForce: PageSchema, p: ProcessDesign | null): Map<string, string> {
  const old = statesOf(inForce.workflow);
  return new Map((p?.states ?? []).filter((s) => s.was && s.was !== s.value && old.has(s.was)).map((s) => [s.was!, s.value]));
}

async function tableHasRows(db: Kysely<any>, table: string): Promise<boolean> {
  try {
    return !!(await db.selectFrom(table).select('id').limit(1).executeTakeFirst());
  } catch {
    return false; // never synced: no table, no rows
  }
}

/**
 * Refuses a change to a live process that would strand rows: a state they are in that the new
 * design drops (with how many rows), or a new state column. `labels` names the old states.
 */
export async function requireSafeChange(db: Kysely<any>, inForce: PageSchema | null, next: PageSchema, p: ProcessDesign | null, label: (s: string) => string): Promise<void> {
  const wf = inForce?.workflow;
  if (!inForce || !wf || !await tableHasRows(db, inForce.table)) return;
  if (next.workflow && next.workflow.field !== wf.field) throw badRequest(`流程 · 状态字段：表中已有数据，不能把状态字段从「${wf.field}」换成「${next.workflow.field}」`);
  if (!next.workflow) return;
  const renamed = renamesOf(inForce, p);
  const kept = new Set((p?.states ?? []).map((s) => s.value));
  const dropped = [...statesOf(wf)].filter((s) => !kept.has(s) && !renamed.has(s));
  const taken = [...renamed.values()].filter((v) => statesOf(wf).has(v) && !renamed.has(v));
  if (taken.length) throw badRequest(`流程 · 状态「${taken[0]}」：改名后的编码与现有状态重复`);
  for (const s of dropped) {
    const row = await db.selectFrom(inForce.table).select((eb) => eb.fn.countAll().as('n')).where(wf.field, '=', s).executeTakeFirst();
    const n = Number(row?.n ?? 0);
    if (n) throw badRequest(`流程 · 状态「${label(s)}」：还有 ${n} 条数据处于该状态，不能删除（可改名，或先把这些数据流转到其他状态）`);
  }
}

/**
 * In the sync's transaction: renamed states' rows and history move to the new value, rows without a
 * state (a process added to a form with data) start in the initial one, and the states' dictionary
 * is written anew.
 */
export async function applyProcess(tx: Kysely<any>, inForce: PageSchema | null, next: PageSchema, p: ProcessDesign | null, user: string): Promise<void> {
  const wf = next.workflow;
  if (!wf || !p) return;
  for (const [from, to] of inForce ? renamesOf(inForce, p) : []) {
    await tx.updateTable(next.table).set({ [wf.field]: to }).where(wf.field, '=', from).execute();
    await tx.updateTable(HISTORY_TABLE).set({ fromState: to }).where('tableName', '=', next.table).where('fromState', '=', from).execute();
    await tx.updateTable(HISTORY_TABLE).set({ toState: to }).where('tableName', '=', next.table).where('toState', '=', from).execute();
  }
  await tx.updateTable(next.table).set({ [wf.field]: wf.initial }).where(wf.field, 'is', null).execute();
  await writeStateDict(tx, next, p, user);
}

async function writeStateDict(tx: Kysely<any>, schema: PageSchema, p: ProcessDesign, user: string): Promise<void> {
  const code = stateDictCode(schema.table);
  const now = formatDateTime();
  let dict = await tx.selectFrom('sysDict').select('id').where('dictCode', '=', code).executeTakeFirst();
  if (!dict) {
    dict = { id: newId() };
    await tx.insertInto('sysDict').values({ id: dict.id, dictName: `${schema.title}状态`, dictCode: code, description: '在线表单流程的状态', delFlag: 0, type: 0, createBy: user, createTime: now }).execute();
  } else await tx.updateTable('sysDict').set({ dictName: `${schema.title}状态`, delFlag: 0, updateBy: user, updateTime: now }).where('id', '=', dict.id).execute();
  await tx.deleteFrom('sysDictItem').where('dictId', '=', dict.id).execute();
  for (const [i, s] of p.states.entries()) {
    await tx.insertInto('sysDictItem').values({ id: newId(), dictId: dict.id, itemText: s.label, itemValue: s.value, description: s.color ?? null, sortOrder: i + 1, status: 1, createBy: user, createTime: now }).execute();
  }
}

/**
 * The transitions' buttons under the form's menu entry `menuId`: one per transition (granted to the
 * administrator role and the roles the design names, which also get the menu and its ancestors, so
 * the page shows for them); a transition the process no longer has loses its button. Answers
 * nothing: the grants are written here.
 */
export async function grantTransitions(tx: Kysely<any>, schema: PageSchema, before: PageSchema | null, p: ProcessDesign | null, menuId: string, user: string): Promise<void> {
  const wf = schema.workflow;
  const codes = new Set(wf?.transitions.map((t) => transitionPermission(schema, t)) ?? []);
  const gone = (before?.workflow?.transitions ?? []).map((t) => transitionPermission(before!, t)).filter((c) => !codes.has(c));
  if (gone.length) {
    const ids = (await tx.selectFrom('sysPermission').select('id').where('parentId', '=', menuId).where('perms', 'in', gone).execute()).map((r) => r.id);
    if (ids.length) {
      await tx.deleteFrom('sysRolePermission').where('permissionId', 'in', ids).execute();
      await tx.deleteFrom('sysPermission').where('id', 'in', ids).execute();
    }
  }
  if (!wf) return;
  const now = formatDateTime();
  const admin = await tx.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirst();
  const existing = new Map((await tx.selectFrom('sysPermission').select(['id', 'perms']).where('parentId', '=', menuId).where('delFlag', '=', 0).execute()).map((r) => [r.perms, r.id]));
  const last = await tx.selectFrom('sysPermission').select((eb) => eb.fn.max('sortNo').as('n')).where('parentId', '=', menuId).executeTakeFirst();
  let sortNo = Number(last?.n ?? 0);
  const grant = async (roleId: string, permissionIds: string[]) => {
    const held = new Set((await tx.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).where('permissionId', 'in', permissionIds).execute()).map((r) => r.permissionId));
    for (const permissionId of permissionIds.filter((g) => !held.has(g))) await tx.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId }).execute();
  };
  const menuChain: string[] = [];
  for (let at: string | null = menuId; at;) {
    menuChain.push(at);
    const up: { parentId: string | null } | undefined = await tx.selectFrom('sysPermission').select('parentId').where('id', '=', at).executeTakeFirst();
    at = up?.parentId || null;
  }
  for (const t of wf.transitions) {
    const perms = transitionPermission(schema, t);
    let id = existing.get(perms);
    if (!id) {
      id = newId();
      await tx.insertInto('sysPermission').values({
        id, parentId: menuId, name: t.label, url: null, component: null, menuType: 2, perms, permsType: '1', sortNo: ++sortNo, icon: null,
        isRoute: 0, isLeaf: 1, hidden: 0, status: '1', createBy: user, createTime: now, delFlag: 0, ruleFlag: 0, alwaysShow: 0, keepAlive: 0,
        hideTab: 0, internalOrExternal: 0, description: null, redirect: null, componentName: null,
      }).execute();
    } else await tx.updateTable('sysPermission').set({ name: t.label }).where('id', '=', id).execute();
    if (admin) await grant(admin.id, [id]);
    const codesOf = p?.roles?.[t.name] ?? [];
    const roles = codesOf.length ? await tx.selectFrom('sysRole').select('id').where('roleCode', 'in', codesOf).execute() : [];
    for (const r of roles) await grant(r.id, [id, ...menuChain]);
  }
}

/** The form's menu entry, if it has been added to the menu. */
export async function menuOf(db: Kysely<any>, schema: PageSchema): Promise<string | undefined> {
  const row = await db.selectFrom('sysPermission').select('id').where('component', '=', schema.component!).where('delFlag', '=', 0).executeTakeFirst();
  return row?.id;
}
