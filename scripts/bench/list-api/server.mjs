// Child process of list-api.mjs: boots the engine on the bench root (migrate, seed, create
// bench_order), loads the rows, then serves the engine and the bare route on two loopback ports.
// Before it reports ready it captures, through a second logging Kysely, the SQL the engine sends
// for each probe URL, so the parent can check the bare route sends the same text.
// IPC in: { probes: [query string] } after start; out: ready / sql / error messages.
import path from 'node:path';
import { insertPostgres, insertSqlite } from './data.mjs';
import { bareApp, listSql, readSchema } from './bare.mjs';
import { explain, loggingEngine, PROBE_MODULES } from '../lib/probe.mjs';
import { serverModules } from '../lib/server-modules.mjs';

const server = await serverModules([...PROBE_MODULES, 'src/server/bootstrap.ts', 'src/server/config.ts', 'src/server/auth/session.ts']);
const { bootstrap, buildApp, readConfig, DictService, checkToken, CamelCasePlugin, Kysely, SqliteDialect } = server;

const { BENCH_ROOT: root, ROWS, ADMIN_PASSWORD: adminPassword } = process.env;
const rows = Number(ROWS);
const config = { ...readConfig({ ...process.env, LOGIN_CAPTCHA: 'off', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }), adminPassword };
const { ctx } = await bootstrap(config, root);
const sqliteFile = path.join(config.dataDir, 'platform.db');
const schema = readSchema(path.join(root, 'schemas/bench/bench_order.json'));

const t0 = performance.now();
if (ctx.dialect === 'sqlite') await insertSqlite(sqliteFile, rows);
else await insertPostgres(config.databaseUrl, rows);
const insertMs = performance.now() - t0;

const engine = await buildApp(ctx);
await engine.listen({ port: 0, host: '127.0.0.1' });
const keptTotals = new Map();
const bare = await bareApp({ schema, dialect: ctx.dialect, sqliteFile, pgUrl: config.databaseUrl, keptTotals });
await bare.listen({ port: 0, host: '127.0.0.1' });

// VARIANTS=1, for finding where the engine's time goes: the bare route plus the engine's own token
// check (checkToken on the engine's Kysely), and on SQLite the unchanged engine on a connection
// whose prepare() keeps statements by SQL text (Kysely's SQLite driver prepares every query anew).
const variants = {};
if (process.env.VARIANTS) {
  const bareAuth = await bareApp({ schema, dialect: ctx.dialect, sqliteFile, pgUrl: config.databaseUrl, authenticate: (t) => checkToken(ctx.db, t), keptTotals });
  await bareAuth.listen({ port: 0, host: '127.0.0.1' });
  variants.bareAuth = bareAuth;
  if (ctx.dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    const conn = new Sqlite(sqliteFile);
    for (const p of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000']) conn.pragma(p);
    const cache = new Map();
    const database = new Proxy(conn, {
      get(target, prop) {
        if (prop === 'prepare') return (sql) => { let st = cache.get(sql); if (!st) cache.set(sql, (st = target.prepare(sql))); return st; };
        const v = Reflect.get(target, prop);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const cachedDb = new Kysely({ dialect: new SqliteDialect({ database }), plugins: [new CamelCasePlugin()] });
    const engineCached = await buildApp({ ...ctx, db: cachedDb, dicts: new DictService(cachedDb) });
    await engineCached.listen({ port: 0, host: '127.0.0.1' });
    variants.engineCached = engineCached;
  }
}

// The probe: the same app code on a Kysely that logs, used only before timing.
const { app: probe, db: probeDb, logged } = await loggingEngine({ ctx, server, sqliteFile, databaseUrl: config.databaseUrl });

process.on('message', async (msg) => {
  try {
    if (msg.type === 'probe') {
      const out = [];
      for (const qs of msg.probes) {
        // The second request's statements: what every request of the shape sends once warm (a broad filter's estimate is kept a while).
        let res;
        for (let i = 0; i < 2; i++) {
          logged.length = 0;
          res = await probe.inject({ method: 'GET', url: `${config.apiBase}${schema.api}/list?${qs}`, headers: { 'x-access-token': msg.token } });
          if (res.statusCode !== 200) throw new Error(`probe ${qs}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        const engineSql = logged.filter((q) => q.sql.includes(`"${schema.table}"`));
        const query = Object.fromEntries(new URLSearchParams(qs));
        const b = listSql(schema, ctx.dialect, query);
        const counted = engineSql.some((q) => /count\(/.test(q.sql));
        if (!counted) keptTotals.set(new URLSearchParams(query).toString(), res.json().result.total);
        out.push({ qs, engineSql, bareSql: counted ? [b.count, b.page] : [b.page], allSql: logged.map((q) => q.sql) });
      }
      process.send({ type: 'sql', out });
    } else if (msg.type === 'explain') {
      const out = [];
      for (const q of msg.queries) out.push(await explain({ ctx, sqliteFile, server }, q));
      process.send({ type: 'explain', out });
    }
  } catch (e) {
    process.send({ type: 'error', message: e.stack ?? String(e) });
  }
});

const shutdown = async () => {
  await Promise.allSettled([engine.close(), bare.close(), probe.close(), ...Object.values(variants).map((v) => v.close())]);
  await Promise.allSettled([ctx.db.destroy(), probeDb.destroy()]);
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('disconnect', shutdown);

const variantPorts = Object.fromEntries(Object.entries(variants).map(([k, v]) => [k, v.server.address().port]));
process.send({ type: 'ready', enginePort: engine.server.address().port, barePort: bare.server.address().port, variantPorts, insertMs, dialect: ctx.dialect, apiBase: config.apiBase, api: schema.api });
