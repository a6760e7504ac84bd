import type { Kysely } from 'kysely';
import { columnFields } from '../../schema/ddl.js';
import { SYSTEM_FIELDS, type FieldSchema, type PageSchema, type SubTableSchema } from '../../schema/types.js';
import { compileLinkageEnforcer } from '../../schema/linkage-enforce.js';
import { compileValidators } from '../../schema/validator.js';
import { badRequest } from '../http/result.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { newId } from '../util/ids.js';
import { formatDateTime } from '../util/time.js';
import { categoryBranchChecker, followsBranches } from './category-branch.js';
import { addDictText } from './dict-text.js';
import { dictItemsOf } from './dict-values.js';
import type { CrudHooks, HookContext, Row } from './hooks.js';
import type { DictService } from '../modules/dict/service.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** One request's sub rows are stored in one transaction with the main row: keep that bounded. */
export const MAX_SUB_ROWS = 1000;

/** The body key that carries a sub table's rows (JeecgBoot's `<entity>List`). */
export const subListKey = (code: string) => `${code}List`;

export interface SubTable {
  decl: SubTableSchema;
  schema: PageSchema;
  key: string;
  validate: ReturnType<typeof compileValidators>;
  /** The sub schema's linkage rules, read over each row as sent. */
  linkage: ReturnType<typeof compileLinkageEnforcer>;
  /** Columns a client may write: declared, not virtual; system columns and the foreign key are the server's. */
  writable: Set<string>;
  readable: string[];
  /** The readable fields, whose dictionary texts a read adds. */
  shown: FieldSchema[];
}

const SERVER_COLUMNS = new Set(SYSTEM_FIELDS.map((f) => f.name));

/**
 * Main/sub pages (`kind: "main"`): add and edit take `<subCode>List` arrays validated with the sub
 * schema and stored in the main row's transaction (edit replaces the set: rows with ids are updated,
 * missing ones deleted, new ones inserted; a list left out is left alone); deleting main rows
 * deletes their sub rows; `GET {api}/subList/{subCode}?mainId=` reads them (actions/sub.ts).
 */
export function subTableSupport(schema: PageSchema, registry: SchemaRegistry) {
  const subs: SubTable[] = (schema.subTables ?? []).map((decl) => {
    const sub = registry.get(decl.code);
    if (!sub) throw new Error(`${schema.code}: sub table schema "${decl.code}" is not loaded`);
    const cols = columnFields(sub);
    return {
      decl, schema: sub, key: subListKey(decl.code), validate: compileValidators(sub, { attachedBy: [decl.foreignKey] }), linkage: compileLinkageEnforcer(sub),
      writable: new Set(cols.filter((f) => !SERVER_COLUMNS.has(f.name) && f.name !== decl.foreignKey).map((f) => f.name)),
      readable: cols.filter((f) => !f.sensitive).map((f) => f.name),
      shown: cols.filter((f) => !f.sensitive),
    };
  });
  const keys = new Set(subs.map((s) => s.key));

  /** The main row's own body: the sub lists taken out before the main validator sees it. */
  const strip = (body: unknown): unknown => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    return Object.fromEntries(Object.entries(body as Row).filter(([k]) => !keys.has(k)));
  };

  /** The rows sent for one sub table, checked one by one; undefined when the list was left out. */
  const rowsOf = (st: SubTable, body: Row, mainId: string, existing?: Set<string>): Row[] | undefined => {
    const list = body[st.key];
    if (list === undefined) return undefined;
    if (list === null) return [];
    if (!Array.isArray(list)) throw badRequest(`${st.schema.title}需要一个数组`);
    if (list.length > MAX_SUB_ROWS) throw badRequest(`${st.schema.title}最多${MAX_SUB_ROWS}行`);
    const seen = new Set<string>();
    return list.map((raw, i) => {
      const at = `${st.schema.title}第${i + 1}行: `;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`${at}需要一个JSON对象`);
      const row = { ...(raw as Row), [st.decl.foreignKey]: mainId };
      const id = existing && typeof row.id === 'string' && row.id ? row.id : undefined;
      if (!id) delete row.id;
      const { problem, body: known } = id ? st.validate.edit(row) : st.validate.add(row);
      if (problem !== null) throw badRequest(at + problem);
      const ruled = st.linkage?.(known);
      if (ruled?.problem) throw badRequest(at + ruled.problem);
      if (id) {
        if (!existing!.has(id)) throw badRequest(`${at}数据不存在或不属于当前记录`);
        if (seen.has(id)) throw badRequest(`${at}重复的id`);
        seen.add(id);
      }
      const values: Row = Object.fromEntries(Object.entries(ruled?.body ?? known).filter(([k]) => st.writable.has(k)));
      if (id) values.id = id;
      return values;
    });
  };

  /** The sub rows' categories that follow another field of their row (category-branch.ts), each row whole as sent. */
  const checkBranches = async (h: HookContext, st: SubTable, rows: Row[]) => {
    if (!followsBranches(st.schema.fields)) return;
    const check = categoryBranchChecker(st.schema.fields, await dictItemsOf(h.ctx.dicts, columnFields(st.schema)))!;
    for (const [i, r] of rows.entries()) {
      const problem = await check(h.db, r);
      if (problem) throw badRequest(`${st.schema.title}第${i + 1}行: ${problem}`);
    }
  };

  const insertRows = async (h: HookContext, st: SubTable, mainId: string, rows: Row[]) => {
    const stamp = { createBy: h.user.username, createTime: formatDateTime(), updateBy: null, updateTime: null, sysOrgCode: h.user.orgCode };
    for (const r of rows) await h.db.insertInto(st.schema.table).values({ ...r, id: newId(), [st.decl.foreignKey]: mainId, ...stamp }).execute();
  };

  const hooks: CrudHooks = {
    async afterAdd(h, values, body) {
      const mainId = String(values.id);
      for (const st of subs) {
        const rows = rowsOf(st, body, mainId);
        if (rows) await checkBranches(h, st, rows);
        if (rows) await insertRows(h, st, mainId, rows);
      }
    },

    async afterEdit(h, id, _changes, body) {
      for (const st of subs) {
        if (body[st.key] === undefined) continue;
        const stored = (await h.db.selectFrom(st.schema.table).select('id').where(st.decl.foreignKey, '=', id).execute()) as Row[];
        const existing = new Set(stored.map((r) => String(r.id)));
        const rows = rowsOf(st, body, id, existing)!;
        await checkBranches(h, st, rows);
        const kept = new Set(rows.filter((r) => r.id).map((r) => String(r.id)));
        const gone = [...existing].filter((x) => !kept.has(x));
        if (gone.length) await h.db.deleteFrom(st.schema.table).where('id', 'in', gone).execute();
        const stamp = { updateBy: h.user.username, updateTime: formatDateTime() };
        for (const { id: rowId, ...r } of rows.filter((x) => x.id)) {
          await h.db.updateTable(st.schema.table).set({ ...r, [st.decl.foreignKey]: id, ...stamp }).where('id', '=', String(rowId)).execute();
        }
        await insertRows(h, st, id, rows.filter((r) => !r.id));
      }
    },

    async beforeDelete(h, ids) {
      for (const st of subs) await h.db.deleteFrom(st.schema.table).where(st.decl.foreignKey, 'in', ids).execute();
    },
  };

  /** The sub table `code` of this main page, or undefined. */
  const table = (code: string): SubTable | undefined => subs.find((s) => s.decl.code === code);

  /** The sub rows of the given main rows, per sub table, with dictionary texts (an export's extra sheets). */
  const exportRows = async (db: Kysely<any>, dicts: DictService, mainIds: string[]) => Promise.all(subs.map(async (st) => {
    const rows: Row[] = [];
    for (let i = 0; i < mainIds.length; i += 500) {
      rows.push(...(await db.selectFrom(st.schema.table).select(st.readable).where(st.decl.foreignKey, 'in', mainIds.slice(i, i + 500))
        .orderBy(st.decl.foreignKey).orderBy('id').execute()) as Row[]);
    }
    await addDictText(db, dicts, st.shown, rows);
    return { schema: st.schema, foreignKey: st.decl.foreignKey, rows };
  }));

  return { strip, hooks, table, exportRows };
}
