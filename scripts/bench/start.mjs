// Start-up and first-load benchmark (not a test): prints
//  - cold start (empty data dir: migrate + seed) and warm start to the first 200 on /2025/,
//    next to a bare node:http server started the same way (the floor for "a Node process answers");
//  - the JS a first visit to the login page downloads, raw and as sent (br/gzip), with the time to
//    the first contentful paint in headless Chromium.
// Usage: npm run build && node scripts/bench/start.mjs [runs=3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const runs = Number(process.argv[2] ?? 3);
const root = path.resolve(import.meta.dirname, '../..');
if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('build the web app first: npm run build');
  process.exit(1);
}

let port = 18400;
async function timeToFirst200(args, env, url) {
  const p = port++;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(p), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${p}${url}`);
        if (res.status === 200) return performance.now() - t0;
      } catch { /* not listening yet */ }
      if (performance.now() - t0 > 60_000) throw new Error('no 200 within 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0).padStart(5)} ms`;

const bare = [], cold = [], warm = [];
for (let i = 0; i < runs; i++) {
  bare.push(await timeToFirst200(['-e', "require('http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT)"], {}, '/'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  cold.push(await timeToFirst200(['scripts/start.mjs'], { DATA_DIR: dataDir }, '/2025/'));
  warm.push(await timeToFirst200(['scripts/start.mjs'], { DATA_DIR: dataDir }, '/2025/'));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`start-up to first 200 on /2025/ (median of ${runs}, SQLite)`);
console.log(`  bare node:http server   ${fmt(median(bare))}   (floor)`);
console.log(`  cold (empty data dir)   ${fmt(median(cold))}   ${(median(cold) / median(bare)).toFixed(1)}× bare`);
console.log(`  warm (existing data)    ${fmt(median(warm))}   ${(median(warm) / median(bare)).toFixed(1)}× bare   aim < 1500 ms`);

// First visit to the login page in Chromium.
const { chromium } = await import('playwright-core');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-login-'));
const p = port++;
const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PORT: String(p), LOG_LEVEL: 'warn' }, stdio: 'ignore' });
try {
  for (let t = 0; t < 600; t++) {
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
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  await browser.close();
  const sum = (k) => scripts.reduce((a, s) => a + s[k], 0);
  console.log(`\nlogin page, first visit (${scripts.length} scripts)`);
  for (const s of scripts.sort((a, b) => b.raw - a.raw)) console.log(`  ${path.basename(new URL(s.url).pathname).padEnd(36)} ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw ${(s.gzip / 1024).toFixed(1).padStart(6)} KB gzip  sent ${s.encoding}`);
  console.log(`  total JS: ${(sum('raw') / 1024).toFixed(1)} KB raw, ${(sum('gzip') / 1024).toFixed(1)} KB gzip   aim < 350 KB gzip`);
  console.log(`  first contentful paint: ${fcp.toFixed(0)} ms`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
