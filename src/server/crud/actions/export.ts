import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ParsedQuery } from '../../../schema/query.js';
import { addDictText } from '../dict-text.js';
import { streamWorkbook, writeWorkbook } from '../excel-write.js';
import { exportOrder, exportPaging, idsInOrder, keyColumns, seekSql, type ReadKeys } from '../export-order.js';
import type { Row, RowScope } from '../hooks.js';
import type { PagePlan } from '../plan.js';
import { readScope, requirePermission } from './common.js';
import { filtered, ordered, parseQuery, sorted } from './query.js';

/** An export is one spreadsheet (Excel holds 1,048,576 rows): beyond this the client should narrow the query. */
const EXPORT_MAX_ROWS = 1_000_000;
/**
 * Rows read, translated and written per step of a streamed export. 500 rather than 2,000: the same time for 1,000,000 rows
 * (67 s), the server's RSS +50 MB over the export instead of +115 MB (list-shapes bench).
 */
const EXPORT_BATCH = 500;
/** A main page's export, with its sub rows, is built in memory. */
const EXPORT_WITH_SUBS_MAX_ROWS = 100_000;

/**
 * The export's rows in the list's order, a batch at a time: a page of ids read after the last one
 * read (keyset paging, export-order.ts), then each batch's rows by id with their dictionary texts —
 * never every id, nor the whole export, at once.
 */
async function* exportBatches(plan: PagePlan, q: ParsedQuery, scope: RowScope | null) {
  const { db, schema, columns } = plan;
  const dialect = plan.ctx.dialect;
  const order = exportOrder(q.sort);
  const keys = keyColumns(order, dialect);
  const read: ReadKeys = async (seeks, limit) => {
    let found = filtered(plan, q, scope, true).select(keys);
    if (seeks.length) found = found.where((eb) => eb.and(seeks.map((s) => seekSql(eb, s))));
    return (await ordered(q, found).limit(limit).execute()).map((r) => order.map((_, i) => r[`k${i}`]));
  };
  for await (const ids of idsInOrder(order, dialect === 'sqlite', read, { minRead: exportPaging.minKeys, maxRead: exportPaging.maxKeys, max: EXPORT_MAX_ROWS })) {
    for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
      const batch = ids.slice(i, i + EXPORT_BATCH);
      const byId = new Map(((await db.selectFrom(schema.table).select(columns).where('id', 'in', batch).execute()) as Row[]).map((r) => [String(r.id), r]));
      const rows = batch.map((id) => byId.get(id)).filter((r): r is Row => !!r); // a row deleted meanwhile is left out
      byId.clear(); // the rows are the batch's alone, each let go once written (excel-write.ts)
      await addDictText(db, plan.ctx.dicts, plan.translated, rows);
      yield rows;
    }
  }
}

/** `GET <api>/exportXls`: the rows the list query selects (or the `selections`), as one .xlsx. */
export const exportAction = (plan: PagePlan) => async (req: FastifyRequest, reply: FastifyReply) => {
  const { schema, subs, db } = plan;
  await requirePermission(plan, req, 'export');
  const q = parseQuery(plan, req, { maxPageSize: EXPORT_MAX_ROWS });
  const scope = await readScope(plan, req);
  const exportedBy = req.user!.realname || req.user!.username;
  const name = encodeURIComponent(`${schema.title}.xlsx`);
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${schema.code}.xlsx"; filename*=UTF-8''${name}`);
  if (!subs) return reply.send(await streamWorkbook(schema, exportedBy, exportBatches(plan, q, scope)));
  // A main page's sub sheets name each sub row's main row: that export is built whole, and smaller.
  const rows = (await sorted(plan, q, filtered(plan, q, scope, true)).limit(EXPORT_WITH_SUBS_MAX_ROWS).execute()) as Row[];
  await addDictText(db, plan.ctx.dicts, plan.translated, rows);
  const subSheets = await subs.exportRows(db, plan.ctx.dicts, rows.map((r) => String(r.id)));
  return reply.send(await writeWorkbook(schema, rows, exportedBy, subSheets));
};
