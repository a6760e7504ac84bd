// Shared by the fault scripts: server processes started the way `npm start` runs them, a
// throw-away PostgreSQL cluster that may be stopped at will, and a small JSON client.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Adm1n-Test-2025';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One server process (node + tsx, no web build) on `port`, logging to `log`. */
export function startInstance({ port, env, log, name = `instance-${port}` }) {
  const out = fs.openSync(log, 'a');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name, LOGIN_CAPTCHA: 'off', WEB_DIST: path.join(ROOT, 'no-web'),
      ADMIN_PASSWORD, LOG_LEVEL: 'warn', ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    proc, url,
    async waitReady(seconds = 120) {
      for (let i = 0; i < seconds * 4; i++) {
        if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}): see ${log}`);
        try { if ((await fetch(`${url}/ready`)).status === 200) return; } catch { /* not listening yet */ }
        await sleep(250);
      }
      throw new Error(`${name} not ready after ${seconds} s: see ${log}`);
    },
    kill(signal = 'SIGKILL') {
      if (proc.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => { proc.once('exit', resolve); proc.kill(signal); });
    },
  };
}

/** JSON over HTTP: { status, body, ms }, or { status: 0, error } when no answer came (reset, refused). */
export async function call(base, method, urlPath, { token, body, timeoutMs = 30_000 } = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${urlPath}`, {
      method,
      headers: { ...(token ? { 'X-Access-Token': token } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, error: err.cause?.code ?? err.name, ms: performance.now() - started };
  }
}

export async function login(base, username, password = ADMIN_PASSWORD) {
  const res = await call(base, 'POST', '/jeecg-boot/sys/login', { body: { username, password } });
  if (res.status !== 200 || !res.body?.success) throw new Error(`login of ${username} refused: ${JSON.stringify(res.body ?? res.error)}`);
  return res.body.result.token;
}

/** Runs a PostgreSQL program as the postgres user (initdb and postgres refuse root). */
function asPostgres(bin, args) {
  const program = path.join(pgBinDir(), bin);
  if (process.getuid?.() === 0) return execFileSync('su', ['postgres', '-c', [program, ...args].map((a) => `'${a}'`).join(' ')], { stdio: 'pipe' });
  return execFileSync(program, args, { stdio: 'pipe' });
}

function pgBinDir() {
  const base = '/usr/lib/postgresql';
  const version = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(base, version, 'bin');
}

/** A PostgreSQL cluster of our own under `dir` on `port`, to stop and start without touching the shared one. */
export function throwawayPostgres({ dir, port }) {
  const data = path.join(dir, 'data');
  const run = path.join(dir, 'run');
  const ctl = (...args) => asPostgres('pg_ctl', ['-D', data, ...args]);
  return {
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    init() {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(run, { recursive: true });
      fs.mkdirSync(data, { recursive: true });
      if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
      asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
    },
    start() { ctl('-o', `-p ${port} -k ${run}`, '-l', path.join(run, 'postgres.log'), '-w', 'start'); },
    stop() { ctl('-m', 'fast', '-w', 'stop'); },
    createDatabase(db) { execFileSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', `create database "${db}"`]); },
    destroy() {
      try { ctl('-m', 'immediate', '-w', 'stop'); } catch { /* already stopped */ }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** p-th percentile of numbers (p in 0..100). */
export function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
