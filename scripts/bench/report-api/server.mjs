// Child process of report-api.mjs: boots the engine on the bench root, loads ROWS orders, saves an
// online report over them through the API, captures the two statements the report runner sends for
// each probe, and serves a bare route that runs exactly those statements on its own connection.
// IPC out: { type: 'ready', ... } | { type: 'error', message }.
import path from 'node:path';
import Fastify from 'fastify';
import { insertPostgres, insertSqlite } from '../list-api/data.mjs';
import { serverModules } from '../lib/server-modules.mjs';

const { bootstrap, buildApp, readConfig, reportService } = await serverModules(['src/server/bootstrap.ts', 'src/server/app.ts', 'src/server/config.ts', 'src/server/modules/cgreport/report-module.ts']);

const { BENCH_ROOT: root, ROWS, ADMIN_PASSWORD: adminPassword, PROBES } = process.env;
try {
  const config = { ...readConfig({ ...process.env, LOGIN_CAPTCHA: 'off', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }), adminPassword };
  const { ctx } = await bootstrap(config, root);
  const sqliteFile = path.join(config.dataDir, 'platform.db');
  const t0 = performance.now();
  if (ctx.dialect === 'sqlite') await insertSqlite(sqliteFile, Number(ROWS));
  else await insertPostgres(config.databaseUrl, Number(ROWS));
  const insertMs = performance.now() - t0;

  const engine = await buildApp(ctx);
  await engine.listen({ port: 0, host: '127.0.0.1' });
  const api = (method, url, payload, token) => engine.inject({ method, url: `${config.apiBase}${url}`, payload, headers: token ? { 'x-access-token': token } : {} }).then((r) => JSON.parse(r.body));
  const login = await api('POST', '/sys/login', { username: 'admin', password: adminPassword });
  const token = login.result.token;
  const item = (fieldName, more = {}) => ({ fieldName, fieldTxt: fieldName, isShow: 1, isOrder: 0, isSearch: 0, ...more });
  const saved = await api('POST', '/online/cgreport/head/add', {
    code: 'bench_orders', name: '订单报表（基准测试）',
    cgrSql: "select order_no, customer_name, status, amount, order_time from bench_order where status = '${status}' and order_time >= '${from}' and order_time <= '${to}'",
    onl_cgreport_itemList: [item('order_no'), item('customer_name'), item('status'), item('amount'), item('order_time', { isOrder: 1 })],
    onl_cgreport_paramList: ['status', 'from', 'to'].map((paramName) => ({ paramName })),
  }, token);
  if (!saved.success) throw new Error(`report refused: ${saved.message}`);
  const reportId = (await api('GET', '/online/cgreport/api/getRpColumns/bench_orders', undefined, token)).result.cgRpConfigId;

  // The statements the engine sends per probe, caught at the runner: the bare route sends these.
  const runner = reportService(ctx).runner;
  const rows = runner.rows.bind(runner);
  let caught = [];
  runner.rows = (sql, params) => { caught.push({ sql, params: [...params] }); return rows(sql, params); };
  const probes = JSON.parse(PROBES);
  const statements = [];
  for (const qs of probes) {
    caught = [];
    const res = await engine.inject({ method: 'GET', url: `${config.apiBase}/online/cgreport/api/getData/${reportId}?${qs}`, headers: { 'x-access-token': token } });
    if (res.statusCode !== 200) throw new Error(`probe ${qs}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    statements.push({ qs, sql: caught, total: JSON.parse(res.body).result.total });
  }
  runner.rows = rows;

  // The baseline: the same two statements, bound the same way, on a plain connection in this thread.
  let run;
  if (ctx.dialect === 'sqlite') {
    const Sqlite = (await import('better-sqlite3')).default;
    const db = new Sqlite(sqliteFile, { readonly: true });
    const cache = new Map();
    run = async (q) => { let st = cache.get(q.sql); if (!st) cache.set(q.sql, (st = db.prepare(q.sql))); return st.all(...q.params); };
  } else {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 3 });
    run = async (q) => (await pool.query({ text: q.sql, values: q.params })).rows;
  }
  const bare = Fastify();
  bare.get('/bare/:n', async (req) => {
    const [count, page] = statements[Number(req.params.n)].sql;
    const total = Number(Object.values((await run(count))[0])[0]);
    return { success: true, message: '', code: 200, result: { total, records: await run(page) }, timestamp: Date.now() };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const shutdown = async () => { await Promise.allSettled([engine.close(), bare.close()]); await ctx.db.destroy(); process.exit(0); };
  process.once('SIGTERM', shutdown);
  process.once('disconnect', shutdown);
  process.send({ type: 'ready', enginePort: engine.server.address().port, barePort: bare.server.address().port, apiBase: config.apiBase, reportId, token, statements, insertMs, dialect: ctx.dialect });
} catch (e) {
  process.send({ type: 'error', message: e.stack ?? String(e) });
}
