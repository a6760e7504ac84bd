// The baseline: a bare Fastify route (no plugins, no hooks, no auth, no logger) answering the same
// list request with the same SQL text the engine sends (checked against the engine's captured SQL
// before timing), on its own connection with the engine's settings. What it skips on purpose:
// the token check, the query grammar and field checks (it knows its four parameters), query
// building, and per-request dictionary work (one Map per dictionary, loaded once at start).
import fs from 'node:fs';
import Fastify from 'fastify';
import { countAndPage } from '../lib/list-sql.mjs';

/** The SQL of one list request, in the engine's dialect spelling: count, then the page. */
export function listSql(schema, dialect, query) {
  const params = [];
  const ph = () => (dialect === 'postgres' ? `$${params.length}` : '?');
  const where = [];
  // The four filters the bench sends, in the order they come (the engine keeps that order too).
  for (const [key, value] of Object.entries(query)) {
    if (key === 'status') { params.push(String(value)); where.push(`"status" = ${ph()}`); }
    else if (key === 'customerName') {
      const core = String(value).replace(/^\*+|\*+$/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);
      params.push(`%${core}%`);
      where.push(dialect === 'postgres' ? `"customer_name"::text ilike ${ph()} escape '\\'` : `"customer_name" like ${ph()} escape '\\'`);
    } else if (key === 'orderTime_begin') { params.push(String(value)); where.push(`"order_time" >= ${ph()}`); }
    else if (key === 'orderTime_end') { params.push(String(value)); where.push(`"order_time" <= ${ph()}`); }
  }
  return countAndPage(schema, dialect, where, params, query);
}

/**
 * `authenticate(token)`, when given, runs first on every request (the VARIANTS=1 "bare + token check" row).
 * `keptTotals` (query string → total): filters whose total the engine answers from its kept estimate
 * once warm (crud/broad-totals.ts), without a count statement; this route skips the count for them too.
 */
export async function bareApp({ schema, dialect, sqliteFile, pgUrl, authenticate, keptTotals = new Map() }) {
  let run; let close;
  if (dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    const db = new Sqlite(sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const stmts = new Map();
    const stmt = (sql) => { let s = stmts.get(sql); if (!s) stmts.set(sql, (s = db.prepare(sql))); return s; };
    run = async (q, asArrays) => (asArrays ? stmt(q.sql).raw(true).all(q.params) : stmt(q.sql).raw(false).all(q.params));
    close = async () => db.close();
  } else {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: pgUrl, max: 10 }); // the engine's pool size
    run = async (q, asArrays) => (await pool.query({ text: q.sql, values: q.params, rowMode: asArrays ? 'array' : undefined })).rows;
    close = () => pool.end();
  }

  // Dictionary fields: one Map per field, loaded once.
  const dictFields = schema.fields.filter((f) => f.dict?.code);
  const items = await run({
    sql: `select d.dict_code, i.item_value, i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.del_flag = 0`, params: [],
  }, true);
  const dicts = dictFields.map((f) => [f.name, new Map(items.filter((r) => r[0] === f.dict.code).map((r) => [r[1], r[2]]))]);

  const app = Fastify({ logger: false });
  app.get('/bare/list', async (req, reply) => {
    if (authenticate && !(await authenticate(req.headers['x-access-token'])).ok) return reply.status(401).send({ success: false });
    const { keys, count, page, pageNo, pageSize } = listSql(schema, dialect, req.query);
    const kept = keptTotals.get(new URLSearchParams(req.query).toString());
    const total = kept ?? Number((await run(count, true))[0][0]);
    const rows = await run(page, true);
    const records = rows.map((r) => {
      const o = {};
      for (let i = 0; i < keys.length; i++) o[keys[i]] = r[i];
      for (const [name, map] of dicts) { const v = o[name]; o[`${name}_dictText`] = v === null || v === '' ? null : (map.get(v) ?? v); }
      return o;
    });
    return { success: true, message: '', code: 200, result: { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) }, timestamp: Date.now() };
  });
  app.get('/ping', async () => 'ok');
  app.addHook('onClose', close);
  return app;
}

export const readSchema = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
