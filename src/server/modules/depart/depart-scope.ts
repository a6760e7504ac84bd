import type { Db } from '../../db/tables.js';

/** A department and every department below it (by parent links), or null when it does not exist. */
export async function departWithDescendants(db: Db, departId: string): Promise<string[] | null> {
  const all = await db.selectFrom('sysDepart').select(['id', 'parentId']).execute();
  if (!all.some((d) => d.id === departId)) return null;
  const children = new Map<string, string[]>();
  for (const d of all) if (d.parentId) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const out = [departId];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
  return out;
}
