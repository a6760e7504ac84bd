import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '../../src/server/http/idempotency.js';
import { createPgDatabase } from '../helpers/pg-admin.js';
import { freePort } from '../helpers/ports.js';
import { ADMIN_PASSWORD, BACKEND } from '../helpers/server.js';

/**
 * kill -9 in the middle of a keyed write, then the client's retry with the same key, on a server
 * started again on the same database: one row, whichever side of the commit the process died on.
 * The server runs as a child process (test/helpers/crash-server.ts) that kills itself at the point.
 */
describe(`a keyed write whose server is killed, retried [${BACKEND}]`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idem-crash-'));
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;
  let port: number;
  let child: ChildProcess | undefined;
  let token: string;
  const base = () => `http://127.0.0.1:${port}/jeecg-boot`;

  /** Starts the server on the database; `crash` arms the kill for one key at one point. */
  async function start(crash?: { key: string; at: 'marked' | 'committed' }): Promise<void> {
    let out = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/crash-server.ts'], {
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dataDir, DATABASE_URL: databaseUrl,
        LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'silent', ADMIN_PASSWORD, JOBS: 'off', CRASH_KEY: crash?.key ?? '', CRASH_AT: crash?.at ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => { out += d; });
    child.stderr!.on('data', (d) => { out += d; });
    for (const deadline = Date.now() + 90_000; !out.includes('ready');) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start: ${out.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r())));

  const add = (key: string, name: string) => fetch(`${base()}/sys/position/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token, 'Idempotency-Key': key },
    body: JSON.stringify({ code: name, name, postRank: '1' }),
  }).then(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.json() as { success: boolean; message: string } }));
  const count = async (name: string) => {
    const res = await fetch(`${base()}/sys/position/list?name=${encodeURIComponent(name)}`, { headers: { 'X-Access-Token': token } });
    return ((await res.json()) as { result: { total: number } }).result.total;
  };

  const login = async () => {
    const res = await fetch(`${base()}/sys/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
    token = ((await res.json()) as { result: { token: string } }).result.token;
  };
  /** Sends the write the running server dies on; answers once the process is gone. */
  const dieOn = async (key: string, name: string) => {
    const dying = child!;
    await expect(add(key, name)).rejects.toThrow();
    await exited(dying);
    expect(dying.signalCode).toBe('SIGKILL');
  };

  beforeAll(async () => {
    port = await freePort();
    if (BACKEND === 'postgres') ({ url: databaseUrl, drop } = await createPgDatabase());
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) { child.kill('SIGKILL'); await exited(child); }
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  // Three starts of the server on one database (each start is the slow part): the first dies after a
  // commit, the second answers its retry and dies before a commit, the third answers that retry.
  it('killed after the commit (reply lost) or before it (write lost): the retry with the key leaves one row', async () => {
    await start({ key: 'crash-after-commit', at: 'committed' });
    await login();
    await dieOn('crash-after-commit', 'CRASHC');

    await start({ key: 'crash-before-commit', at: 'marked' });
    // Committed before the kill: the retry is told it was done, and nothing runs again.
    const told = await add('crash-after-commit', 'CRASHC');
    expect(told).toMatchObject({ status: 200, replayed: 'true', body: { success: true, message: IDEMPOTENCY_MESSAGES.done } });
    expect(await count('CRASHC')).toBe(1);
    await dieOn('crash-before-commit', 'CRASHB');

    await start();
    expect((await add('crash-after-commit', 'CRASHC')).replayed).toBe('true');
    expect(await count('CRASHC')).toBe(1);
    // Killed before its commit: nothing was stored, and the retry runs it (the dead process's claim is taken over).
    expect(await count('CRASHB')).toBe(0);
    const ran = await add('crash-before-commit', 'CRASHB');
    expect(ran).toMatchObject({ status: 200, replayed: null, body: { success: true, message: '添加成功！' } });
    const again = await add('crash-before-commit', 'CRASHB');
    expect(again).toMatchObject({ status: 200, replayed: 'true', body: { message: '添加成功！' } });
    expect(await count('CRASHB')).toBe(1);
  }, 300_000);
});
