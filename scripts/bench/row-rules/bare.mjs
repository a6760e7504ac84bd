// The baseline of the row-rules bench: bare Fastify routes (no plugins, hooks, auth or logger), one
// per shape, each answering its user's list page with the row rule written by hand as SQL — the
// same text the engine sends (checked before timing) — on its own connection with the engine's
// settings. What they skip on purpose: the token check, reading the user's roles and grants, the
// query grammar, query building, and per-request dictionary work (one Map per dictionary, loaded once).
import fs from 'node:fs';
import Fastify from 'fastify';
import { countAndPage, snake } from '../lib/list-sql.mjs';

export const readSchema = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * The SQL of one list request: `conds` are [text with ? placeholders, params] joined by `and` in
 * the order given (the page's query conditions, then the row rule), in the dialect's spelling.
 */
export function listSql(schema, dialect, conds, query) {
  const params = [];
  const ph = () => (dialect === 'postgres' ? `$${params.length}` : '?');
  const where = conds.map(([text, values]) => { let i = 0; return text.replace(/\?/g, () => { params.push(values[i++]); return ph(); }); });
  return countAndPage(schema, dialect, where, params, query);
}

/** One connection to the bench database with the engine's settings: `run(query, asArrays)`. */
export async function connection({ dialect, sqliteFile, pgUrl }) {
  if (dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    const db = new Sqlite(sqliteFile);
    for (const p of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000']) db.pragma(p);
    const stmts = new Map();
    const stmt = (sql) => { let s = stmts.get(sql); if (!s) stmts.set(sql, (s = db.prepare(sql))); return s; };
    return { run: async (q, asArrays) => stmt(q.sql).raw(!!asArrays).all(q.params), close: async () => db.close() };
  }
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: pgUrl, max: 10 }); // the engine's pool size
  return { run: async (q, asArrays) => (await pool.query({ text: q.sql, values: q.params, rowMode: asArrays ? 'array' : undefined })).rows, close: () => pool.end() };
}

/**
 * The `<field>_dictText` of a schema's fields, from Maps loaded once: code dictionaries, table
 * dictionaries (a whole table's value → text), user pickers (username → realname), category trees.
 * An area field (`pca`) must be empty in the bench data (its text would need the area table).
 */
export async function dictTexts(schema, run) {
  const items = await run({ sql: 'select d.dict_code, i.item_value, i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.del_flag = 0', params: [] }, true);
  const out = [];
  for (const f of schema.fields.filter((x) => !x.virtual && !x.sensitive)) {
    let table = f.dict?.table ? f.dict : null;
    if (f.view === 'sel_user') table = { table: 'sys_user', text: 'realname', value: f.extend?.store ?? 'username' };
    else if (f.view === 'cat_tree') table = { table: 'sys_category', text: 'name', value: 'id' };
    if (f.view === 'pca') out.push([f.name, null]);
    else if (f.dict?.code) out.push([f.name, new Map(items.filter((r) => r[0] === f.dict.code).map((r) => [r[1], r[2]]))]);
    else if (table) out.push([f.name, new Map((await run({ sql: `select "${snake(table.value)}", "${snake(table.text)}" from "${table.table}"`, params: [] }, true)).map((r) => [String(r[0]), String(r[1] ?? '')]))]);
  }
  return (o) => {
    for (const [name, map] of out) {
      const v = o[name];
      if (v === null || v === undefined || v === '') { o[`${name}_dictText`] = null; continue; }
      if (!map) throw new Error(`${schema.code}.${name}: an area value in the bench data`);
      o[`${name}_dictText`] = String(v).split(',').map((p) => map.get(p) ?? p).join(',');
    }
    return o;
  };
}

/**
 * The bare app: `routes` are { path, schema, conds(query) } — `conds` the page's conditions and the
 * row rule for the route's fixed user, as `listSql` takes them. `keptTotals` (path?query → total): the
 * lists whose total the engine answers from its kept estimate once warm (crud/broad-totals.ts), without
 * a count statement; this app skips the count for them too.
 */
export async function bareApp({ dialect, sqliteFile, pgUrl, routes, keptTotals = new Map() }) {
  const { run, close } = await connection({ dialect, sqliteFile, pgUrl });
  const app = Fastify({ logger: false });
  for (const r of routes) {
    const texts = await dictTexts(r.schema, run);
    app.get(r.path, async (req) => {
      const { keys, count, page, pageNo, pageSize } = listSql(r.schema, dialect, r.conds(req.query), req.query);
      const kept = keptTotals.get(`${r.path}?${new URLSearchParams(req.query)}`);
      const total = kept ?? Number((await run(count, true))[0][0]);
      const rows = await run(page, true);
      const records = rows.map((row) => {
        const o = {};
        for (let i = 0; i < keys.length; i++) o[keys[i]] = row[i];
        return texts(o);
      });
      return { success: true, message: '', code: 200, result: { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) }, timestamp: Date.now() };
    });
  }
  app.get('/ping', async () => 'ok');
  app.addHook('onClose', close);
  return app;
}
