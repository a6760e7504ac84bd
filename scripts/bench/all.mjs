// `npm run bench`: the issue-17 set in one go, then one table of its headline figures against their aims.
// Runs, one after another (never at once: they would measure each other):
//   start.mjs (cold/warm start, login page JS), list-shapes.mjs (every list shape beside the bare SQL,
//   xlsx export and import), renderer.mjs (virtual 1,000-row table, 2,000-field form typing, list table vs
//   antd), routes.mjs (every back-office route's first render), jobs.mjs (job scheduling overhead).
// SQLite by default; with DATABASE_URL set, list-shapes and routes run on PostgreSQL too.
// Each bench appends its figures to one JSON-lines file (lib/figures.mjs); a bench that fails is reported
// and the rest still run. Exit status 1 when a bench failed or a figure misses its aim.
// Usage: npm run bench   env ROWS (list-shapes rows, default 1,000,000), BENCH_QUICK=1 (200,000 rows,
//        shorter runs), ONLY=start,list-shapes,renderer,routes,jobs (a subset). The web app is built first
//        when dist/web is missing. The table is headed by this machine's speed before and after (lib/machine-speed.mjs).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const quick = !!process.env.BENCH_QUICK;
const figuresFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-all-')), 'figures.jsonl');
const pg = !!process.env.DATABASE_URL;

const BENCHES = [
  { name: 'start', args: ['scripts/bench/start.mjs', quick ? '2' : '3'] },
  {
    name: 'list-shapes',
    args: ['scripts/bench/list-shapes.mjs', ...(pg ? ['--pg'] : [])],
    env: { ROWS: process.env.ROWS ?? (quick ? '200000' : '1000000'), DURATION: quick ? '4' : '6', WARMUP: '1' },
  },
  { name: 'renderer', args: ['scripts/bench/renderer.mjs', quick ? '2' : '3'] },
  { name: 'routes', args: ['scripts/bench/routes.mjs'] },
  { name: 'tabs', args: ['scripts/bench/tabs.mjs'] },
  { name: 'dialogs', args: ['scripts/bench/dialogs.mjs'] },
  { name: 'kept-renders', args: ['scripts/bench/kept-renders.mjs'] },
  { name: 'jobs', args: ['scripts/bench/jobs.mjs'], env: { DURATION: quick ? '8' : '15' } },
];
const only = process.env.ONLY?.split(',');

function run(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_FIGURES: figuresFile, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** This machine's speed now (lib/machine-speed.mjs), in a fresh process: the yardstick the figures are read against. */
const machineSpeed = () => Number(execFileSync(process.execPath, [path.join(root, 'scripts/bench/lib/machine-speed.mjs')], { encoding: 'utf8' }).trim());

const t0 = Date.now();
const speedBefore = machineSpeed();
const failed = [];
if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('\n━━ building the web app (dist/web)');
  if (await run(['node_modules/vite/bin/vite.js', 'build'])) { console.error('web build failed'); process.exit(1); }
}
for (const b of BENCHES.filter((x) => !only || only.includes(x.name))) {
  console.log(`\n━━ ${b.name} ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━`);
  const started = Date.now();
  const code = await run(b.args, b.env);
  console.log(`   (${b.name}: ${((Date.now() - started) / 1000).toFixed(0)} s${code ? `, exit ${code}` : ''})`);
  if (code) failed.push(b.name);
}

const speedAfter = machineSpeed();
const figures = fs.existsSync(figuresFile) ? fs.readFileSync(figuresFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
const missed = figures.filter((f) => f.aim !== null && (f.better === 'higher' ? f.value < f.aim : f.value >= f.aim));
const width = Math.max(40, ...figures.map((f) => f.name.length + 2));
console.log(`\n━━ figures (${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load avg ${os.loadavg()[0].toFixed(1)}, ${pg ? 'SQLite and PostgreSQL' : 'SQLite'}, ${((Date.now() - t0) / 60000).toFixed(1)} min)`);
console.log(`  machine speed: a fixed piece of JavaScript took ${speedBefore} ms before the benches and ${speedAfter} ms after (lib/machine-speed.mjs;
  249–259 ms on the afternoon of 2026-11-28, when the benches ran ~1.5× slower than that morning). Compare two runs only beside it.`);
console.log(`  ${'bench'.padEnd(12)} ${'figure'.padEnd(width)} ${'value'.padStart(10)}  aim`);
for (const f of figures) {
  const aim = f.aim === null ? '' : `${f.better === 'higher' ? '≥' : '<'} ${f.aim} ${f.unit}  ${missed.includes(f) ? 'MISSED' : 'met'}`;
  console.log(`  ${f.bench.padEnd(12)} ${f.name.padEnd(width)} ${`${fmt(f.value)} ${f.unit}`.padStart(10)}  ${aim}`);
}
console.log(`\n  ${figures.length} figures, ${missed.length} missing their aim${failed.length ? `; benches that failed: ${failed.join(', ')}` : ''}`);
fs.rmSync(path.dirname(figuresFile), { recursive: true, force: true });
if (failed.length || missed.length) process.exitCode = 1;
