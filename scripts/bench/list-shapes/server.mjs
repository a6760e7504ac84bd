// Child process of list-shapes.mjs: boots the engine on the bench root, bulk-loads ROWS rows into
// bench_order with the planned indexes and text index dropped, then syncs them again (created in one
// pass each, FTS rebuilt, ANALYZE) — as a bulk load should — and serves the engine and a bare route
// on two loopback ports. The bare route of a shape runs the very statements the engine sent for it
// (captured on a logging engine before timing) on its own connection, and assembles the same body.
// IPC in: { type: 'probe', probes: [query string], token } | { type: 'rss' } | { type: 'sample-start' } | { type: 'sample-stop', file };
// out: ready / sql / rss / sampling / sampled / error.
import path from 'node:path';
import Fastify from 'fastify';
import { insertPostgres, insertSqlite } from '../list-api/data.mjs';
import { readSchema } from '../list-api/bare.mjs';
import { explain, loggingEngine, PROBE_MODULES } from '../lib/probe.mjs';
import { serverModules } from '../lib/server-modules.mjs';

const server = await serverModules([...PROBE_MODULES, 'src/server/bootstrap.ts', 'src/server/config.ts', 'src/server/crud/sync.ts', 'src/server/db/fts.ts']);
const { bootstrap, buildApp, readConfig, syncIndexes, dropSqliteFts, sql } = server;

const { BENCH_ROOT: root, ROWS, ADMIN_PASSWORD: adminPassword } = process.env;
const rows = Number(ROWS);
const config = { ...readConfig({ ...process.env, LOGIN_CAPTCHA: 'off', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }), adminPassword };
const { ctx } = await bootstrap(config, root);
const sqliteFile = path.join(config.dataDir, 'platform.db');
const schema = readSchema(path.join(root, 'schemas/bench/bench_order.json'));
const raw = ctx.db.withoutPlugins();

// Bulk load: without our indexes and triggers, then everything built once.
const t0 = performance.now();
const ours = ctx.dialect === 'sqlite'
  ? (await sql`select name from sqlite_master where type = 'index' and tbl_name = 'bench_order' and name glob 'ix_*'`.execute(raw)).rows
  : (await sql`select indexname as name from pg_indexes where tablename = 'bench_order' and left(indexname, 3) = 'ix_'`.execute(raw)).rows;
for (const { name } of ours) await sql.raw(`drop index "${name}"`).execute(raw);
if (ctx.dialect === 'sqlite') await dropSqliteFts(raw, 'bench_order');
if (ctx.dialect === 'sqlite') await insertSqlite(sqliteFile, rows);
else await insertPostgres(config.databaseUrl, rows);
const insertMs = performance.now() - t0;
const t1 = performance.now();
await syncIndexes(ctx.db, ctx.dialect, [schema], ctx.schemas.schemas);
if (ctx.dialect === 'postgres') await sql`vacuum analyze bench_order`.execute(raw);
// What loading and indexing left to write goes to disk now, not while the first route is measured.
if (ctx.dialect === 'postgres') await sql`checkpoint`.execute(raw);
else await sql`pragma wal_checkpoint(TRUNCATE)`.execute(raw);
const indexMs = performance.now() - t1;

const engine = await buildApp(ctx);
await engine.listen({ port: 0, host: '127.0.0.1' });

// The bare route: the engine's statements for shape i, on a connection of its own.
const keys = ['id', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode', ...schema.fields.filter((f) => !f.virtual && !f.sensitive).map((f) => f.name)];
let run, closeBare;
if (ctx.dialect === 'sqlite') {
  const Sqlite = (await import('better-sqlite3')).default;
  const db = new Sqlite(sqliteFile);
  for (const p of ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000']) db.pragma(p);
  const stmts = new Map();
  const stmt = (s) => { let x = stmts.get(s); if (!x) stmts.set(s, (x = db.prepare(s))); return x; };
  run = async (q) => stmt(q.sql).raw(true).all(q.params);
  closeBare = async () => db.close();
} else {
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  // Prepared once per connection, as the engine's are (PG_PREPARE) and as SQLite's bare statements are kept.
  const names = new Map();
  const nameOf = (text) => { let n = names.get(text); if (!n) names.set(text, (n = `bare${names.size}`)); return n; };
  run = async (q) => (await pool.query({ name: process.env.PG_PREPARE === 'off' ? undefined : nameOf(q.sql), text: q.sql, values: q.params, rowMode: 'array' })).rows;
  closeBare = () => pool.end();
}
const items = (await sql`select d.dict_code as code, i.item_value as value, i.item_text as text from sys_dict_item i join sys_dict d on d.id = i.dict_id`.execute(raw)).rows;
const dicts = schema.fields.filter((f) => f.dict?.code).map((f) => [f.name, new Map(items.filter((r) => r.code === f.dict.code).map((r) => [r.value, r.text]))]);
const shapes = [];
const bare = Fastify({ logger: false });
bare.get('/bare/:i', async (req) => {
  const { page, count, total: kept, size, pageNo } = shapes[Number(req.params.i)];
  // No count statement: the engine answered a kept estimate, so does this route.
  const [rowsOut, countOut] = await Promise.all([run(page), count ? run(count) : [[kept]]]);
  const records = rowsOut.map((r) => {
    const o = {};
    for (let i = 0; i < keys.length; i++) o[keys[i]] = r[i];
    for (const [name, map] of dicts) { const v = o[name]; o[`${name}_dictText`] = v === null || v === '' ? null : (map.get(v) ?? v); }
    return o;
  });
  const total = Number(countOut[0][0]);
  return { success: true, message: '', code: 200, result: { records, total, size, current: pageNo, pages: Math.ceil(total / size) }, timestamp: Date.now() };
});
bare.get('/ping', async () => 'ok');
await bare.listen({ port: 0, host: '127.0.0.1' });

const { app: probe, db: probeDb, logged } = await loggingEngine({ ctx, server, sqliteFile, databaseUrl: config.databaseUrl });

let sampler;
process.on('message', async (msg) => {
  try {
    if (msg.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ type: 'cpu', us: user + system });
    } else if (msg.type === 'probe') {
      const out = [];
      for (const qs of msg.probes) {
        // The statements of the second request: what the engine sends while the shape is asked again and again (a broad filter's estimate is kept a while).
        let res;
        for (let i = 0; i < 2; i++) {
          logged.length = 0;
          res = await probe.inject({ method: 'GET', url: `${config.apiBase}${schema.api}/list?${qs}`, headers: { 'x-access-token': msg.token } });
          if (res.statusCode !== 200) throw new Error(`probe ${qs}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        const mine = logged.filter((q) => q.sql.includes('"bench_order"'));
        const page = mine.find((q) => /order by/.test(q.sql));
        const count = mine.find((q) => /count\(/.test(q.sql));
        const p = new URLSearchParams(qs);
        shapes.push({ page, count, total: res.json().result.total, size: Number(p.get('pageSize') ?? 10), pageNo: Number(p.get('pageNo') ?? 1) });
        const plans = [];
        for (const q of [page, count].filter(Boolean)) plans.push(await explain({ ctx, sqliteFile, server }, q));
        out.push({ qs, bareIndex: shapes.length - 1, statements: mine, plans, other: logged.filter((q) => !q.sql.includes('"bench_order"')).map((q) => q.sql) });
      }
      process.send({ type: 'sql', out });
    } else if (msg.type === 'sample-start') {
      const { Session } = await import('node:inspector/promises');
      sampler = new Session();
      sampler.connect();
      await sampler.post('HeapProfiler.enable');
      // Objects a young collection freed are left out: what remains is what outlived one (promoted, or live at the end).
      await sampler.post('HeapProfiler.startSampling', { samplingInterval: 65536, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false });
      process.send({ type: 'sampling' });
    } else if (msg.type === 'sample-stop') {
      const { profile } = await sampler.post('HeapProfiler.stopSampling');
      (await import('node:fs')).writeFileSync(msg.file, JSON.stringify(profile));
      sampler.disconnect();
      process.send({ type: 'sampled' });
    } else if (msg.type === 'rss') {
      process.send({ type: 'rss', maxRssMb: process.resourceUsage().maxRSS / 1024, rssMb: process.memoryUsage().rss / 1048576 });
    }
  } catch (e) {
    process.send({ type: 'error', message: e.stack ?? String(e) });
  }
});

const shutdown = async () => {
  await Promise.allSettled([engine.close(), bare.close(), probe.close()]);
  await Promise.allSettled([ctx.db.destroy(), probeDb.destroy(), closeBare()]);
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('disconnect', shutdown);

process.send({ type: 'ready', enginePort: engine.server.address().port, barePort: bare.server.address().port, insertMs, indexMs, dialect: ctx.dialect, apiBase: config.apiBase, api: schema.api, rssMb: process.memoryUsage().rss / 1048576 });
