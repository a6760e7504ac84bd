// Live-notice benchmark (not a test). Opens SOCKETS sockets on /websocket/<admin id> (the token as
// the sub-protocol, as the bell does), publishes an announcement to everyone (发布 of an ALL
// notice) and times, per socket, from sending the publish request to hearing its `topic` message.
// Reports how many heard it within 1 s, p50/p95/max, and the server's resident memory per socket
// (RSS after the sockets opened minus before, /proc). With INSTANCES=2 (needs REDIS_URL) the sockets
// are split over two server processes on one database and the publish goes to the first: the
// fan-out through Redis is timed as well.
// Aim (issue 15): every socket has the message within 1 s.
// Usage: node scripts/bench/websocket.mjs
//   env SOCKETS=1000  ROUNDS=3 (publishes; figures over all)  INSTANCES=1|2  REDIS_URL=redis://127.0.0.1:6379
//       DB=sqlite|postgres  PG_URL=postgres://postgres@127.0.0.1:5432/test
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { machineLine, pct, repo, throwawayPostgres } from './lib/load.mjs';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
const DB = (process.env.DB ?? 'sqlite').toLowerCase();
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL;
const PASSWORD = 'Bench-Live-2025';
if (INSTANCES > 1 && !REDIS_URL) throw new Error('INSTANCES=2 needs REDIS_URL');

const freePort = () => new Promise((resolve, reject) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  srv.on('error', reject);
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-'));
const pgDb = DB === 'postgres' ? await throwawayPostgres(PG_URL, 'bench_ws') : null;
const servers = [];

async function startInstance() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repo,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dataDir, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn',
      JOBS: 'off', ADMIN_PASSWORD: PASSWORD, DATABASE_URL: pgDb?.url ?? '', REDIS_URL: REDIS_URL ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const api = `http://127.0.0.1:${port}/jeecg-boot`;
  for (const deadline = Date.now() + 60_000; ;) {
    try { if ((await fetch(`${api}/sys/randomImage/k1`)).status < 500) break; } catch { /* starting */ }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const server = { child, api, ws: api.replace(/^http/, 'ws') };
  servers.push(server);
  return server;
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

async function call(api, token, p, body) {
  const res = await fetch(`${api}${p}`, { method: body ? 'POST' : 'GET', headers: { 'X-Access-Token': token ?? '', 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (!json.success) throw new Error(`${p}: ${json.message}`);
  return json.result;
}

try {
  const first = await startInstance();
  const others = [];
  for (let i = 1; i < INSTANCES; i++) others.push(await startInstance());
  const login = await call(first.api, null, '/sys/login', { username: 'admin', password: PASSWORD });
  const { token } = login;
  const userId = login.userInfo.id;
  await new Promise((r) => setTimeout(r, 1000));
  const before = servers.map((s) => rssKb(s.child.pid));

  // Open the sockets, 100 at a time, spread over the instances.
  const sockets = [];
  const t0 = performance.now();
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) => new Promise((resolve, reject) => {
      const server = servers[(i + j) % servers.length];
      const ws = new WebSocket(`${server.ws}/websocket/${userId}`, [token]);
      ws.once('open', () => { sockets.push(ws); resolve(); });
      ws.once('error', reject);
    })));
  }
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2000));
  const after = servers.map((s) => rssKb(s.child.pid));

  const lat = [];
  let late = 0;
  let missed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const titile = `性能测试通知 ${round + 1}`;
    await call(first.api, token, '/sys/annountCement/add', { titile, msgCategory: '1', priority: 'L', msgType: 'ALL', msgContent: titile });
    const { records } = await call(first.api, token, `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`);
    const id = records[0].id;
    const heard = sockets.map((ws) => new Promise((resolve) => {
      const timer = setTimeout(() => { ws.off('message', on); resolve(null); }, 5000);
      const on = (data) => {
        if (JSON.parse(String(data)).msgId !== id) return;
        clearTimeout(timer); ws.off('message', on); resolve(performance.now());
      };
      ws.on('message', on);
    }));
    const sent = performance.now();
    await call(first.api, token, `/sys/annountCement/doReleaseData?id=${id}`);
    for (const at of await Promise.all(heard)) {
      if (at === null) { missed++; continue; }
      lat.push(at - sent);
      if (at - sent > 1000) late++;
    }
  }
  lat.sort((a, b) => a - b);
  const perSocketKb = after.reduce((a, v, i) => a + v - before[i], 0) / SOCKETS;
  console.log(`live notices: ${SOCKETS} sockets on ${INSTANCES} instance${INSTANCES > 1 ? 's (fan-out through Redis)' : REDIS_URL ? ' (through Redis)' : ''}, ${DB}, ${ROUNDS} publications to everyone`);
  console.log(`  opened in ${openMs.toFixed(0)} ms; server RSS ${before.map((v) => (v / 1024).toFixed(0)).join('+')} → ${after.map((v) => (v / 1024).toFixed(0)).join('+')} MB: ${perSocketKb.toFixed(1)} KB per socket`);
  console.log(`  heard ${lat.length} of ${SOCKETS * ROUNDS} (${missed} missed in 5 s), ${lat.length - late} within 1 s; from sending 发布: p50 ${pct(lat, 0.5).toFixed(0)} ms, p95 ${pct(lat, 0.95).toFixed(0)} ms, max ${lat[lat.length - 1].toFixed(0)} ms`);
  console.log(`  aim: every socket within 1 s — ${late === 0 && missed === 0 ? 'met' : 'NOT met'}`);
  console.log(`  ${machineLine()}`);
  for (const ws of sockets) ws.terminate();
} finally {
  for (const s of servers) {
    if (s.child.exitCode === null) { const exited = new Promise((r) => s.child.once('exit', r)); s.child.kill('SIGTERM'); await exited; }
  }
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
