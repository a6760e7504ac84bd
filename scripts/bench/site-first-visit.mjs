// First-visit benchmark of the public contest site (not a test): starts the built product on a
// fresh data dir, opens /2025/web in headless Chromium with an empty cache and prints the JS and
// CSS it downloads (raw, gzip -9, and as actually sent) and the first contentful paint, next to
// the same figures for the back office's login page /2025/user/login measured in the same run.
// Usage: npm run build && node scripts/bench/site-first-visit.mjs [runs=3]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const runs = Math.max(1, Number(process.argv[2] ?? 3));
const root = path.resolve(import.meta.dirname, '../..');
if (!fs.existsSync(path.join(root, 'dist/web/site.html'))) {
  console.error('build the web app first: npm run build (dist/web/site.html is missing)');
  process.exit(1);
}

const freePort = () => new Promise((resolve, reject) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  srv.on('error', reject);
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: 'dist/web', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

const { chromium } = await import('playwright-core');
let browser;
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try { if ((await fetch(`${base}/2025/web`)).ok) break; } catch { /* starting */ }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });

  /** One cold visit: every script and stylesheet downloaded until the network is idle, and the FCP. */
  async function visit(url) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, locale: 'zh-CN' });
    const page = await context.newPage();
    const assets = [];
    const pending = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push((async () => {
        const body = await res.body().catch(() => Buffer.alloc(0));
        const sizes = await res.request().sizes().catch(() => ({ responseBodySize: body.length }));
        assets.push({ type, url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, sent: sizes.responseBodySize, encoding: res.headers()['content-encoding'] ?? 'identity' });
      })());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    await context.close();
    return { assets, fcp };
  }

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const kb = (n) => `${(n / 1024).toFixed(1).padStart(6)} KB`;
  const targets = [
    { name: 'public site /2025/web', path: '/2025/web', aim: 150 },
    { name: 'back-office login /2025/user/login', path: '/2025/user/login' },
  ];
  const summary = [];
  for (const t of targets) {
    const fcps = [];
    let detail;
    for (let i = 0; i < runs; i++) {
      const v = await visit(`${base}${t.path}`);
      fcps.push(v.fcp);
      detail ??= v.assets;
    }
    const sum = (type, k) => detail.filter((a) => a.type === type).reduce((n, a) => n + a[k], 0);
    console.log(`\n${t.name}: first visit, empty cache, 390×844 (${detail.length} files)`);
    for (const a of [...detail].sort((x, y) => y.gzip - x.gzip)) {
      console.log(`  ${a.type === 'script' ? 'js ' : 'css'} ${path.basename(new URL(a.url).pathname).padEnd(34)} ${kb(a.raw)} raw ${kb(a.gzip)} gzip  sent ${kb(a.sent)} ${a.encoding}`);
    }
    const row = { page: t.name, jsGzip: sum('script', 'gzip'), cssGzip: sum('stylesheet', 'gzip'), jsRaw: sum('script', 'raw'), jsSent: sum('script', 'sent'), fcp: median(fcps) };
    summary.push(row);
    console.log(`  JS  ${kb(row.jsRaw)} raw ${kb(row.jsGzip)} gzip  ${kb(row.jsSent)} sent${t.aim ? `   aim < ${t.aim} KB gzip: ${row.jsGzip / 1024 < t.aim ? 'met' : 'NOT met'}` : ''}`);
    console.log(`  CSS ${kb(row.cssGzip)} gzip`);
    console.log(`  first contentful paint: ${row.fcp.toFixed(0)} ms (median of ${runs}: ${fcps.map((f) => f.toFixed(0)).join(', ')})`);
  }
  console.log('\nsummary');
  console.log(`  ${'page'.padEnd(36)} ${'JS gzip'.padStart(10)} ${'CSS gzip'.padStart(10)} ${'FCP'.padStart(8)}`);
  for (const r of summary) console.log(`  ${r.page.padEnd(36)} ${kb(r.jsGzip).padStart(10)} ${kb(r.cssGzip).padStart(10)} ${`${r.fcp.toFixed(0)} ms`.padStart(8)}`);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
