// What the HTTP load benchmarks (list-api.mjs, row-rules.mjs) share: a throw-away root holding the
// repository's page schemas, a throw-away PostgreSQL database, the child server and its messages,
// the autocannon runs (warm-up, run, drain, percentiles, rounds) and the report's cells.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const repo = path.resolve(import.meta.dirname, '../../..');

/** The load settings every HTTP bench reads from the environment (ROWS with its own default and minimum). */
export function benchEnv({ rows, minRows = 10_000 }) {
  const env = {
    ROWS: Number(process.env.ROWS ?? rows),
    DB: (process.env.DB ?? 'sqlite').toLowerCase(),
    CONNECTIONS: Number(process.env.CONNECTIONS ?? 50),
    DURATION: Number(process.env.DURATION ?? 10),
    WARMUP: Number(process.env.WARMUP ?? 2),
    ROUNDS: Number(process.env.ROUNDS ?? 1),
    PG_URL: process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
  if (!['sqlite', 'postgres'].includes(env.DB)) throw new Error(`DB must be sqlite or postgres, got "${env.DB}"`);
  if (!(env.ROWS >= minRows)) throw new Error(`ROWS must be at least ${minRows}`);
  return env;
}

/** A temporary root with a copy of the repository's page schemas (the seed folder linked, not copied). */
export function throwawayRoot(prefix) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(root, 'schemas'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(repo, 'schemas'))) {
    if (entry === 'seed') fs.symlinkSync(path.join(repo, 'schemas/seed'), path.join(root, 'schemas/seed'));
    else fs.cpSync(path.join(repo, 'schemas', entry), path.join(root, 'schemas', entry), { recursive: true });
  }
  return root;
}

/** Creates an empty database beside PG_URL's; `drop()` removes it (even with connections left open). */
export async function throwawayPostgres(adminUrl, prefix) {
  const pg = (await import('pg')).default;
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try { await admin.query(`CREATE DATABASE "${name}"`); } finally { await admin.end(); }
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try { await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); } finally { await c.end(); }
  };
  const u = new URL(adminUrl); u.pathname = `/${name}`;
  return { name, url: u.toString(), drop };
}

/**
 * Forks the bench server; `next(type)` resolves with its next message of that type (an `error`
 * message or the child's exit rejects), `stop()` ends it and waits.
 */
export function forkServer(file, env) {
  const child = fork(file, [], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: (process.env.SERVER_ARGS ?? '').split(' ').filter(Boolean),
  });
  const next = (type) => new Promise((resolve, reject) => {
    const onMsg = (m) => {
      if (m.type === type) { off(); resolve(m); } else if (m.type === 'error') { off(); reject(new Error(`server: ${m.message}`)); }
    };
    const onExit = (code) => { off(); reject(new Error(`server exited with code ${code}`)); };
    const off = () => { child.off('message', onMsg); child.off('exit', onExit); };
    child.on('message', onMsg);
    child.once('exit', onExit);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, next, stop };
}

/** The q-quantile of sorted values (nearest rank). */
export const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/**
 * One request at a time to each route in turn, `n` rounds (env ALONE, 51) after `warm` unmeasured ones:
 * each route's median time. Taking turns, no route is measured colder or at a busier moment than another.
 */
export async function aloneEach(routes, n = Number(process.env.ALONE ?? 51), warm = 20) {
  const times = routes.map(() => []);
  for (let i = 0; i < warm + n; i++) {
    for (const [k, r] of routes.entries()) {
      const t0 = performance.now();
      await (await fetch(r.url, { headers: r.headers ?? {} })).arrayBuffer();
      if (i >= warm) times[k].push(performance.now() - t0);
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]);
}

/**
 * Load runs against one server: `once(url, headers)` is one timed run (warm-up, run, drain) and
 * `summary(runs)` its rounds: req/s the median of the rounds, percentiles over every 200 response
 * of every round (autocannon's "response" events, not its histogram).
 */
export function loadRunner({ connections, duration, warmup, pingUrl, serverCpu }) {
  const run = (url, headers, seconds) => new Promise((resolve, reject) => {
    const lat = [];
    const inst = autocannon({ url, connections, duration: seconds, headers, timeout: 60 }, (err, res) => (err ? reject(err) : resolve({ res, lat })));
    inst.on('response', (_c, status, _bytes, ms) => { if (status === 200) lat.push(ms); });
  });
  // autocannon drops its connections at the end of a run, but the server still works through the
  // requests it had queued: wait until a ping comes back fast before the next run starts.
  const drain = async () => {
    for (let fast = 0, t = performance.now(); fast < 3;) {
      const t0 = performance.now();
      await fetch(pingUrl);
      fast = performance.now() - t0 < 5 ? fast + 1 : 0;
      if (performance.now() - t > 120_000) throw new Error('the server is still busy 120 s after a run');
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  // With `serverCpu` (the server process's CPU time in µs, asked of it): its CPU a request over the
  // timed run and the drain after it, divided by the requests sent — steadier than req/s when the
  // load generator shares the machine's cores with the server.
  const once = async (url, headers) => {
    if (warmup > 0) { await run(url, headers, warmup); await drain(); }
    const cpu0 = serverCpu ? await serverCpu() : 0;
    const { res, lat } = await run(url, headers, duration);
    await drain();
    const cpuUs = serverCpu ? (await serverCpu() - cpu0) / Math.max(1, res.requests.sent) : undefined;
    return { rps: res['2xx'] / res.duration, lat, bad: res.non2xx + res.errors + res.timeouts, cpuUs };
  };
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = (runs) => {
    const lat = runs.flatMap((r) => r.lat).sort((a, b) => a - b);
    const rps = runs.map((r) => r.rps).sort((a, b) => a - b);
    const cpuUs = runs[0]?.cpuUs === undefined ? undefined : median(runs.map((r) => r.cpuUs));
    return { rps: rps[Math.floor(rps.length / 2)], rpsAll: rps, n: lat.length, p50: pct(lat, 0.5), p95: pct(lat, 0.95), p99: pct(lat, 0.99), bad: runs.reduce((a, r) => a + r.bad, 0), cpuUs };
  };
  return { run, drain, once, summary };
}

// Report cells.
export const ms = (v) => (v === undefined ? '—' : `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`);
export const rps = (v) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
/** A table line printer: the first column left-aligned to its width, the others right-aligned. */
export const tableLine = (widths) => (cells) => console.log(`  ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' ')}`);
/** The report's machine line: the load average now (other work on a shared machine adds noise to every route). */
export const machineLine = () => `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end (the machine is shared: other work adds noise to both routes)`;
/** The report's node line. */
export function nodeLine({ connections, duration, warmup, rounds }) {
  const cpu = os.cpus();
  return `${process.version}, ${cpu.length} CPU (${cpu[0]?.model ?? '?'}), load: autocannon ${connections} connections × ${duration} s (after ${warmup} s warm-up) per row${rounds > 1 ? `, ${rounds} interleaved rounds (median req/s)` : ''}`;
}

/**
 * A shape's verdict against the aims (engine ≥ aimRatio × bare req/s, engine p95 < aimP95 ms): `met`
 * and the report's line. An undefined p95 (no response within the run) misses.
 */
export function verdict(engine, bare, { aimRatio, aimP95, duration }) {
  const ratio = engine.rps / bare.rps;
  const met = ratio >= aimRatio && engine.p95 < aimP95;
  const text = `verdict: ratio ${Number.isFinite(ratio) ? ratio.toFixed(2) : '—'} ${ratio >= aimRatio ? '≥' : '<'} ${aimRatio}, p95 ${engine.p95 === undefined ? `> ${duration} s` : ms(engine.p95)} ${engine.p95 < aimP95 ? '<' : '≥'} ${aimP95} ms → ${met ? 'MET' : 'MISSED'}`
    + (engine.rps && bare.rps ? `; time per request (1 / req·s⁻¹): engine ${(1000 / engine.rps).toFixed(2)} ms, bare ${(1000 / bare.rps).toFixed(2)} ms` : '')
    + `${engine.bad || bare.bad ? `   (non-200/errors/timeouts: engine ${engine.bad}, bare ${bare.bad})` : ''}`;
  return { met, ratio, text };
}
