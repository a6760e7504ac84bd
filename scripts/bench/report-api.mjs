// Online report benchmark (not a test): `getData` of a saved report over a ROWS-row table (its SQL
// with three bound `${}` parameters, a sort and a page), under CONNECTIONS connections, next to a
// bare Fastify route that runs the very statements the report runner sent (caught before timing)
// on a plain connection in the same run. The report pays for the guard, the read-only connection
// in a worker thread (SQLite) or READ ONLY transaction under its role (PostgreSQL), and the envelope.
// Usage: node scripts/bench/report-api.mjs
//   env ROWS=1000000  DB=sqlite|postgres  CONNECTIONS=20  DURATION=10  WARMUP=2  ROUNDS=2
//       PG_URL=postgres://postgres@127.0.0.1:5432/test (a throw-away database is made and dropped)
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const DB = (process.env.DB ?? 'sqlite').toLowerCase();
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (!['sqlite', 'postgres'].includes(DB)) throw new Error(`DB must be sqlite or postgres, got "${DB}"`);

const repo = path.resolve(import.meta.dirname, '../..');
const fmt = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const begin = Date.UTC(2025, 5, 1, 10);
const hour = Math.min(31_536_000, Math.round(3600 * 1_000_000 / ROWS)) * 1000;
const SHAPES = [
  { name: 'one status, one hour, page 1', qs: `self_status=2&self_from=${encodeURIComponent(fmt(begin))}&self_to=${encodeURIComponent(fmt(begin + hour - 1000))}&column=order_time&order=desc&pageNo=1&pageSize=10` },
  { name: 'one status, all time, page 1', qs: `self_status=2&self_from=2000-01-01&self_to=2100-01-01&column=order_time&order=desc&pageNo=1&pageSize=10` },
];

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
fs.mkdirSync(path.join(root, 'schemas/bench'), { recursive: true });
fs.copyFileSync(path.join(repo, 'scripts/bench/list-api/bench_order.json'), path.join(root, 'schemas/bench/bench_order.json'));
for (const entry of fs.readdirSync(path.join(repo, 'schemas'))) {
  if (entry === 'seed') fs.symlinkSync(path.join(repo, 'schemas/seed'), path.join(root, 'schemas/seed'));
  else fs.cpSync(path.join(repo, 'schemas', entry), path.join(root, 'schemas', entry), { recursive: true });
}
const password = `Bench-${randomBytes(6).toString('hex')}`;
let child, pgDrop;
const cleanup = async () => {
  if (child && child.exitCode === null) { const exited = new Promise((r) => child.once('exit', r)); child.kill('SIGTERM'); await exited; }
  fs.rmSync(root, { recursive: true, force: true });
  if (pgDrop) await pgDrop();
};

const run = (url, headers) => new Promise((resolve, reject) => {
  const latencies = [];
  const inst = autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, res) => (err ? reject(err) : resolve({ rps: res.requests.average, non2xx: res.non2xx, errors: res.errors, latencies })));
  inst.on('response', (_c, status, _b, ms) => { if (status === 200) latencies.push(ms); });
});
const warm = (url, headers) => new Promise((resolve, reject) => autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers }, (e) => (e ? reject(e) : resolve())));
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN; };
const median = (xs) => pct(xs, 50);

try {
  let databaseUrl = '';
  if (DB === 'postgres') {
    const pg = (await import('pg')).default;
    const name = `bench_report_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    pgDrop = async () => { const c = new pg.Client({ connectionString: PG_URL }); await c.connect(); try { await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); } finally { await c.end(); } };
    const u = new URL(PG_URL); u.pathname = `/${name}`; databaseUrl = u.toString();
  }
  console.log(`preparing ${ROWS.toLocaleString('en')} rows on ${DB}…`);
  child = fork(path.join(import.meta.dirname, 'report-api/server.mjs'), [], {
    cwd: repo, stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_ROOT: root, ROWS: String(ROWS), ADMIN_PASSWORD: password, DATA_DIR: path.join(root, 'data'), DATABASE_URL: databaseUrl, PROBES: JSON.stringify(SHAPES.map((s) => s.qs)) },
  });
  const ready = await new Promise((resolve, reject) => {
    child.on('message', (m) => (m.type === 'ready' ? resolve(m) : m.type === 'error' ? reject(new Error(m.message)) : undefined));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const headers = { 'x-access-token': ready.token };
  const results = SHAPES.map(() => ({ engine: [], bare: [], lat: { engine: [], bare: [] }, bad: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, shape] of SHAPES.entries()) {
      const urls = {
        engine: `http://127.0.0.1:${ready.enginePort}${ready.apiBase}/online/cgreport/api/getData/${ready.reportId}?${shape.qs}`,
        bare: `http://127.0.0.1:${ready.barePort}/bare/${i}`,
      };
      for (const route of round % 2 ? ['bare', 'engine'] : ['engine', 'bare']) {
        await warm(urls[route], headers);
        const r = await run(urls[route], headers);
        results[i][route].push(r.rps);
        results[i].lat[route].push(...r.latencies);
        results[i].bad += r.non2xx + r.errors;
      }
    }
  }
  const [load] = os.loadavg();
  console.log(`\nOnline report getData benchmark, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`  database  ${ready.dialect}, ${ROWS.toLocaleString('en')} rows in bench_order (inserted in ${(ready.insertMs / 1000).toFixed(1)} s)`);
  console.log(`  machine   ${os.cpus().length} CPU, load average ${load.toFixed(1)} at the end (shared: other work adds noise to both routes)`);
  console.log(`  load      autocannon ${CONNECTIONS} connections × ${DURATION} s after ${WARMUP} s warm-up, ${ROUNDS} interleaved rounds (median req/s)`);
  console.log(`  bare      the runner's own two statements (count, page), caught before timing, on a plain connection in the same process\n`);
  console.log('  shape / route                       req/s      p50      p95   ratio');
  for (const [i, shape] of SHAPES.entries()) {
    const r = results[i];
    const e = median(r.engine), b = median(r.bare);
    console.log(`  ${shape.name}  (total ${ready.statements[i].total})`);
    console.log(`      report getData         ${e.toFixed(0).padStart(8)} ${pct(r.lat.engine, 50).toFixed(0).padStart(6)} ms ${pct(r.lat.engine, 95).toFixed(0).padStart(6)} ms   ${(e / b).toFixed(2)}`);
    console.log(`      bare same SQL          ${b.toFixed(0).padStart(8)} ${pct(r.lat.bare, 50).toFixed(0).padStart(6)} ms ${pct(r.lat.bare, 95).toFixed(0).padStart(6)} ms   1.00`);
    if (r.bad) console.log(`      (${r.bad} non-2xx or errors)`);
  }
  console.log('\n  statements per request:');
  for (const q of ready.statements[0].sql) console.log(`    ${q.sql}  ${JSON.stringify(q.params)}`);
} finally {
  await cleanup();
}
