// List API benchmark (not a test): the generic CRUD `list` of a page schema on a ROWS-row table
// (filter + sort + page, three dictionary fields translated), under CONNECTIONS concurrent
// connections, next to a bare Fastify route sending the same SQL to the same database in the
// same run (scripts/bench/list-api/bare.mjs says what the bare route skips).
// Aims (issue 39, selective shape): engine ≥ 0.8 × the bare route's requests per second, and its time for one
// request alone ≥ 0.8 × too (bare ÷ engine); engine p95 < 50 ms (issue 3).
// Usage: node scripts/bench/list-api.mjs
//   env ROWS=1000000  DB=sqlite|postgres  CONNECTIONS=50  DURATION=10 (s per run)  WARMUP=2 (s)
//       PG_URL=postgres://postgres@127.0.0.1:5432/test (admin connection; a throw-away database is made and dropped)
//       ROUNDS=1 (interleaved rounds per shape: median req/s, percentiles over all rounds)
//       VARIANTS=1 (also time "bare + the engine's token check" and, on SQLite, "engine with cached statements",
//                   on the shapes where the bare route does at least 100 req/s)
//       ONLY=<text> (only the shapes whose name contains it)  SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (node flags for the server)
// The server (engine and bare route) runs in a child process; autocannon runs in this one.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { aloneEach, benchEnv, forkServer, loadRunner, machineLine, ms, nodeLine, rps, tableLine, throwawayPostgres, throwawayRoot, verdict } from './lib/load.mjs';

const { ROWS, DB, CONNECTIONS, DURATION, WARMUP, ROUNDS, PG_URL } = benchEnv({ rows: 1_000_000 });

const AIM_RATIO = 0.8, AIM_ALONE = 0.8, AIM_P95 = 50;
const here = path.join(import.meta.dirname, 'list-api');

function rangeQs() {
  const fmt = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const begin = Date.UTC(2025, 5, 1, 10), seconds = Math.min(31_536_000, Math.round(3600 * 1_000_000 / ROWS));
  return `status=2&orderTime_begin=${encodeURIComponent(fmt(begin))}&orderTime_end=${encodeURIComponent(fmt(begin + (seconds - 1) * 1000))}&column=orderTime&order=desc&pageNo=1&pageSize=10`;
}

/** The query shapes: what a list page sends (the table's sort, page size 10). */
const SHAPES = [
  // A selective filter (one status, a time range holding ~115 rows: one hour at a million rows):
  // the database work is small, so this is the shape where the engine's own per-request cost shows.
  { name: 'narrow range+filter, p1', qs: rangeQs() },
  { name: 'filter+sort, page 1', qs: 'status=2&column=orderTime&order=desc&pageNo=1&pageSize=10' },
  { name: 'filter+sort, page 500', qs: 'status=2&column=orderTime&order=desc&pageNo=500&pageSize=10' },
  { name: 'like filter, page 1', qs: `customerName=${encodeURIComponent('*1234*')}&column=orderTime&order=desc&pageNo=1&pageSize=10` },
];

if (process.env.ONLY) SHAPES.splice(0, SHAPES.length, ...SHAPES.filter((s) => s.name.includes(process.env.ONLY)));
if (!SHAPES.length) throw new Error(`no shape name contains "${process.env.ONLY}"`);

// A throw-away root: the repository's page schemas (the seed fills some of their tables) and seed
// data, plus the bench schema.
const root = throwawayRoot('bench-list-');
fs.mkdirSync(path.join(root, 'schemas/bench'), { recursive: true });
fs.copyFileSync(path.join(here, 'bench_order.json'), path.join(root, 'schemas/bench/bench_order.json'));
const password = `Bench-${randomBytes(6).toString('hex')}`;

let pgName, pgDrop;
let server;
const cleanup = async () => {
  if (server) await server.stop();
  fs.rmSync(root, { recursive: true, force: true });
  if (pgDrop) await pgDrop();
};

try {
  let databaseUrl;
  if (DB === 'postgres') {
    const db = await throwawayPostgres(PG_URL, 'bench_list');
    ({ name: pgName, drop: pgDrop, url: databaseUrl } = db);
  }

  console.log(`preparing ${ROWS.toLocaleString('en')} rows on ${DB}…`);
  server = forkServer(path.join(here, 'server.mjs'), { BENCH_ROOT: root, ROWS: String(ROWS), ADMIN_PASSWORD: password, DATA_DIR: path.join(root, 'data'), DATABASE_URL: databaseUrl ?? '' });
  const { child, next: nextMessage } = server;
  const ready = await nextMessage('ready');
  const engineBase = `http://127.0.0.1:${ready.enginePort}${ready.apiBase}${ready.api}/list`;
  const bareBase = `http://127.0.0.1:${ready.barePort}/bare/list`;
  const vp = ready.variantPorts;
  const variants = [
    vp.bareAuth && { label: 'bare + token check', base: `http://127.0.0.1:${vp.bareAuth}/bare/list`, like: 'bare' },
    vp.engineCached && { label: 'engine, cached stmts', base: `http://127.0.0.1:${vp.engineCached}${ready.apiBase}${ready.api}/list`, like: 'engine' },
  ].filter(Boolean);

  const login = await fetch(`http://127.0.0.1:${ready.enginePort}${ready.apiBase}/sys/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }),
  }).then((r) => r.json());
  if (!login.success) throw new Error(`login refused: ${JSON.stringify(login)}`);
  const token = login.result.token;
  const headers = { 'x-access-token': token };

  // 1. Same SQL: the engine's captured statements against the bare route's.
  child.send({ type: 'probe', probes: SHAPES.map((s) => s.qs), token });
  const { out: sqlOut } = await nextMessage('sql');
  for (const [i, p] of sqlOut.entries()) {
    // The engine runs the page and its count at once (PostgreSQL: on two connections), so they are logged in either order.
    const bySql = (a, b) => (a.sql < b.sql ? -1 : a.sql > b.sql ? 1 : 0);
    const eng = p.engineSql.map((q) => ({ sql: q.sql, params: q.params })).sort(bySql);
    if (!isDeepStrictEqual(eng, [...p.bareSql].sort(bySql))) {
      throw new Error(`SQL differs for "${SHAPES[i].name}":\n engine: ${JSON.stringify(eng, null, 1)}\n bare:   ${JSON.stringify(p.bareSql, null, 1)}`);
    }
    SHAPES[i].sql = p.bareSql;
    SHAPES[i].otherSql = p.allSql.filter((s) => !s.includes('"bench_order"'));
  }
  child.send({ type: 'explain', queries: SHAPES.flatMap((s) => s.sql) });
  const { out: plans } = await nextMessage('explain');

  // 2. Same answer: totals, ids and every record field (dictionary texts included).
  for (const s of SHAPES) {
    const e = await fetch(`${engineBase}?${s.qs}`, { headers }).then((r) => r.json());
    const b = await fetch(`${bareBase}?${s.qs}`).then((r) => r.json());
    if (!e.success || !b.success) throw new Error(`"${s.name}": engine ${e.message} / bare ${b.message}`);
    const { timestamp: _a, ...er } = e; const { timestamp: _b, ...br } = b;
    if (e.result.total !== b.result.total || !isDeepStrictEqual(e.result.records.map((r) => r.id), b.result.records.map((r) => r.id))) {
      throw new Error(`"${s.name}": engine total ${e.result.total} ids ${e.result.records.map((r) => r.id)} ≠ bare total ${b.result.total} ids ${b.result.records.map((r) => r.id)}`);
    }
    if (!isDeepStrictEqual(er, br)) throw new Error(`"${s.name}": same ids and total, but the bodies differ:\n${JSON.stringify(er).slice(0, 600)}\n${JSON.stringify(br).slice(0, 600)}`);
    if (!e.result.records.length) throw new Error(`"${s.name}": empty page`);
    for (const v of variants) {
      const { timestamp: _v, ...vr } = await fetch(`${v.base}?${s.qs}`, { headers }).then((r) => r.json());
      if (!isDeepStrictEqual(vr, er)) throw new Error(`"${s.name}": ${v.label} answers differently`);
    }
    // Alone: one request at a time, the routes taking turns, median of 51 (ALONE) after twenty to warm each.
    [s.aloneEngine, s.aloneBare, ...s.aloneVariants] = await aloneEach([
      { url: `${engineBase}?${s.qs}`, headers }, { url: `${bareBase}?${s.qs}` }, ...variants.map((v) => ({ url: `${v.base}?${s.qs}`, headers })),
    ]);
    s.total = e.result.total;
    s.bytes = JSON.stringify(e).length;
  }

  // 3. Load.
  const { once, summary } = loadRunner({ connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, pingUrl: `http://127.0.0.1:${ready.barePort}/ping` });
  for (const s of SHAPES) {
    process.stdout.write(`  measuring ${s.name}…`);
    const routes = [
      { key: 'engine', url: `${engineBase}?${s.qs}`, hdrs: headers },
      { key: 'bare', url: `${bareBase}?${s.qs}`, hdrs: {} },
      ...variants.map((v) => ({ key: v.label, url: `${v.base}?${s.qs}`, hdrs: headers })),
    ].map((r) => ({ ...r, runs: [] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const r of routes) r.runs.push(await once(r.url, r.hdrs));
      // The variants only say something where the database is not the whole story.
      if (round === 0 && routes[1].runs[0].rps < 100) routes.splice(2);
    }
    s.engine = summary(routes[0].runs);
    s.bare = summary(routes[1].runs);
    s.variants = routes.slice(2).map((r) => ({ label: r.key, ...summary(r.runs) }));
    process.stdout.write(' done\n');
  }

  // 4. Report.
  console.log(`\nList API benchmark, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`  database  ${DB === 'sqlite' ? 'SQLite (better-sqlite3, WAL)' : `PostgreSQL (throw-away database ${pgName}, pool of 10)`}`);
  console.log(`  rows      ${ROWS.toLocaleString('en')} in bench_order (16 columns, indexes: id, order_no unique, status, order_time), inserted in ${(ready.insertMs / 1000).toFixed(1)} s incl. ANALYZE`);
  console.log(`  machine   ${machineLine()}`);
  console.log(`  node      ${nodeLine({ connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS })}`);
  console.log('  latency   p50/p95/p99 from every 200 response\'s time (autocannon "response" events), not its histogram;');
  console.log('            "alone": one request at a time, routes in turn, median of 51 (ALONE); "—": no response completed within the run');
  console.log('  bare      same SQL text (checked), own connection, no auth/parsing/query building, dictionaries in a Map loaded once\n');
  const line = tableLine([24, 8, 8, 8, 8, 8, 7]);
  line(['shape / route', 'alone', 'req/s', 'p50', 'p95', 'p99', 'ratio']);
  let allMet = true;
  for (const s of SHAPES) {
    const { met: loadMet, ratio, text: loadText } = verdict(s.engine, s.bare, { aimRatio: AIM_RATIO, aimP95: AIM_P95, duration: DURATION });
    const aloneRatio = s.aloneBare / s.aloneEngine, met = loadMet && aloneRatio >= AIM_ALONE;
    const text = `${loadText}; alone: bare ÷ engine ${aloneRatio.toFixed(2)} ${aloneRatio >= AIM_ALONE ? '≥' : '<'} ${AIM_ALONE}${loadMet && !met ? ' → MISSED' : ''}`;
    allMet &&= met;
    console.log(`  ${s.name}  (total ${s.total.toLocaleString('en')}, ${s.bytes} B body)`);
    line(['    engine', ms(s.aloneEngine), rps(s.engine.rps), ms(s.engine.p50), ms(s.engine.p95), ms(s.engine.p99), Number.isFinite(ratio) ? ratio.toFixed(2) : '—']);
    line(['    bare', ms(s.aloneBare), rps(s.bare.rps), ms(s.bare.p50), ms(s.bare.p95), ms(s.bare.p99), '1.00']);
    for (const [i, v] of s.variants.entries()) line([`    ${v.label}`, ms(s.aloneVariants[i]), rps(v.rps), ms(v.p50), ms(v.p95), ms(v.p99), (v.rps / s.bare.rps).toFixed(2)]);
    if (s.bare.rps < 100) console.log(`    database-bound: the bare route alone takes ${ms(s.aloneBare)} per request, mostly SQL; at this rate the ratio is mostly noise`);
    console.log(`    ${text}`);
  }
  console.log(`\n  overall: ${allMet ? 'every shape meets both aims' : 'at least one shape misses an aim'}`);
  console.log('\n  SQL per request (engine = bare), with the plan:');
  let planAt = 0; // a shape answered from a kept estimate sends no count: its statements are one, not two
  SHAPES.forEach((s) => {
    console.log(`    ${s.name}:`);
    s.sql.forEach((q) => console.log(`      ${q.sql.replace(/select "id".*? from/, 'select <16 columns> from')}  ${JSON.stringify(q.params)}\n        plan: ${plans[planAt++]}`));
  });
  console.log(`    engine, besides: ${[...new Set(SHAPES.flatMap((s) => s.otherSql))].map((q) => q.replace(/select .*? from/, 'select … from')).join(' ; ') || 'nothing'}`);
} catch (e) {
  console.error(`\nbenchmark aborted: ${e.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
