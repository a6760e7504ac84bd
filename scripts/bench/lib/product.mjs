// The product as `npm start` runs it (dist/server, compiled), for benches that measure it from outside
// over HTTP: start and stop it on a data folder (or a PostgreSQL database), reach its database beside it,
// log in, and wait until it has answered what a load run left queued.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildServer, serverBuildState } from '../../build-server.mjs';
import { repo, throwawayPostgres } from './load.mjs';

/**
 * Where a bench runs the product: the compiled server (built first when stale), a throwaway data
 * folder, a throwaway PostgreSQL database when DATABASE_URL is set, a free-looking port from `basePort`.
 * `dispose()` drops what it made.
 */
export async function throwawayProduct(name, basePort) {
  if (serverBuildState()) await buildServer();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const pgDb = process.env.DATABASE_URL ? await throwawayPostgres(process.env.DATABASE_URL, `bench_${name}`) : null;
  const port = basePort + Math.floor(Math.random() * 300);
  return {
    root, dataDir: path.join(root, 'data'), pgUrl: pgDb?.url, port, api: `http://127.0.0.1:${port}/jeecg-boot`,
    dispose: async () => { await pgDb?.drop(); fs.rmSync(root, { recursive: true, force: true }); },
  };
}

/** The compiled server on `port`, until `stop()`; resolves once it answers /health. SERVER_ARGS: node flags for it (--cpu-prof …). */
export async function startProduct({ dataDir, pgUrl, port, password, env = {} }) {
  const nodeArgs = (process.env.SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(repo, 'dist/server/main.cjs')], {
    cwd: repo, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: pgUrl ?? '', PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: password, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIST: dataDir, ...env },
  });
  for (const t0 = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try { if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break; } catch { /* not yet */ }
    if (Date.now() - t0 > 60_000) throw new Error('the server did not start in 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { stop: () => new Promise((r) => { if (child.exitCode !== null || child.signalCode !== null) r(); else { child.once('exit', r); child.kill('SIGTERM'); } }) };
}

/** A handle of the bench's own on the product's database: `all(sql, params)` (`?` placeholders), `run(sql)`, `insert(table, cols, rows)`. */
export async function openProductDb({ dataDir, pgUrl }) {
  if (!pgUrl) {
    const db = new Database(path.join(dataDir, 'platform.db'));
    return {
      all: async (sql, params = []) => db.prepare(sql).all(...params),
      run: async (sql, params = []) => { db.prepare(sql).run(...params); },
      insert: async (table, cols, rows) => {
        const ins = db.prepare(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`);
        db.transaction(() => { for (const r of rows) ins.run(cols.map((c) => r[c])); })();
      },
      close: async () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const numbered = (sql) => { let n = 0; return sql.replace(/\?/g, () => `$${++n}`); };
  return {
    all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
    run: async (sql, params = []) => { await client.query(numbered(sql), params); },
    insert: async (table, cols, rows) => {
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500);
        const values = batch.map((_, r) => `(${cols.map((_c, c) => `$${r * cols.length + c + 1}`).join(', ')})`).join(', ');
        await client.query(`insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')}) values ${values}`, batch.flatMap((row) => cols.map((c) => row[c])));
      }
    },
    close: () => client.end(),
  };
}

/** A token for `username`. */
export async function loginTo(api, username, password) {
  const res = await fetch(`${api}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) }).then((r) => r.json());
  if (!res.success) throw new Error(`login of ${username}: ${res.message}`);
  return res.result.token;
}

/** autocannon leaves the requests it queued behind: wait until the server answers at once again, so no run is measured behind the last one's queue. */
export async function drain(port) {
  for (let fast = 0, t = performance.now(); fast < 3;) {
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${port}/health`);
    fast = performance.now() - t0 < 5 ? fast + 1 : 0;
    if (performance.now() - t > 120_000) throw new Error('the server is still busy 120 s after a run');
    await new Promise((r) => setTimeout(r, 50));
  }
}
