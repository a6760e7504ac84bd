import type { Kysely } from 'kysely';
import type { Assessee } from '../../../schema/assessment.js';
import type { Row } from '../../crud/hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const split = (v: unknown) => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

interface Depart { id: string; parentId: string | null; orgCode: string }

async function departs(db: Kysely<any>): Promise<Map<string, Depart>> {
  const rows = await db.selectFrom('sys_depart').select(['id', 'parentId', 'orgCode']).where('delFlag', '=', '0').execute() as Row[];
  return new Map(rows.map((d) => [String(d.id), { id: String(d.id), parentId: (d.parentId as string | null) || null, orgCode: String(d.orgCode ?? '') }]));
}

/**
 * Department heads as JeecgBoot keeps them: a user of identity 2 (上级) heads the departments listed
 * in their depart_ids (负责部门). A department without a head of its own answers to its parent's.
 */
async function headsByDepart(db: Kysely<any>, tree: Map<string, Depart>): Promise<(depart: string) => string[]> {
  const rows = await db.selectFrom('sys_user').select(['username', 'departIds']).where('userIdentity', '=', 2)
    .where('status', '=', 1).where('delFlag', '=', 0).where('departIds', 'is not', null).orderBy('username').execute() as Row[];
  const own = new Map<string, string[]>();
  for (const r of rows) for (const d of split(r.departIds)) own.set(d, [...(own.get(d) ?? []), String(r.username)]);
  return (depart) => {
    for (let d = tree.get(depart); d; d = d.parentId ? tree.get(d.parentId) : undefined) {
      const heads = own.get(d.id);
      if (heads?.length) return heads;
    }
    return [];
  };
}

/** The departments a user heads, with everything below them (the results a head may read). */
export async function headedDeparts(db: Kysely<any>, username: string): Promise<string[]> {
  const me = await db.selectFrom('sys_user').select(['userIdentity', 'departIds']).where('username', '=', username).executeTakeFirst() as Row | undefined;
  const mine = Number(me?.userIdentity) === 2 ? split(me?.departIds) : [];
  if (!mine.length) return [];
  const tree = await departs(db);
  const codes = mine.map((id) => tree.get(id)?.orgCode).filter((c): c is string => !!c);
  return [...tree.values()].filter((d) => codes.some((c) => d.orgCode.startsWith(c))).map((d) => d.id);
}

/**
 * The people a plan assesses, resolved when it starts: the active members of its departments (and
 * of the departments below them) and the holders of its roles, each once. A person's department for
 * the plan is the first by org code of theirs inside the plan's departments, else the first of theirs.
 */
export async function resolveAssessees(db: Kysely<any>, plan: Row): Promise<{ assessees: Assessee[]; headsOf: (depart: string) => string[] }> {
  const tree = await departs(db);
  const chosen = split(plan.assesseeDeparts).map((id) => tree.get(id)?.orgCode).filter((c): c is string => !!c);
  const inPlan = (d: string) => { const code = tree.get(d)?.orgCode; return !!code && chosen.some((c) => code.startsWith(c)); };
  const people = new Set<string>();
  if (chosen.length) {
    const ids = [...tree.values()].filter((d) => inPlan(d.id)).map((d) => d.id);
    const rows = await db.selectFrom('sys_user_depart').innerJoin('sys_user', 'sys_user.id', 'sys_user_depart.userId')
      .select('sys_user.username').where('sys_user_depart.depId', 'in', ids)
      .where('sys_user.status', '=', 1).where('sys_user.delFlag', '=', 0).execute() as Row[];
    for (const r of rows) people.add(String(r.username));
  }
  const roles = split(plan.assesseeRoles);
  if (roles.length) {
    const rows = await db.selectFrom('sys_user_role').innerJoin('sys_user', 'sys_user.id', 'sys_user_role.userId')
      .innerJoin('sys_role', 'sys_role.id', 'sys_user_role.roleId').select('sys_user.username')
      .where('sys_role.roleCode', 'in', roles).where('sys_user.status', '=', 1).where('sys_user.delFlag', '=', 0).execute() as Row[];
    for (const r of rows) people.add(String(r.username));
  }
  const memberships = new Map<string, string[]>();
  const names = [...people];
  for (let i = 0; i < names.length; i += 500) {
    const rows = await db.selectFrom('sys_user_depart').innerJoin('sys_user', 'sys_user.id', 'sys_user_depart.userId')
      .select(['sys_user.username', 'sys_user_depart.depId']).where('sys_user.username', 'in', names.slice(i, i + 500)).execute() as Row[];
    for (const r of rows) if (tree.has(String(r.depId))) memberships.set(String(r.username), [...(memberships.get(String(r.username)) ?? []), String(r.depId)]);
  }
  const byCode = (a: string, b: string) => tree.get(a)!.orgCode.localeCompare(tree.get(b)!.orgCode);
  const assessees = names.sort().map((username) => {
    const mine = (memberships.get(username) ?? []).sort(byCode);
    return { username, depart: mine.find(inPlan) ?? mine[0] ?? null };
  });
  return { assessees, headsOf: await headsByDepart(db, tree) };
}
