// Two web builds compared route by route (not a test): the machine's speed drifts by a fifth over
// minutes here, more than most changes to a page, so two separate runs of routes.mjs cannot tell them
// apart. Two servers on the seed data, one per build, both signed in in one Chromium; every menu route's
// first visit is timed in A and in B back to back (which goes first alternates), each from 工作台, and
// with it the renderer's main-thread time (CDP Performance: TaskDuration, ScriptDuration).
// Prints the medians and sums of both and of the per-route differences.
// Usage: node scripts/bench/routes-ab.mjs <web dist A> <web dist B>   (e.g. two `vite build --outDir`s)
//   env ROUTES: a regular expression; only the menu routes whose path matches it are compared
//   env DETAIL=1: each route's two figures as well
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, signedIn, startApp } from './lib/back-office.mjs';

const dists = process.argv.slice(2, 4).map((d) => path.resolve(d));
if (dists.length !== 2 || !dists.every((d) => fs.existsSync(path.join(d, 'index.html')))) {
  console.error('usage: node scripts/bench/routes-ab.mjs <web dist A> <web dist B>');
  process.exit(1);
}

const apps = [];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const [i, dist] of dists.entries()) apps.push(await startApp(dist, 18800 + i * 10 + Math.floor(Math.random() * 10)));
  const sides = [];
  for (const app of apps) {
    const side = await signedIn(await browser.newContext({ viewport: { width: 1440, height: 900 } }), app.base);
    const cdp = await side.page.context().newCDPSession(side.page);
    await cdp.send('Performance.enable');
    const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    side.visit = async (r) => {
      const before = await metrics();
      const wall = await side.open(r.path, r.title);
      const after = await metrics();
      await side.neutral();
      return { wall, task: (after.TaskDuration - before.TaskDuration) * 1000, script: (after.ScriptDuration - before.ScriptDuration) * 1000 };
    };
    sides.push(side);
  }
  // As a person reads the first page before a click: the pages' code and schemas load meanwhile.
  await new Promise((r) => setTimeout(r, 6000));
  const rows = [];
  const only = process.env.ROUTES ? new RegExp(process.env.ROUTES) : null;
  for (const [i, r] of sides[0].leaves.filter((l) => !only || only.test(l.path)).entries()) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    const got = [];
    for (const s of order) got[s] = await sides[s].visit(r);
    rows.push({ path: r.path, a: got[0], b: got[1] });
  }
  const median = (v) => { const s = v.filter(Number.isFinite).sort((x, y) => x - y); return s[s.length >> 1]; };
  const sum = (v) => v.filter(Number.isFinite).reduce((x, y) => x + y, 0);
  const n = (v) => v.toFixed(0).padStart(6);
  console.log(`back-office routes, first visits paired: ${rows.length} routes, load avg ${os.loadavg()[0].toFixed(1)}\n  A ${dists[0]}\n  B ${dists[1]}`);
  console.log(`  ${'ms'.padEnd(8)} ${'A median'.padStart(9)} ${'A sum'.padStart(7)} ${'B median'.padStart(9)} ${'B sum'.padStart(7)} ${'median B−A'.padStart(11)} ${'B/A sum'.padStart(8)}`);
  for (const [k, label] of [['wall', 'visit'], ['task', 'tasks'], ['script', 'script']]) {
    const a = rows.map((r) => r.a[k]);
    const b = rows.map((r) => r.b[k]);
    console.log(`  ${label.padEnd(8)} ${n(median(a)).padStart(9)} ${n(sum(a)).padStart(7)} ${n(median(b)).padStart(9)} ${n(sum(b)).padStart(7)} ${n(median(rows.map((r) => r.b[k] - r.a[k]))).padStart(11)} ${(sum(b) / sum(a)).toFixed(3).padStart(8)}`);
  }
  console.log(`  routes at or over 300 ms: A ${rows.filter((r) => !(r.a.wall < 300)).length}, B ${rows.filter((r) => !(r.b.wall < 300)).length}`);
  if (process.env.DETAIL) for (const r of rows) console.log(`  ${r.path.padEnd(30)} A ${n(r.a.wall)}  B ${n(r.b.wall)}`);
} finally {
  await browser.close();
  for (const app of apps) await app.stop();
}
