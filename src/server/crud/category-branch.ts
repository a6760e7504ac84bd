import type { Kysely } from 'kysely';
import {
  branchKey, branchNamed, branchProblem, branchTouched, categoryBranches, categoryIds, type CategoryBranch,
} from '../../schema/category-branch.js';
import type { FieldSchema } from '../../schema/types.js';
import type { DictItems } from './dict-values.js';
import type { Row } from './hooks.js';
import { rootCondition } from './tree.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const TABLE = 'sys_category';

/** A page's category fields that follow another field, found once per field list. */
const declared = new WeakMap<readonly FieldSchema[], CategoryBranch[]>();
const branchesOf = (fields: readonly FieldSchema[]) => {
  let found = declared.get(fields);
  if (!found) declared.set(fields, found = categoryBranches(fields));
  return found;
};

/** Whether any category field of these fields follows another field (then a write is checked). */
export const followsBranches = (fields: readonly FieldSchema[]): boolean => branchesOf(fields).length > 0;

interface Root { name?: string; children: { name: string; code: string }[] }

/**
 * The check of one write (or one import's rows) on the page's category fields declaring
 * `extend.branchBy` (schema/category-branch.ts): each chosen category must lie in the branch the
 * other field's dictionary text names, under the field's `pcode`. Null when the page declares none.
 * `items` are the page's code dictionaries (dict-values.ts), read before the transaction opens.
 * A root's children are read once per checker: make one per request.
 */
export function categoryBranchChecker(fields: readonly FieldSchema[], items: DictItems) {
  const branches = branchesOf(fields);
  if (!branches.length) return null;
  const roots = new Map<string, Promise<Root | null>>();
  const rootOf = (db: AnyDb, code: string): Promise<Root | null> => {
    let known = roots.get(code);
    if (!known) {
      known = (async () => {
        let name: string | undefined;
        let q = db.selectFrom(TABLE).select(['name', 'code']);
        if (code) {
          const row = (await db.selectFrom(TABLE).select(['id', 'name']).where('code', '=', code).executeTakeFirst()) as Row | undefined;
          if (!row) return null;
          name = String(row.name ?? '');
          q = q.where('pid', '=', String(row.id));
        } else q = q.where((eb) => rootCondition(eb, 'pid'));
        const children = (await q.orderBy('code').execute()) as Row[];
        return { name, children: children.map((c) => ({ name: String(c.name ?? ''), code: String(c.code ?? '') })) };
      })();
      roots.set(code, known);
    }
    return known;
  };

  return async (db: AnyDb, values: Row, current?: Row | null): Promise<string | null> => {
    for (const b of branches) {
      if (!branchTouched(b, values, current)) continue;
      const merged = { ...current, ...values };
      const ids = categoryIds(b.field, merged[b.field.name]);
      if (!ids.length) continue;
      const byValue = branchKey(merged[b.by.name]);
      const byText = byValue === undefined ? undefined : items.get(b.by.dict!.code!)?.find((i) => i.value === byValue)?.text ?? byValue;
      // A root no category has: the form offers nothing, and the server has nothing to hold the value to.
      const root = await rootOf(db, b.rootCode);
      if (!root) continue;
      const rows = (await db.selectFrom(TABLE).select(['id', 'code']).where('id', 'in', ids).execute()) as Row[];
      const problem = branchProblem(b, ids, {
        byText,
        branch: branchNamed(root.children, byText),
        rootName: root.name,
        codes: new Map(rows.map((r) => [String(r.id), String(r.code ?? '')])),
      });
      if (problem) return problem;
    }
    return null;
  };
}
