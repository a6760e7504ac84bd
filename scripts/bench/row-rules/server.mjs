// Child process of row-rules.mjs: boots the engine on the bench root (migrate, seed), loads the
// bench contest (data.mjs), adds the accounts the bench logs in as through the user page, then
// serves the engine and the bare routes (bare.mjs) on two loopback ports.
// IPC in: probe { probes: [{ key, url, token }] } (the SQL the engine sends for each, through a
// logging engine), explain { queries }, rank { rounds } (scoring.ts's aggregation and ranking
// timed as a plain call); out: ready / sql / explain / rank / error.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { bareApp, connection, listSql, readSchema } from './bare.mjs';
import { load, RACE_ID } from './data.mjs';
import { SHAPES, USERS } from './shapes.mjs';
import { explain, loggingEngine, PROBE_MODULES } from '../lib/probe.mjs';
import { serverModules } from '../lib/server-modules.mjs';

const server = await serverModules([...PROBE_MODULES, 'src/server/bootstrap.ts', 'src/server/config.ts', 'src/schema/scoring.ts', 'src/server/modules/project/results.ts']);
const { bootstrap, buildApp, readConfig, aggregate, rankingOf } = server;

const { BENCH_ROOT: root, ROWS, EXPERTS, ADMIN_PASSWORD: adminPassword } = process.env;
const config = { ...readConfig({ ...process.env, LOGIN_CAPTCHA: 'off', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }), adminPassword };
const { ctx } = await bootstrap(config, root);
const sqliteFile = path.join(config.dataDir, 'platform.db');
const schemaOf = (code) => readSchema(path.join(root, 'schemas/pms', `${code}.json`));

const t0 = performance.now();
const counts = await load({ dialect: ctx.dialect, sqliteFile, pgUrl: config.databaseUrl, rows: Number(ROWS), experts: Number(EXPERTS) });
const insertMs = performance.now() - t0;

const engine = await buildApp(ctx);
await engine.listen({ port: 0, host: '127.0.0.1' });

// The accounts, as an administrator adds them on the user page.
const api = (p) => `${config.apiBase}${p}`;
const userPassword = `Bench-${randomBytes(6).toString('hex')}`;
const adminLogin = await engine.inject({ method: 'POST', url: api('/sys/login'), payload: { username: 'admin', password: adminPassword } });
const adminToken = adminLogin.json().result?.token;
if (!adminToken) throw new Error(`admin login: ${adminLogin.body.slice(0, 200)}`);
for (const u of Object.values(USERS)) {
  const role = await ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', u.role).executeTakeFirstOrThrow();
  const res = await engine.inject({ method: 'POST', url: api('/sys/user/add'), headers: { 'x-access-token': adminToken }, payload: { username: u.username, realname: u.realname, password: userPassword, selectedroles: role.id } });
  if (!res.json().success) throw new Error(`adding ${u.username}: ${res.body.slice(0, 200)}`);
}

// An expert reaches projects through 项目评分 (the sheet, the project column's texts), not through a
// menu of pms_project. To time the `via` rule on the list path itself, the expert role is granted
// the 全部项目 menu in this throw-away database: a menu grant opens the page, the row rule still
// decides the rows (docs/schema-language.md, rowRules).
const allProjects = await ctx.db.selectFrom('sysPermission').select('id').where('component', '=', 'pms/AllProjectList').where('menuType', '!=', 2).executeTakeFirstOrThrow();
const expertRole = await ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'expert').executeTakeFirstOrThrow();
await ctx.db.insertInto('sysRolePermission').values({ id: `bench${randomBytes(8).toString('hex')}`, roleId: expertRole.id, permissionId: allProjects.id }).execute();

const bareRoutes = SHAPES.flatMap((s) => {
  const schema = schemaOf(s.schema);
  return [{ path: `/bare/${s.key}`, schema, conds: (q) => s.conds(q, schema) },
    ...(s.variants ?? []).map((v) => ({ path: `/bare/${v.key}`, schema, conds: (q) => v.conds(q, schema) }))];
});
const keptTotals = new Map();
const bare = await bareApp({ dialect: ctx.dialect, sqliteFile, pgUrl: config.databaseUrl, routes: bareRoutes, keptTotals });
await bare.listen({ port: 0, host: '127.0.0.1' });

const { app: probe, db: probeDb, logged } = await loggingEngine({ ctx, server, sqliteFile, databaseUrl: config.databaseUrl });

process.on('message', async (msg) => {
  try {
    if (msg.type === 'probe') {
      const out = [];
      for (const p of msg.probes) {
        const s = SHAPES.find((x) => x.key === p.key);
        const schema = schemaOf(s.schema);
        // Twice: the second request's statements are what every request sends once caches are warm.
        await probe.inject({ method: 'GET', url: p.url, headers: { 'x-access-token': p.token } });
        logged.length = 0;
        const res = await probe.inject({ method: 'GET', url: p.url, headers: { 'x-access-token': p.token } });
        if (res.statusCode !== 200) throw new Error(`probe ${p.key} ${p.url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        const engineSql = logged.filter((q) => new RegExp(`from "${schema.table}"`).test(q.sql) && /^select (count|"id")/.test(q.sql));
        const query = Object.fromEntries(new URLSearchParams(s.qs));
        const b = listSql(schema, ctx.dialect, s.conds(query, schema), query);
        const variants = (s.variants ?? []).map((v) => { const x = listSql(schema, ctx.dialect, v.conds(query, schema), query); return [x.count, x.page]; });
        // A broad filter's total is kept once warm: the engine sends no count, and the bare route then sends none either.
        const counted = engineSql.some((q) => /count\(/.test(q.sql));
        if (!counted) for (const key of [s.key, ...(s.variants ?? []).map((v) => v.key)]) keptTotals.set(`/bare/${key}?${new URLSearchParams(query)}`, res.json().result.total);
        out.push({ key: p.key, engineSql, bareSql: counted ? [b.count, b.page] : [b.page], variantSql: counted ? variants : variants.map(([, page]) => [page]), allSql: logged.map((q) => q.sql) });
      }
      process.send({ type: 'sql', out });
    } else if (msg.type === 'explain') {
      const out = [];
      for (const q of msg.queries) out.push(await explain({ ctx, sqliteFile, server }, q));
      process.send({ type: 'explain', out });
    } else if (msg.type === 'rank') {
      // The in-memory part of 公示结果 (results.ts): group the contest's submitted totals by project,
      // aggregate each project's (scoring.ts), rank per track — the rows read once, before timing.
      const projects = await ctx.db.selectFrom('pmsProject').select(['id', 'name', 'orgName', 'track', 'submitTime'])
        .where('raceId', '=', RACE_ID).where('state', '=', 'passed').execute();
      const sheets = await ctx.db.selectFrom('pmsProjectReview').select(['projectId', 'state', 'total']).where('raceId', '=', RACE_ID).execute();
      const times = [];
      let ranked = 0;
      for (let i = 0; i < msg.rounds; i++) {
        const t = performance.now();
        const totals = new Map();
        for (const r of sheets) if (r.state === 'submitted') { const a = totals.get(String(r.projectId)); if (a) a.push(Number(r.total)); else totals.set(String(r.projectId), [Number(r.total)]); }
        const scored = projects.map((p) => { const t = totals.get(String(p.id)) ?? []; return { id: String(p.id), name: String(p.name), orgName: String(p.orgName ?? ''), track: String(p.track), submitTime: String(p.submitTime ?? ''), totals: t, finalScore: aggregate(t) }; });
        const ranking = rankingOf(scored);
        times.push(performance.now() - t);
        ranked = [...ranking.values()].reduce((a, l) => a + l.length, 0);
      }
      process.send({ type: 'rank', times, projects: projects.length, sheets: sheets.length, ranked, tracks: new Set(projects.map((p) => p.track)).size });
    } else if (msg.type === 'barePublish') {
      // The publish's baseline: the same reads, the same ranking and the same UPDATEs (one per
      // project, in one transaction) on a plain connection, statements prepared once.
      const t = [performance.now()];
      const { run, close } = await connection({ dialect: ctx.dialect, sqliteFile, pgUrl: config.databaseUrl });
      const ph = (i) => (ctx.dialect === 'postgres' ? `$${i}` : '?');
      const projects = await run({ sql: `select id, name, org_name, track, submit_time from pms_project where race_id = ${ph(1)} and state = ${ph(2)}`, params: [RACE_ID, 'passed'] });
      const sheets = await run({ sql: `select project_id, state, total from pms_project_review where race_id = ${ph(1)}`, params: [RACE_ID] });
      t.push(performance.now());
      const totals = new Map();
      for (const r of sheets) if (r.state === 'submitted') { const a = totals.get(r.project_id); if (a) a.push(Number(r.total)); else totals.set(r.project_id, [Number(r.total)]); }
      const scored = projects.map((p) => { const x = totals.get(p.id) ?? []; return { id: p.id, name: p.name, orgName: p.org_name ?? '', track: p.track, submitTime: p.submit_time ?? '', totals: x, finalScore: aggregate(x) }; });
      const ranks = new Map([...rankingOf(scored).values()].flat().map(({ item, rank }) => [item.id, rank]));
      t.push(performance.now());
      await close();
      const update = `update pms_project set final_score = ${ph(1)}, rank = ${ph(2)} where id = ${ph(3)}`;
      if (ctx.dialect === 'sqlite') {
        const Sqlite = (await import('better-sqlite3')).default;
        const db = new Sqlite(sqliteFile);
        for (const p of ['journal_mode = WAL', 'synchronous = NORMAL', 'busy_timeout = 5000']) db.pragma(p);
        const st = db.prepare(update);
        db.transaction(() => { for (const p of scored) st.run(p.finalScore, ranks.get(p.id) ?? null, p.id); })();
        db.close();
      } else {
        const pg = (await import('pg')).default;
        const c = new pg.Client({ connectionString: config.databaseUrl });
        await c.connect();
        await c.query('begin');
        for (const p of scored) await c.query({ name: 'bench_publish', text: update, values: [p.finalScore, ranks.get(p.id) ?? null, p.id] });
        await c.query('commit');
        await c.end();
      }
      t.push(performance.now());
      process.send({ type: 'barePublish', total: t[3] - t[0], read: t[1] - t[0], rank: t[2] - t[1], write: t[3] - t[2] });
    }
  } catch (e) {
    process.send({ type: 'error', message: e.stack ?? String(e) });
  }
});

const shutdown = async () => {
  await Promise.allSettled([engine.close(), bare.close(), probe.close()]);
  await Promise.allSettled([ctx.db.destroy(), probeDb.destroy()]);
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('disconnect', shutdown);

process.send({ type: 'ready', enginePort: engine.server.address().port, barePort: bare.server.address().port, insertMs, counts, dialect: ctx.dialect, apiBase: config.apiBase, userPassword, raceId: RACE_ID });
