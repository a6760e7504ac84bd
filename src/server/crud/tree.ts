import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PageSchema, TreeSettings } from '../../schema/types.js';
import { badRequest } from '../http/result.js';
import type { CrudHooks, Row } from './hooks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/** JeecgBoot trees mark roots with a null, empty or '0' parent (category roots are '0'). */
export const isRootPid = (pid: unknown): boolean => pid === null || pid === undefined || pid === '' || pid === '0' || pid === 0;

/** The rows whose parent column marks them as roots. */
export const rootCondition = (eb: ExpressionBuilder<any, any>, pidField: string) =>
  eb.or([eb(pidField, 'is', null), eb(pidField, 'in', ['', '0'])]);

export const NODE_HAS_CHILDREN = '该节点下存在子节点，不能删除';
export const PARENT_MISSING = '父节点不存在';
export const MOVE_INTO_ITSELF = '不能将节点移动到其自身或其子节点下';

/** Deeper than this, a parent chain is treated as broken data rather than walked forever. */
const MAX_DEPTH = 1000;

/**
 * Rows written without the engine (seed data, older databases, other tools) have no has-child
 * flag: at start-up each gets it from its actual children. Rows the engine wrote are left alone.
 */
export async function repairHasChild(db: AnyDb, schema: PageSchema): Promise<void> {
  const { pidField, hasChildField } = schema.tree!;
  const t = schema.table;
  await db.updateTable(t)
    .set((eb) => ({
      [hasChildField]: eb.case()
        .when(eb.exists(eb.selectFrom(`${t} as c`).select('c.id').whereRef(`c.${pidField}`, '=', `${t}.id`)))
        .then('1').else('0').end(),
    }))
    .where(hasChildField, 'is', null)
    .execute();
}

/** The has-child flag as the list shows it: '1' or '0', never null. */
export function normalizeHasChild(tree: TreeSettings, rows: Row[]): void {
  for (const row of rows) row[tree.hasChildField] = row[tree.hasChildField] === '1' || row[tree.hasChildField] === 1 ? '1' : '0';
}

/** Reads a `pid` query parameter: one key value, not a list or an expression. */
export function childListPid(query: unknown): string {
  const raw = (query as Record<string, unknown> | undefined)?.pid;
  const pid = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof pid !== 'string' || !pid.trim()) throw badRequest('缺少参数 pid');
  if (pid.length > 64) throw badRequest('参数 pid 过长');
  return pid.trim();
}

/**
 * The engine's tree behaviour as CRUD hooks, so add, edit, delete and import all keep it: the
 * has-child flag belongs to the server and follows every add, move and delete; a node cannot move
 * under itself or its descendants; a node with children cannot be deleted (the client deletes
 * the leaves first, or selects the whole subtree in one batch).
 */
export function treeHooks(schema: PageSchema): CrudHooks {
  const { pidField, hasChildField } = schema.tree!;
  const table = schema.table;

  const setHasChild = (db: AnyDb, id: string, has: boolean) =>
    db.updateTable(table).set({ [hasChildField]: has ? '1' : '0' }).where('id', '=', id).execute();

  const parentOf = async (db: AnyDb, id: string) =>
    (await db.selectFrom(table).select(['id', pidField]).where('id', '=', id).executeTakeFirst()) as Row | undefined;

  /** Sets a parent's flag from what is left under it, the rows in `leaving` not counted. */
  const refreshParent = async (db: AnyDb, parentId: string, leaving: string[]) => {
    const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))
      .where(pidField, '=', parentId).where('id', 'not in', leaving).executeTakeFirstOrThrow();
    await setHasChild(db, parentId, Number(n) > 0);
  };

  /** Refuses a new parent that does not exist or lies in the moved node's own subtree. */
  const checkNewParent = async (db: AnyDb, nodeId: string, newParent: string) => {
    let cursor: unknown = newParent;
    for (let depth = 0; !isRootPid(cursor); depth++) {
      if (String(cursor) === nodeId) throw badRequest(MOVE_INTO_ITSELF);
      const row = await parentOf(db, String(cursor));
      if (!row) {
        if (depth === 0) throw badRequest(PARENT_MISSING);
        return;
      }
      if (depth > MAX_DEPTH) return;
      cursor = row[pidField];
    }
  };

  return {
    async beforeAdd(h, values) {
      values[hasChildField] = '0';
      const pid = values[pidField];
      if (isRootPid(pid)) return;
      if (!(await parentOf(h.db, String(pid)))) throw badRequest(PARENT_MISSING);
      await setHasChild(h.db, String(pid), true);
    },

    async beforeEdit(h, changes, _body, current) {
      delete changes[hasChildField];
      if (!(pidField in changes)) return;
      const id = String(current.id);
      const from = current[pidField], to = changes[pidField];
      if (isRootPid(from) && isRootPid(to)) return;
      if (!isRootPid(from) && !isRootPid(to) && String(from) === String(to)) return;
      if (!isRootPid(to)) {
        await checkNewParent(h.db, id, String(to));
        await setHasChild(h.db, String(to), true);
      }
      if (!isRootPid(from)) await refreshParent(h.db, String(from), [id]);
    },

    async beforeDelete(h, ids) {
      const blocking = (await h.db.selectFrom(table).select(pidField).distinct()
        .where(pidField, 'in', ids).where('id', 'not in', ids).execute()) as Row[];
      if (blocking.length) {
        if (ids.length === 1) throw badRequest(NODE_HAS_CHILDREN);
        const names = (await h.db.selectFrom(table).select(schema.tree!.textField)
          .where('id', 'in', blocking.map((r) => String(r[pidField]))).execute()) as Row[];
        throw badRequest(`${NODE_HAS_CHILDREN}: ${names.map((r) => String(r[schema.tree!.textField] ?? '')).join('、')}`);
      }
      const parents = (await h.db.selectFrom(table).select(pidField).distinct().where('id', 'in', ids).execute()) as Row[];
      for (const p of parents) {
        const parentId = p[pidField];
        if (!isRootPid(parentId) && !ids.includes(String(parentId))) await refreshParent(h.db, String(parentId), ids);
      }
    },
  };
}
