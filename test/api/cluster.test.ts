import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLive, type LiveSocket } from '../helpers/live.js';
import { ADMIN_PASSWORD, BACKEND, PG_ADMIN_URL } from '../helpers/server.js';

/**
 * scripts/cluster/up.sh as an operator runs it: three instances on one PostgreSQL and Redis behind
 * nginx. Through nginx a user reaches every instance with one token, keeps a live socket, and
 * carries on without logging in again when the instance serving them is killed.
 */
const NGINX_PORT = 18145; // instances on 18146-18148
const REDIS_URL = process.env.TEST_REDIS_URL ? `${process.env.TEST_REDIS_URL.replace(/\/\d*$/, '')}/4` : 'redis://127.0.0.1:6379/4';

function missingPart(): string | undefined {
  if (BACKEND !== 'postgres') return 'the cluster runs on PostgreSQL: it runs with TEST_DB=postgres';
  const nginx = spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx']);
  if (nginx.status !== 0) return 'nginx is not installed (apt-get install -y nginx; CI installs it)';
  const redis = spawnSync('redis-cli', ['-u', REDIS_URL, 'ping'], { encoding: 'utf8' });
  if (!String(redis.stdout).includes('PONG')) return `Redis does not answer at ${REDIS_URL}`;
  return undefined;
}
const missing = missingPart();
if (missing) console.warn(`cluster test skipped: ${missing}`);

describe.skipIf(!!missing)('three instances behind nginx, one PostgreSQL and Redis [postgres]', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-test-'));
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/ops_cluster_${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env, CLUSTER_DIR: dir, CLUSTER_PORT: String(NGINX_PORT), INSTANCES: '3', DATABASE_URL: dbUrl.toString(), REDIS_URL,
    WEB_DIST: 'none', ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', JOBS: 'off', LOG_LEVEL: 'warn',
  };
  const base = `http://127.0.0.1:${NGINX_PORT}`;
  const sockets: LiveSocket[] = [];
  let token: string;
  let userId: string;

  beforeAll(() => {
    execFileSync('bash', ['scripts/cluster/up.sh'], { env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 150_000 });
  }, 160_000);
  afterAll(() => {
    for (const l of sockets) l.close();
    spawnSync('bash', ['scripts/cluster/down.sh', '--purge'], { env, stdio: 'ignore', timeout: 60_000 });
  }, 70_000);

  const get = async (p: string) => {
    const res = await fetch(`${base}${p}`, { headers: { 'X-Access-Token': token } });
    return { status: res.status, instance: res.headers.get('x-instance'), body: await res.json() as Record<string, any> };
  };

  it('spreads requests over the three instances, each naming itself, with nginx’s request id', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${base}/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      seen.add(((await res.json()) as { instance: string }).instance);
    }
    expect([...seen].sort()).toEqual(['instance-1', 'instance-2', 'instance-3']);
  });

  it('logs in once and is known on every instance; the live socket passes through nginx', async () => {
    const login = await fetch(`${base}/jeecg-boot/sys/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const body = await login.json() as { success: boolean; result: { token: string; userInfo: { id: string } } };
    expect(body.success).toBe(true);
    token = body.result.token;
    userId = body.result.userInfo.id;
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await get('/jeecg-boot/sys/user/getUserInfo');
      expect(res.status).toBe(200);
      expect(res.body.result.userInfo.username).toBe('admin');
      served.add(res.instance!);
    }
    expect(served.size).toBe(3);
    const live = await openLive(`${base}/jeecg-boot`, userId, token);
    sockets.push(live);
    live.ws.send('HeartBeat');
    expect(await live.next((m) => m.cmd === 'heartcheck', 5000)).toMatchObject({ cmd: 'heartcheck' });
  });

  it('carries on with the same token when an instance is killed mid-session', async () => {
    const pid = Number(fs.readFileSync(path.join(dir, 'instance-2.pid'), 'utf8'));
    process.kill(pid, 'SIGKILL');
    const served = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const res = await get('/jeecg-boot/sys/user/getUserInfo');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.success).toBe(true);
      served.add(res.instance!);
    }
    expect([...served].sort()).toEqual(['instance-1', 'instance-3']);
    // A write goes through as well, and its row is read back through another instance.
    const name = `cluster-${randomBytes(3).toString('hex')}`;
    const add = await fetch(`${base}/jeecg-boot/sys/position/add`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Token': token }, body: JSON.stringify({ code: name, name, postRank: '1' }),
    });
    expect((await add.json() as { success: boolean }).success).toBe(true);
    const lists = await Promise.all([get(`/jeecg-boot/sys/position/list?name=${name}`), get(`/jeecg-boot/sys/position/list?name=${name}`)]);
    for (const l of lists) expect(l.body.result.records.map((r: { name: string }) => r.name)).toEqual([name]);
    // A live socket opened now lands on a living instance.
    const live = await openLive(`${base}/jeecg-boot`, userId, token);
    sockets.push(live);
    live.ws.send('HeartBeat');
    expect(await live.next((m) => m.cmd === 'heartcheck', 5000)).toMatchObject({ cmd: 'heartcheck' });
  });

  it('stores every keyed write once while an instance is killed mid-write: nginx sends them on, the client retries what failed', async () => {
    // up.sh again starts what is not running (instance 2, killed above), compiled, and leaves the rest.
    execFileSync('bash', ['scripts/cluster/up.sh'], { env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 150_000 });
    const pid = Number(fs.readFileSync(path.join(dir, 'instance-2.pid'), 'utf8'));
    const run = randomBytes(3).toString('hex');
    const WRITES = 160;
    const send = (code: string, key: string) => fetch(`${base}/jeecg-boot/sys/position/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Token': token, 'Idempotency-Key': key },
      body: JSON.stringify({ code, name: code, postRank: '1' }),
    }).then(async (r) => ({ status: r.status, success: ((await r.json().catch(() => null)) as { success?: boolean } | null)?.success }), () => ({ status: 0, success: undefined }));
    let next = 0;
    const seen: { code: string; retried: boolean; ok: boolean }[] = [];
    // Eight clients as the web app is one: a write that fails (no answer, 502/503/504, or 409 while its
    // first sending still runs) is sent again with its key.
    const client = async () => {
      for (let i = next++; i < WRITES; i = next++) {
        if (i === 40) process.kill(pid, 'SIGKILL'); // while the other clients' writes are in flight
        const code = `K${run}${i}`;
        let res = await send(code, `cluster-${run}-${i}`);
        let retried = false;
        for (let tries = 0; (res.status === 0 || res.status === 409 || res.status >= 502) && tries < 10; tries++) {
          retried = true;
          await new Promise((r) => setTimeout(r, 300));
          res = await send(code, `cluster-${run}-${i}`);
        }
        seen.push({ code, retried, ok: res.status === 200 && res.success === true });
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(seen.filter((w) => !w.ok)).toEqual([]);
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    try {
      const { rows } = await c.query<{ code: string; n: string }>('select code, count(*) as n from sys_position where code like $1 group by code', [`K${run}%`]);
      expect(rows).toHaveLength(WRITES);
      expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
    } finally {
      await c.end();
    }
    // What nginx sent on to another instance, and what the clients sent again, all stored once.
    const log = fs.readFileSync(path.join(dir, 'nginx-access.log'), 'utf8').split('\n').filter((l) => l.includes('/sys/position/add'));
    const passedOn = log.filter((l) => /"upstream":"[^"]*, /.test(l)).length;
    console.log(`cluster: ${WRITES} keyed writes, instance 2 killed at the 40th; nginx sent ${passedOn} on to another instance, the clients retried ${seen.filter((w) => w.retried).length}; each stored once`);
  }, 240_000);
});
