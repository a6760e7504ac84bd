// What the bench servers (list-api/server.mjs, row-rules/server.mjs) share: a second engine app on a
// Kysely that logs every statement (used only before timing, to catch the SQL the engine sends),
// and the database's plan of a statement. Both take `server`, the bench's modules (lib/server-modules.mjs),
// which must include PROBE_MODULES.

/** The server's modules the probe uses, for the bench's serverModules() list. */
export const PROBE_MODULES = ['src/server/app.ts', 'src/server/modules/dict/service.ts', 'src/server/db/camel-case.ts', 'src/server/crud/broad-totals.ts', 'kysely'];

/**
 * The engine built by `buildApp` on a logging connection, with the plugins that change what it sends
 * (camel case, kept broad totals): `logged` holds { sql, params } of each statement since it was last
 * emptied.
 */
export async function loggingEngine({ ctx, server, sqliteFile, databaseUrl }) {
  const { Kysely, PostgresDialect, SqliteDialect, CamelCaseRows, BroadTotals, buildApp, DictService } = server;
  const plugins = [new CamelCaseRows(), new BroadTotals()];
  const logged = [];
  const log = (e) => logged.push({ sql: e.query.sql, params: [...e.query.parameters] });
  let db;
  if (ctx.dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    db = new Kysely({ dialect: new SqliteDialect({ database: new Sqlite(sqliteFile) }), plugins, log });
  } else {
    const pg = (await import('pg')).default;
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }), plugins, log });
  }
  const app = await buildApp({ ...ctx, db, dicts: new DictService(db) });
  return { app, db, logged };
}

/** The plan of one statement: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN lines (parameters inlined). */
export async function explain({ ctx, sqliteFile, server }, q) {
  if (ctx.dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    const db = new Sqlite(sqliteFile, { readonly: true });
    try { return db.prepare(`explain query plan ${q.sql}`).all(q.params).map((r) => r.detail).join('; '); } finally { db.close(); }
  }
  const text = q.sql.replace(/\$(\d+)/g, (_, i) => { const v = q.params[i - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; });
  const r = await server.sql.raw(`explain ${text}`).execute(ctx.db.withoutPlugins());
  return r.rows.map((x) => x['QUERY PLAN']).join(' | ');
}
