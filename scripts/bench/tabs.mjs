// Open tabs benchmark (not a test): is navigation slower with many tabs open? In headless Chromium
// the administrator signs in twice on one fresh server. Each session opens the same probe routes
// (six menu pages spread over the menu), each from 工作台 and closed again after; the second session
// first opens 50 other menu pages and leaves their tabs open. Per probe: ms to its first render
// (as routes.mjs counts it) and the main thread's long-task time meanwhile (the work React did,
// hidden kept-alive pages included). Then, with the 50 tabs open, the header's user menu must
// still open on hover.
// Aim (issue 37): navigation no slower after 50 open tabs than after 1 (ratio ≤ 1.1 at the median).
// Usage: node scripts/bench/tabs.mjs   env WEB_DIST (default dist/web), DATABASE_URL (PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, signedIn, startApp } from './lib/back-office.mjs';
import { reportFigure } from './lib/figures.mjs';

const OPEN_TABS = 50;
const PROBES = 6;
const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error('build the web app first: npm run build (or set WEB_DIST)');
  process.exit(1);
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

/** The long tasks' total since the last call, in ms (a PerformanceObserver installed in the page). */
const longTasks = (page) => page.evaluate(() => {
  if (!window.__long) {
    window.__long = 0;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long += e.duration; }).observe({ type: 'longtask', buffered: false });
  }
  const v = window.__long; window.__long = 0; return v;
});

const closeActiveTab = (page) => page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();

async function session(browser, base, withTabs) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { page, leaves, open, neutral } = await signedIn(context, base);
  await page.waitForTimeout(5000); // the pages' code loads while idle, as in routes.mjs
  const candidates = leaves.filter((l) => l.path !== '/dashboard/workplace' && l.path !== '/dashboard/analysis');
  const step = Math.floor(candidates.length / PROBES);
  const probes = Array.from({ length: PROBES }, (_, i) => candidates[i * step + 1]);
  const others = candidates.filter((l) => !probes.includes(l)).slice(0, OPEN_TABS);
  if (withTabs) {
    for (const o of others) await open(o.path, o.title);
    await neutral();
    if (others.length < OPEN_TABS) console.warn(`only ${others.length} other menu pages to open`);
  }
  const tabs = await page.locator('.ant-tabs-nav .ant-tabs-tab').count();
  await longTasks(page);
  const visits = [];
  for (const p of probes) {
    const ms = await open(p.path, p.title);
    const busy = await longTasks(page);
    await closeActiveTab(page);
    await neutral();
    await longTasks(page);
    visits.push({ ...p, ms, busy });
  }
  // The header's user menu opens on hover (a kept page's re-render once swallowed it).
  const avatar = page.locator('.ant-layout-header .ant-dropdown-trigger').last();
  await avatar.hover();
  const menuOpened = await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ timeout: 3000 }).then(() => true, () => false);
  await context.close();
  return { tabs, visits, menuOpened };
}

const app = await startApp(webDist, 18900 + Math.floor(Math.random() * 90));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const one = await session(browser, app.base, false);
  const many = await session(browser, app.base, true);
  console.log(`open tabs: first render of ${PROBES} menu pages with few tabs open, then with ${OPEN_TABS} more (ms; long tasks ms), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, load avg ${os.loadavg()[0].toFixed(1)}`);
  console.log(`  ${'route'.padEnd(40)} ${`${one.tabs} tabs`.padStart(16)} ${`${many.tabs} tabs`.padStart(16)}`);
  for (const [i, v] of one.visits.entries()) {
    const w = many.visits[i];
    console.log(`  ${`${v.path} ${v.title}`.padEnd(40)} ${`${v.ms.toFixed(0)} (${v.busy.toFixed(0)})`.padStart(16)} ${`${w.ms.toFixed(0)} (${w.busy.toFixed(0)})`.padStart(16)}`);
  }
  const m1 = median(one.visits.map((v) => v.ms));
  const m50 = median(many.visits.map((v) => v.ms));
  const b1 = median(one.visits.map((v) => v.busy));
  const b50 = median(many.visits.map((v) => v.busy));
  console.log(`  median ${m1.toFixed(0)} → ${m50.toFixed(0)} ms (×${(m50 / m1).toFixed(2)}; aim ≤ 1.1), long tasks ${b1.toFixed(0)} → ${b50.toFixed(0)} ms`);
  console.log(`  user menu opens on hover: ${one.menuOpened ? 'yes' : 'NO'} with few tabs, ${many.menuOpened ? 'yes' : 'NO'} with ${many.tabs}`);
  reportFigure('tabs', `navigation with ${OPEN_TABS} tabs open ÷ with one (median first render)`, m50 / m1, '×', 1.1);
} finally {
  await browser.close();
  await app.stop();
}
