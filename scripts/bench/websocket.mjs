// Live-notice benchmark (not a test). Opens SOCKETS sockets on /websocket/<admin id> (the token as
// the sub-protocol, as the bell does), publishes an announcement to everyone (发布 of an ALL
// notice) and times, per socket, from sending the publish request to hearing its `topic` message.
// Reports how many heard it within 1 s, p50/p95/max, and the server's memory per socket (heap and
// buffers after a full GC, with the sockets open minus before; RSS too, though GC makes it noisy). With INSTANCES=2 (needs REDIS_URL) the sockets
// are split over two server processes on one database and the publish goes to the first: the
// fan-out through Redis is timed as well.
// Then each socket's bell asks for its notices again, as the web app's bell does on a live notice
// (GET /sys/annountCement/listByUser, the same user's token), and the time from 发布 until the bell's
// answer holds the new notice is reported too: the herd every publication to everyone sets off.
// Aim (issue 15): every socket has the message within 1 s.
// Usage: node scripts/bench/websocket.mjs
//   env SOCKETS=1000  ROUNDS=3 (publishes; figures over all)  INSTANCES=1|2  REDIS_URL=redis://127.0.0.1:6379
//       DB=sqlite|postgres  PG_URL=postgres://postgres@127.0.0.1:5432/test
import { fork } from 'node:child_process';
import fs from 'node:fs';
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


const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-'));
const pgDb = DB === 'postgres' ? await throwawayPostgres(PG_URL, 'bench_ws') : null;
const servers = [];

async function startInstance() {
  const child = fork(path.join(import.meta.dirname, 'websocket/server.mjs'), [], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, WEB_DIST: dataDir, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: pgDb?.url ?? '', REDIS_URL: REDIS_URL ?? '' },
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const server = { child, ask: (type) => new Promise((resolve, reject) => {
    const on = (m) => { if (m.type === type || m.type === 'error') { child.off('message', on); if (m.type === 'error') reject(new Error(m.message)); else resolve(m); } };
    child.on('message', on);
  }) };
  servers.push(server);
  const { port } = await server.ask('ready');
  server.api = `http://127.0.0.1:${port}/jeecg-boot`;
  server.ws = server.api.replace(/^http/, 'ws');
  return server;
}

const memory = () => Promise.all(servers.map((s) => { const answer = s.ask('mem'); s.child.send({ type: 'mem' }); return answer; }));
const sumKb = (list, key) => list.reduce((a, m) => a + m[key], 0);

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
  const before = await memory();

  // Open the sockets, 100 at a time, spread over the instances.
  const sockets = [];
  const t0 = performance.now();
  for (let i = 0; i < SOCKETS; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) => new Promise((resolve, reject) => {
      const server = servers[(i + j) % servers.length];
      const ws = new WebSocket(`${server.ws}/websocket/${userId}`, [token]);
      ws.api = server.api;
      ws.once('open', () => { sockets.push(ws); resolve(); });
      ws.once('error', reject);
    })));
  }
  const openMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 2000));
  const after = await memory();

  const lat = [], shown = [];
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
        clearTimeout(timer); ws.off('message', on);
        const at = performance.now();
        // The bell reloads on the notice (useNoticeFeed): shown once its answer lists it.
        call(ws.api, token, '/sys/annountCement/listByUser').then((bell) => {
          if (bell.anntMsgList.some((n) => n.id === id)) shown.push(performance.now() - sent);
        }).catch(() => {}).finally(() => resolve(at));
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
  shown.sort((a, b) => a - b);
  const per = (key) => ((sumKb(after, key) - sumKb(before, key)) / SOCKETS).toFixed(1);
  console.log(`live notices: ${SOCKETS} sockets on ${INSTANCES} instance${INSTANCES > 1 ? 's (fan-out through Redis)' : REDIS_URL ? ' (through Redis)' : ''}, ${DB}, ${ROUNDS} publications to everyone`);
  console.log(`  opened in ${openMs.toFixed(0)} ms; per socket on the server: heap ${per('heapKb')} KB + buffers ${per('externalKb')} KB (after GC; RSS ${per('rssKb')} KB), heap ${(sumKb(before, 'heapKb') / 1024).toFixed(0)} → ${(sumKb(after, 'heapKb') / 1024).toFixed(0)} MB`);
  console.log(`  heard ${lat.length} of ${SOCKETS * ROUNDS} (${missed} missed in 5 s), ${lat.length - late} within 1 s; from sending 发布: p50 ${pct(lat, 0.5).toFixed(0)} ms, p95 ${pct(lat, 0.95).toFixed(0)} ms, max ${lat[lat.length - 1].toFixed(0)} ms`);
  console.log(`  bells showing it (each reloaded on hearing it): ${shown.length} of ${SOCKETS * ROUNDS}; from sending 发布: p50 ${pct(shown, 0.5).toFixed(0)} ms, p95 ${pct(shown, 0.95).toFixed(0)} ms, max ${shown[shown.length - 1]?.toFixed(0)} ms`);
  console.log(`  aim: every socket within 1 s — ${late === 0 && missed === 0 ? 'met' : 'NOT met'}`);
  console.log(`  ${machineLine()}`);
  for (const ws of sockets) ws.terminate();
} finally {
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) { const exited = new Promise((r) => s.child.once('exit', r)); s.child.kill('SIGTERM'); await exited; }
  }
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
