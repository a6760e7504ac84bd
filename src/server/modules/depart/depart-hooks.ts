import type { Kysely } from 'kysely';
import type { CrudHooks, HookContext, Row } from '../../crud/hooks.js';
import { badRequest } from '../../http/result.js';
import { nextOrgCode, OrgCodeExhausted } from './org-code.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Derived by the server: whether a department is top-level (the engine keeps has-child). */
const DERIVED = ['orgType'];

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

/**
 * Departments (contract Appendix B sys_depart): generated org codes and derived columns; the tree
 * itself (has-child flag, moves, deleting parents) is the engine's (src/server/crud/tree.ts), which
 * runs after these hooks, so the department wording below comes first where both would refuse.
 */
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
      orgType: parent ? '2' : '1', delFlag: '0',
      status: values.status ?? '1', orgCategory: values.orgCategory ?? (parent ? '2' : '1'), departOrder: values.departOrder ?? 0,
    });
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
    changes.orgType = parentId ? '2' : '1';
  },
  async beforeDelete(h, ids) {
    const member = await h.db.selectFrom('sys_user_depart').innerJoin('sys_depart', 'sys_depart.id', 'sys_user_depart.depId')
      .select('sys_depart.departName').where('sys_user_depart.depId', 'in', ids).executeTakeFirst();
    if (member) throw badRequest(`部门「${member.departName}」下有用户，不能删除`);
    // Its 部门权限 and 部门角色 go with it, the roles' grants and holders too (as JeecgBoot deletes a department).
    const roles = h.db.selectFrom('sys_depart_role').select('id').where('departId', 'in', ids);
    await h.db.deleteFrom('sys_depart_role_permission').where('roleId', 'in', roles).execute();
    await h.db.deleteFrom('sys_depart_role_user').where('droleId', 'in', roles).execute();
    await h.db.deleteFrom('sys_depart_role').where('departId', 'in', ids).execute();
    await h.db.deleteFrom('sys_depart_permission').where('departId', 'in', ids).execute();
  },
};
