// Start-up and login-page benchmark (not a test): prints
//  - cold start (empty data dir: migrate + seed) and warm start, from spawning the process to the first
//    200 on /2025/, for `npm start` (scripts/start.mjs: the compiled server, dist/server) beside the way
//    it started before issue 17 (the TypeScript sources through tsx) and a bare node:http server (the floor);
//  - the JS a first visit to the login page downloads in headless Chromium, raw and gzip, and its first
//    contentful paint.
// Aims (issue 17): warm < 500 ms, cold < 1 s, login page JS < 200 KB gzip.
// Usage: node scripts/bench/start.mjs [runs=3]   env WEB_DIST (default dist/web, built by `npm run build`)
//        START_ONLY=1 / LOGIN_ONLY=1 runs one half.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildServer, serverBuildState } from '../build-server.mjs';
import { reportFigure } from './lib/figures.mjs';

const runs = Number(process.argv[2] ?? 3);
const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('build the web app first: npm run build (or set WEB_DIST)');
  process.exit(1);
}
// The compile is a one-off after a change, not part of a start: done here so no start below pays it.
if (serverBuildState()) await buildServer();

let port = 18400 + Math.floor(Math.random() * 500);
const serverEnv = (dataDir) => ({ DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' });

/**
 * CPU time the process's main thread has used so far (Linux), in ms: on a busy machine the wall
 * clock mostly measures the wait for a core, this what the start itself costs.
 */
function mainThreadCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
  } catch {
    return NaN;
  }
}

/**
 * Spawns a server and times spawn → first 200 on `url`; `cpu`: its main thread's CPU time by then.
 * `args` are node's, or `{ npm: [...], cwd }` to start it through npm (its own process group, ended whole).
 */
async function timeToFirst200(args, env, url) {
  const p = port++;
  const t0 = performance.now();
  const viaNpm = !Array.isArray(args);
  const child = viaNpm
    ? spawn('npm', args.npm, { cwd: args.cwd ?? root, env: { ...process.env, ...env, PORT: String(p), HOST: '127.0.0.1' }, stdio: 'ignore', detached: true })
    : spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(p), HOST: '127.0.0.1' }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${p}${url}`);
        if (res.status === 200) return { ms: performance.now() - t0, cpu: mainThreadCpuMs(child.pid) };
      } catch { /* not listening yet */ }
      if (child.exitCode !== null) throw new Error(`${viaNpm ? `npm ${args.npm.join(' ')}` : args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - t0 > 60_000) throw new Error('no 200 within 60 s');
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null;
    if (viaNpm) { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ } } else child.kill('SIGTERM');
    await exited;
  }
}

/** A package whose `npm start` is a bare node:http server: the floor for a start through npm. */
function bareNpmPackage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bare-npm-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bare-http', private: true, scripts: { start: 'node server.js' } }));
  fs.writeFileSync(path.join(dir, 'server.js'), "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT);\n");
  return dir;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0).padStart(6)} ms`;

if (!process.env.LOGIN_ONLY) {
  const ways = {
    'npm start (compiled)': ['scripts/start.mjs'],
    'before: tsx sources': ['--import', 'tsx', 'src/server/main.ts'],
  };
  const bare = [], bareNpm = [], npmWarm = [];
  const bareDir = bareNpmPackage();
  const times = Object.fromEntries(Object.keys(ways).map((k) => [k, { cold: [], warm: [], coldCpu: [], warmCpu: [] }]));
  for (let i = 0; i < runs; i++) {
    bare.push((await timeToFirst200(['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)"], {}, '/')).ms);
    bareNpm.push((await timeToFirst200({ npm: ['start', '--silent'], cwd: bareDir }, {}, '/')).ms);
    for (const [name, args] of Object.entries(ways)) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
      try {
        for (const kind of ['cold', 'warm']) {
          const { ms, cpu } = await timeToFirst200(args, serverEnv(dataDir), '/2025/');
          times[name][kind].push(ms);
          times[name][`${kind}Cpu`].push(cpu);
        }
        // What a person types: `npm start` on the same (warm) data, beside the bare server's `npm start`.
        if (name === 'npm start (compiled)') npmWarm.push((await timeToFirst200({ npm: ['start', '--silent'] }, serverEnv(dataDir), '/2025/')).ms);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  const db = process.env.DATABASE_URL ? 'PostgreSQL (cold = a database the server has seeded before: only the data dir is new)' : 'SQLite';
  console.log(`start-up: spawn → first 200 on /2025/, median of ${runs}, ${db}, load avg ${os.loadavg()[0].toFixed(1)}`);
  console.log(`  ${''.padEnd(22)} ${'cold'.padStart(9)} ${'warm'.padStart(9)}   main thread's CPU time by then: cold, warm`);
  console.log(`  ${'bare node:http server'.padEnd(22)} ${''.padStart(9)} ${fmt(median(bare))}   (the floor)`);
  for (const [name, t] of Object.entries(times)) console.log(`  ${name.padEnd(22)} ${fmt(median(t.cold))} ${fmt(median(t.warm))}   ${fmt(median(t.coldCpu))} ${fmt(median(t.warmCpu))}`);
  console.log(`  through npm, warm: \`npm start\` ${fmt(median(npmWarm))}, a bare node:http server's \`npm start\` ${fmt(median(bareNpm))}: ×${(median(npmWarm) / median(bareNpm)).toFixed(2)}`);
  console.log('  aims: cold < 1000 ms, warm < 500 ms; through npm ≤ 2 × the bare server (issue 39)');
  fs.rmSync(bareDir, { recursive: true, force: true });
  const now = times['npm start (compiled)'];
  reportFigure('start', 'cold start (npm start → first 200)', median(now.cold), 'ms', 1000);
  reportFigure('start', 'warm start (npm start → first 200)', median(now.warm), 'ms', 500);
  reportFigure('start', 'warm npm start ÷ a bare server\'s npm start', median(npmWarm) / median(bareNpm), '×', 2);
}

if (!process.env.START_ONLY) {
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-login-'));
  const p = port++;
  const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...serverEnv(dataDir), PORT: String(p), HOST: '127.0.0.1' }, stdio: 'ignore' });
  try {
    for (let t = 0; t < 1200; t++) {
      try { if ((await fetch(`http://127.0.0.1:${p}/2025/`)).ok) break; } catch { /* starting */ }
      await new Promise((r) => setTimeout(r, 50));
    }
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, encoding: res.headers()['content-encoding'] ?? 'identity' });
    });
    await page.goto(`http://127.0.0.1:${p}/2025/user/login`, { waitUntil: 'networkidle' });
    await page.getByPlaceholder('请输入用户名').waitFor();
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    await browser.close();
    const sum = (k) => scripts.reduce((a, s) => a + s[k], 0);
    console.log(`\nlogin page, first visit (${scripts.length} scripts)`);
    for (const s of scripts.sort((a, b) => b.raw - a.raw).slice(0, 12)) console.log(`  ${path.basename(new URL(s.url).pathname).padEnd(36)} ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip  sent ${s.encoding}`);
    if (scripts.length > 12) console.log(`  … ${scripts.length - 12} smaller scripts`);
    console.log(`  total JS: ${(sum('raw') / 1024).toFixed(1)} KB raw, ${(sum('gzip') / 1024).toFixed(1)} KB gzip   aim < 200 KB gzip (before issue 17: 922 KB raw, 306 KB gzip)`);
    console.log(`  first contentful paint: ${fcp.toFixed(0)} ms`);
    reportFigure('start', 'login page JS (gzip)', sum('gzip') / 1024, 'KB', 200);
    reportFigure('start', 'login page first contentful paint', fcp, 'ms');
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
