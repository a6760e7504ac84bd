import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CrudHooks, HookContext, Row } from '../../crud/hooks.js';
import { badRequest } from '../../http/result.js';
import { nextOrgCode, OrgCodeExhausted } from './org-code.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Derived by the server: whether a department is top-level, and whether it has children. */
const DERIVED = ['orgType', 'hasChild'];

/** Parents whose has-child flag must be recomputed once the write is done, per request. */
const touchedParents = new WeakMap<FastifyRequest, Set<string>>();
const touch = (req: FastifyRequest, ...ids: unknown[]) => {
  const set = touchedParents.get(req) ?? new Set<string>();
  for (const id of ids) if (id) set.add(String(id));
  touchedParents.set(req, set);
};

/** Sets has_child ('1'/'0') of the given departments from their actual children. */
export async function refreshHasChild(db: Kysely<any>, ids: Iterable<string>): Promise<void> {
  for (const id of ids) {
    const child = await db.selectFrom('sys_depart').select('id').where('parentId', '=', id).limit(1).executeTakeFirst();
    await db.updateTable('sys_depart').set({ hasChild: child ? '1' : '0' }).where('id', '=', id).execute();
  }
}

const parentIdOf = (v: unknown) => (typeof v === 'string' && v ? v : null);

async function requireParent(db: Kysely<any>, parentId: string | null): Promise<Row | null> {
  if (!parentId) return null;
  const parent = await db.selectFrom('sys_depart').select(['id', 'orgCode']).where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw badRequest('上级部门不存在');
  return parent as Row;
}

async function generatedCode(db: Kysely<any>, parent: Row | null): Promise<string> {
  const codes = (await db.selectFrom('sys_depart').select('orgCode').execute()) as { orgCode: string }[];
  try {
    return nextOrgCode(parent ? String(parent.orgCode) : '', codes.map((c) => c.orgCode));
  } catch (e) {
    if (e instanceof OrgCodeExhausted) throw badRequest(e.message);
    throw e;
  }
}

/** True when `candidate` is `id` or lies below it: a department cannot move under itself. */
async function isSelfOrBelow(db: Kysely<any>, id: string, candidate: string): Promise<boolean> {
  const rows = (await db.selectFrom('sys_depart').select(['id', 'parentId']).execute()) as { id: string; parentId: string | null }[];
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  for (let at: string | null | undefined = candidate, steps = 0; at && steps <= rows.length; at = parentOf.get(at), steps++) {
    if (at === id) return true;
  }
  return false;
}

/** Departments (contract Appendix B sys_depart): generated org codes, a kept has-child flag, safe deletes. */
export const departHooks: CrudHooks = {
  async beforeAdd(h: HookContext, values) {
    for (const key of DERIVED) delete values[key];
    values.parentId = parentIdOf(values.parentId);
    const parent = await requireParent(h.db, values.parentId as string | null);
    if (typeof values.orgCode === 'string' && values.orgCode.trim()) {
      values.orgCode = values.orgCode.trim();
      if (await h.db.selectFrom('sys_depart').select('id').where('orgCode', '=', values.orgCode).executeTakeFirst()) throw badRequest('机构编码已存在');
    } else {
      values.orgCode = await generatedCode(h.db, parent);
    }
    Object.assign(values, {
      orgType: parent ? '2' : '1', hasChild: '0', delFlag: '0',
      status: values.status ?? '1', orgCategory: values.orgCategory ?? (parent ? '2' : '1'), departOrder: values.departOrder ?? 0,
    });
  },
  async afterAdd(h, values) {
    if (values.parentId) await refreshHasChild(h.db, [String(values.parentId)]);
  },
  async beforeEdit(h, changes, _body, current) {
    for (const key of DERIVED) delete changes[key];
    if (changes.orgCode === null || changes.orgCode === '' || changes.orgCode === current.orgCode) delete changes.orgCode;
    if (changes.orgCode !== undefined) throw badRequest('机构编码不允许修改');
    if (changes.parentId === undefined) return;
    const parentId = parentIdOf(changes.parentId);
    changes.parentId = parentId;
    if (parentId === (current.parentId ?? null)) return;
    await requireParent(h.db, parentId);
    if (parentId && await isSelfOrBelow(h.db, String(current.id), parentId)) throw badRequest('上级部门不能是当前部门或其下级部门');
    changes.orgType = parentId ? '2' : '1';
    touch(h.req, current.parentId, parentId);
  },
  async afterEdit(h) {
    await refreshHasChild(h.db, touchedParents.get(h.req) ?? []);
  },
  async beforeDelete(h, ids) {
    const rows = (await h.db.selectFrom('sys_depart').select(['id', 'departName', 'parentId']).where('id', 'in', ids).execute()) as Row[];
    const nameOf = (id: unknown) => rows.find((r) => r.id === id)?.departName;
    const child = await h.db.selectFrom('sys_depart').select('parentId').where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child) throw badRequest(`部门「${nameOf(child.parentId)}」下有子部门，不能删除`);
    const member = await h.db.selectFrom('sys_user_depart').select('depId').where('depId', 'in', ids).executeTakeFirst();
    if (member) throw badRequest(`部门「${nameOf(member.depId)}」下有用户，不能删除`);
    touch(h.req, ...rows.map((r) => r.parentId).filter((p) => !ids.includes(String(p))));
  },
  async afterDelete(h) {
    await refreshHasChild(h.db, touchedParents.get(h.req) ?? []);
  },
};
