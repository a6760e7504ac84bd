// Back-office routes benchmark (not a test): in headless Chromium, the administrator logs in to a fresh
// server on the seed data, then every menu route (the leaves of the menu the server sends) is opened
// from inside the app, as a menu click does (history push, no page reload), twice: the first visit
// (the page's code may still download) and a repeat, each from 工作台. Per route: ms from the navigation to its first
// render = its tab is the active one (the navigation has been drawn: while React still worked on it, the old
// page looked quiet and was counted as done), no request of the page in flight, no loading spinner in view,
// and two painted frames.
// Prints each route, the slowest, and the previous run's figures beside them
// (kept in node_modules/.cache/bench/routes.json). Aim (issue 17): every route < 300 ms.
// Usage: node scripts/bench/routes.mjs   env WEB_DIST (default dist/web), DATABASE_URL (PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, signedIn, startApp } from './lib/back-office.mjs';
import { reportFigure } from './lib/figures.mjs';

const AIM_MS = 300;
const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
const previousFile = path.join(root, 'node_modules/.cache/bench/routes.json');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('build the web app first: npm run build (or set WEB_DIST)');
  process.exit(1);
}

const app = await startApp(webDist, 18900 + Math.floor(Math.random() * 90));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const { leaves, open, neutral, page } = await signedIn(await browser.newContext({ viewport: { width: 1440, height: 900 } }), app.base);
  // As a person reads the first page before a click: the pages' code loads meanwhile, while the browser is idle.
  await page.waitForTimeout(5000);
  const results = [];
  for (const r of leaves) {
    const first = await open(r.path, r.title);
    await neutral();
    const again = await open(r.path, r.title);
    results.push({ ...r, first, again });
    await neutral();
  }

  const previous = fs.existsSync(previousFile) ? JSON.parse(fs.readFileSync(previousFile, 'utf8')) : {};
  const fmt = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(0)}` : 'timeout').padStart(7);
  console.log(`back-office routes, first render after an in-app navigation (ms), ${results.length} menu routes, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, load avg ${os.loadavg()[0].toFixed(1)}`);
  console.log(`  ${'route'.padEnd(44)} ${'first'.padStart(7)} ${'again'.padStart(7)}   previous run: ${previous.at ?? 'none'}`);
  for (const r of results) {
    const p = previous.routes?.[r.path];
    console.log(`  ${`${r.path} ${r.title}`.padEnd(44)} ${fmt(r.first)} ${fmt(r.again)}   ${p ? `${fmt(p.first)} ${fmt(p.again)}` : ''}${Math.max(r.first, r.again) >= AIM_MS || !Number.isFinite(r.first) ? '   over the aim' : ''}`);
  }
  const slowest = results.reduce((a, b) => ((Number.isFinite(b.first) ? b.first : Infinity) > (Number.isFinite(a.first) ? a.first : Infinity) ? b : a));
  const slowestAgain = results.reduce((a, b) => (b.again > a.again ? b : a));
  console.log(`  slowest first visit: ${slowest.path} ${fmt(slowest.first).trim()} ms${previous.slowest ? ` (previous run: ${previous.slowest.path} ${previous.slowest.first.toFixed(0)} ms)` : ''}; slowest repeat: ${slowestAgain.path} ${slowestAgain.again.toFixed(0)} ms   aim < ${AIM_MS} ms`);
  reportFigure('routes', `slowest back-office route, first visit (${slowest.path})`, slowest.first, 'ms', AIM_MS);
  reportFigure('routes', `slowest back-office route, repeat visit (${slowestAgain.path})`, slowestAgain.again, 'ms', AIM_MS);
  fs.mkdirSync(path.dirname(previousFile), { recursive: true });
  fs.writeFileSync(previousFile, JSON.stringify({ at: new Date().toISOString(), slowest, routes: Object.fromEntries(results.map((r) => [r.path, r])) }));
} finally {
  await browser.close();
  await app.stop();
}
