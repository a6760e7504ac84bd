import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKEND } from '../helpers/server.js';
import { freePort } from '../helpers/ports.js';

/**
 * A deploy may stop an instance the moment it answers. The stop must be the graceful one (requests
 * finished, database closed, exit 0) even while the server still runs its start-up checks after
 * listening (the default-password check, the instance beacon): it used to be an outright kill there.
 */
describe.skipIf(BACKEND !== 'sqlite')('a stop right after the start [sqlite]', () => {
  it('is graceful, whenever it comes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-at-start-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      // The administrator keeps the default password, so the start-up runs its password check.
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dataDir, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'info', DATABASE_URL: '', ADMIN_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => { out += d; });
    child.stderr!.on('data', (d) => { out += d; });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
    try {
      for (const deadline = Date.now() + 60_000; ;) {
        const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
        if (res?.status === 200) break;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start: ${out.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      child.kill('SIGTERM');
      expect(await exited, out.slice(-2000)).toEqual({ code: 0, signal: null });
      expect(out).toContain('shutdown: done');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
