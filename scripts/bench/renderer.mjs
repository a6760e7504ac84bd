// Renderer benchmark (not a test: it measures and prints, it asserts nothing). In headless Chromium:
//  - the generic list table (DataTable, 50 columns × 100 rows, cells through the widget registry)
//    next to a hand-written antd Table with the same columns, rows and table props;
//  - the generic form (the real FormModal in add mode, 2,000 fields compiled from a page schema)
//    next to a hand-written antd Form with 2,000 Form.Items in the same Modal.
// Per case N fresh page loads (a new browser context each): navigation start → the content in the
// DOM and painted (performance marks in scripts/bench/renderer/main.tsx; for the forms also → the
// modal's opening animation done), and the main thread's CPU time to that mark. For the forms also typing
// 10 characters into field #1000: keydown → next paint per key, the main thread's CPU time per key, and which fields' input components
// re-rendered per keystroke (a render probe around every input of both forms). One more load per
// case on React's profiling build counts Profiler commits per keystroke and the mount commit's time.
//  - (issue 17) a 1,000-row × 10-column page: DataTable (virtual past 100 rows) next to a plain antd Table
//    with the same rows: open, then scroll top → bottom (1,000 px steps, a painted frame each), and the rows in the DOM.
// Aims (issue): generic within 1.5× of the hand-written page; typing re-renders only the typed field;
// typing under 16 ms a key (a key's main-thread work within a frame); the virtual table opens and scrolls in ≤ 0.5× the plain table's time.
// Usage: node scripts/bench/renderer.mjs [N=5]
//   env CASES=schemaTable,antdTable,schemaForm,antdForm,plainForm,virtualTable,plainTable (a subset; plainForm is
//       the floor for typing: the same fields as native inputs)  KEEP=1 (keep the build dir)
//       VARIANTS=1 (also the table variants that show where the generic table's time goes: schemaTable
//         without sorters, with short texts (no cell tooltips), with tooltips mounted on first hover
//         (a proposed fix, scripts/bench/renderer/cases/lazytip.tsx); antdTable with sorters)
//       KEY_PROFILE=<case>[,<case>] (also: a CPU profile of the typing, where a key's script time goes; N=0 runs only that;
//         KEY_PROFILE_FIRST=1: the first key after the form opened only)
//       PROFILE=<case>[,<case>] (also: CPU profiles of PROFILE_RUNS=3 loads of the profiling build, top self-time
//         functions, and with two cases where the first one's extra time goes; N=0 runs only that)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { reportFigure } from './lib/figures.mjs';

const N = Number(process.argv[2] ?? 5);
const FIRST_KEY_ONLY = process.env.KEY_PROFILE_FIRST === '1';
const ALL = ['schemaTable', 'antdTable', 'schemaForm', 'antdForm', 'plainForm', 'virtualTable', 'plainTable'];
const VARIANT_CASES = ['schemaTable:nosort', 'schemaTable:short', 'schemaTable:lazytip', 'antdTable:sort'];
const CASES = [...(process.env.CASES ? process.env.CASES.split(',') : ALL), ...(process.env.VARIANTS ? VARIANT_CASES : [])];
const PAIRS = [['schemaTable', 'antdTable'], ['schemaForm', 'antdForm'], ['virtualTable', 'plainTable']];
const BIG = new Set(['virtualTable', 'plainTable']);
const FORMS = new Set(['schemaForm', 'antdForm', 'plainForm']);
const isForm = (c) => FORMS.has(c.split(':')[0]);
const caseUrl = (c) => { const [name, variant] = c.split(':'); return `case=${name}${variant ? `&variant=${variant}` : ''}`; };
const TYPED = 'f1000';
const TEXT = 'abcdefghij';
const benchDir = path.join(import.meta.dirname, 'renderer');

// ---- build: the normal production build and a profiling one ------------------------------------
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-renderer-'));
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = 'true';
const { build } = await import('vite');
for (const [dir, profiling] of [['prod', '0'], ['prof', '1']]) {
  process.env.BENCH_PROFILING = profiling;
  const t0 = performance.now();
  await build({ configFile: path.join(benchDir, 'vite.config.ts'), root: benchDir, logLevel: 'warn', build: { outDir: path.join(out, dir) } });
  console.log(`built ${dir === 'prod' ? 'production' : 'profiling'} bench page in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
delete process.env.BENCH_PROFILING;

// ---- a tiny static server ----------------------------------------------------------------------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const server = http.createServer((req, res) => {
  const file = path.join(out, path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)));
  if (!file.startsWith(out) || !fs.existsSync(file) || !fs.statSync(file).isFile()) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

/** One fresh load of a case: a new context, so nothing is cached. */
async function load(name, build, { type = false, cpuProfile = false, keyProfile = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  if (cpuProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  try {
    await page.goto(`${base}/${build}/index.html?${caseUrl(name)}`);
    const marked = (name) => page.waitForFunction((n) => performance.getEntriesByName(n).length > 0 || window.__bench?.error, name, { timeout: 120_000, polling: 50 });
    await marked('bench:rendered');
    // Main-thread CPU time (thread ticks) just after the mark: steadier than wall time when other
    // processes share the machine. The bench's own DevTools polling is taken out.
    const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value * 1000]));
    await marked('bench:visible');
    const r = await page.evaluate(() => {
      const at = (n) => performance.getEntriesByName(n)[0]?.startTime;
      return {
        error: window.__bench.error, rendered: at('bench:rendered'), visible: at('bench:visible'),
        mountCommits: window.__bench.mountCommits, profiling: window.__bench.profiling,
        dom: document.getElementsByTagName('*').length,
      };
    });
    r.main = { cpu: m.ThreadTime - m.DevToolsCommandDuration, script: m.ScriptDuration, style: m.RecalcStyleDuration, layout: m.LayoutDuration };
    if (r.error) throw new Error(`${name}: ${r.error}`);
    if (errors.length) throw new Error(`${name}: page error ${errors[0]}`);
    if (cpuProfile) r.cpu = (await cdp.send('Profiler.stop')).profile;
    if (BIG.has(name)) Object.assign(r, await scrollThrough(page, name, cdp));
    if (type) r.typing = await typeInto(page, name, cdp, keyProfile);
    return r;
  } finally {
    await context.close();
  }
}

/**
 * The 1,000-row page scrolled from top to bottom in the page (no DevTools round trip per step): ms for the
 * whole scroll, the steps it took and the rows in the DOM at the end.
 */
async function scrollThrough(page, name, cdp) {
  const cpu = async () => { const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value * 1000])); return m.ThreadTime - m.DevToolsCommandDuration; };
  const cpu0 = await cpu();
  const r = await page.evaluate(async () => {
    const box = document.querySelector('.ant-table-tbody-virtual-holder, .ant-table-body');
    const frame = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
    const lastShown = () => {
      const last = document.querySelector('[data-row-key="big1000"]')?.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return !!last && last.top < b.bottom && last.bottom > b.top;
    };
    // Steps of 1,000 px, each followed by the frame it paints, until the last row is in view (a virtual
    // list only learns its rows' real heights as it shows them, so its first estimate of the end is short).
    const t0 = performance.now();
    let steps = 0;
    while (!lastShown() && steps < 500) {
      box.scrollTop += 1000;
      await frame();
      steps++;
    }
    const rows = document.querySelectorAll('.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row');
    return { scrollMs: performance.now() - t0, rowsInDom: rows.length, steps, shown: lastShown() };
  });
  if (!r.shown) throw new Error(`${name}: the last row is not in view after ${r.steps} steps`);
  return { ...r, scrollCpu: (await cpu()) - cpu0 };
}

/**
 * Types TEXT into field #1000, a key every 100 ms; per key: keydown → next paint, the main thread's CPU
 * time over the key's 100 ms (its handlers, the reactions and validation after them, and the frame that
 * draws it: the work that must fit in a 16.7 ms frame), and the fields whose inputs rendered.
 * The latency also holds the wait for the next frame, 0–16.7 ms by where the key falls between frames.
 */
async function typeInto(page, name, cdp, keyProfile = false) {
  const input = page.locator(`input[data-field="${TYPED}"]`);
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__bench.keyRenders = []; window.__bench.keyPaint = []; window.__bench.commits = []; });
  if (keyProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value * 1000]));
  const cpu = (m) => m.ThreadTime - m.DevToolsCommandDuration;
  const keyCpu = [], keyParts = [];
  let profile;
  for (const ch of TEXT) {
    const before = await metrics();
    await page.keyboard.press(ch);
    await page.waitForTimeout(100);
    const after = await metrics();
    keyCpu.push(cpu(after) - cpu(before));
    keyParts.push(['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map((k) => after[k] - before[k]));
    if (keyProfile && FIRST_KEY_ONLY && keyCpu.length === 1) profile = (await cdp.send('Profiler.stop')).profile;
  }
  await page.waitForTimeout(400);
  if (keyProfile && !profile) profile = (await cdp.send('Profiler.stop')).profile;
  const t = await page.evaluate(() => ({ keyPaint: window.__bench.keyPaint, keyRenders: window.__bench.keyRenders, commits: window.__bench.commits }));
  t.keyCpu = keyCpu;
  t.keyParts = keyParts;
  t.profile = profile;
  const value = await input.inputValue();
  if (value !== TEXT) throw new Error(`${name}: typed "${TEXT}" but field ${TYPED} holds "${value}"`);
  return t;
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => { const s = sorted(xs); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const pct = (xs, p) => { const s = sorted(xs); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const f0 = (x) => (x === undefined ? '—' : x.toFixed(0));
const f1 = (x) => (x === undefined ? '—' : x.toFixed(1));

// ---- runs: cases interleaved, so background load spreads over all of them -----------------------
const res = Object.fromEntries(CASES.map((c) => [c, { scroll: [], scrollCpu: [], rowsInDom: 0, mount: [], visible: [], keyMs: [], keyCpu: [], firstKeyCpu: [], keyParts: [], fieldsPerKey: [], typedPerKey: [], others: new Set(), dom: 0, cpu: [], script: [], style: [], layout: [] }]));
for (let i = 0; i < N; i++) {
  for (const c of CASES) {
    const r = await load(c, 'prod', { type: isForm(c) });
    const s = res[c];
    s.mount.push(r.rendered);
    s.visible.push(r.visible);
    s.dom = r.dom;
    if (r.scrollMs !== undefined) { s.scroll.push(r.scrollMs); s.scrollCpu.push(r.scrollCpu); s.rowsInDom = r.rowsInDom; s.steps = r.steps; }
    s.cpu.push(r.main.cpu); s.script.push(r.main.script); s.style.push(r.main.style); s.layout.push(r.main.layout);
    if (r.typing) {
      s.keyMs.push(...r.typing.keyPaint);
      s.keyCpu.push(...r.typing.keyCpu);
      s.firstKeyCpu.push(r.typing.keyCpu[0]);
      s.keyParts.push(...r.typing.keyParts);
      for (const bucket of r.typing.keyRenders) {
        s.fieldsPerKey.push(Object.keys(bucket).length);
        s.typedPerKey.push(bucket[TYPED] ?? 0);
        for (const f of Object.keys(bucket)) if (f !== TYPED) s.others.add(f);
      }
    }
    process.stdout.write(`  run ${i + 1}/${N} ${c.padEnd(24)} ${f0(r.rendered)} ms (CPU ${f0(r.main.cpu)} ms)${r.typing ? `, typing ${f1(median(r.typing.keyPaint))} ms/key (CPU ${f1(median(r.typing.keyCpu))} ms)` : ''}\n`);
  }
}

// ---- profiling build: React commits (mount and per keystroke) -----------------------------------
for (const c of N > 0 ? CASES : []) {
  const r = await load(c, 'prof', { type: isForm(c) });
  if (!r.profiling) throw new Error('the profiling build did not call Profiler onRender');
  const s = res[c];
  s.mountCommit = r.mountCommits.reduce((a, x) => a + x.actual, 0);
  s.mountCommits = r.mountCommits.length;
  if (r.typing) {
    const keys = r.typing.keyRenders.length;
    s.commitsPerKey = r.typing.commits.length / keys;
    s.commitMsPerKey = r.typing.commits.reduce((a, x) => a + x.actual, 0) / keys;
  }
}

if (N > 0) await printResults();

if (process.env.PROFILE) {
  const profiled = process.env.PROFILE.split(',');
  const runs = Number(process.env.PROFILE_RUNS ?? 3);
  const selfTimes = [];
  const inclTimes = [];
  const add = (total, m) => { for (const [k, ms] of m) total.set(k, (total.get(k) ?? 0) + ms / runs); };
  for (const c of profiled) {
    const self = new Map();
    const incl = new Map();
    for (let i = 0; i < runs; i++) {
      const { cpu } = await load(c, 'prof', { cpuProfile: true });
      add(self, selfTime(cpu));
      add(incl, selfTime(cpu, true));
    }
    selfTimes.push(self);
    inclTimes.push(incl);
    printTop(`CPU profile of ${c} (profiling build, unminified; mean of ${runs} loads, navigation → bench:visible): top self time`, self, [...self.values()].reduce((a, b) => a + b, 0));
  }
  if (profiled.length === 2) {
    const diff = (a, b) => new Map([...new Set([...a.keys(), ...b.keys()])].map((k) => [k, (a.get(k) ?? 0) - (b.get(k) ?? 0)]));
    const d = diff(...selfTimes);
    printTop(`self time, ${profiled[0]} minus ${profiled[1]}`, d, [...d.values()].reduce((a, b) => a + b, 0));
    printTop(`inclusive time, ${profiled[0]} minus ${profiled[1]} (a function's whole call tree; nested entries overlap)`, diff(...inclTimes));
  }
}

if (process.env.KEY_PROFILE) {
  // Where a key's script time goes: the typing of KEY_PROFILE_RUNS=3 loads of the profiling build, profiled.
  const runs = Number(process.env.KEY_PROFILE_RUNS ?? 3);
  for (const c of process.env.KEY_PROFILE.split(',')) {
    const self = new Map(), incl = new Map();
    const add = (total, m, keys) => { for (const [k, ms] of m) total.set(k, (total.get(k) ?? 0) + ms / runs / keys); };
    for (let i = 0; i < runs; i++) {
      const { typing } = await load(c, 'prof', { type: true, keyProfile: true });
      add(self, selfTime(typing.profile), FIRST_KEY_ONLY ? 1 : TEXT.length);
      add(incl, selfTime(typing.profile, true), FIRST_KEY_ONLY ? 1 : TEXT.length);
    }
    self.delete('(idle)');
    printTop(`${c}: ${FIRST_KEY_ONLY ? 'the first key\'s' : 'a key\'s'} CPU profile (profiling build; mean over ${runs} loads × ${FIRST_KEY_ONLY ? 1 : TEXT.length} keys): top self time`, self, [...self.values()].reduce((a, b) => a + b, 0));
    incl.delete('(idle)'); incl.delete('(root)');
    printTop(`${c}: a key, inclusive time (nested entries overlap)`, incl);
  }
}

await browser.close();
server.close();
if (!process.env.KEEP) fs.rmSync(out, { recursive: true, force: true });
else console.log(`build kept in ${out}`);

async function printResults() {
  const cpus = os.cpus();
  console.log(`\nrenderer bench: ${N} fresh loads per case, headless Chromium ${browser.version()}, ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, load avg ${os.loadavg()[0].toFixed(1)}`);
  console.log('mount = navigation start → content in the DOM and painted (ms)');
  const head = ['case', 'mount med', 'p95', 'min', 'max', 'ratio', 'visible med', 'ratio', 'CPU med', 'CPU ratio', 'script/style/layout', 'React ms', 'DOM nodes', 'type ms/key', 'p95', 'CPU/key', 'p95', 'fields/key', 'typed/key', 'commits/key'];
  const rows = [head];
  for (const c of CASES) {
    const s = res[c];
    const pair = PAIRS.find((p) => p[0] === c.split(':')[0]);
    const h = pair && res[pair[1]];
    const typed = isForm(c);
    rows.push([
      c, f0(median(s.mount)), f0(pct(s.mount, 95)), f0(Math.min(...s.mount)), f0(Math.max(...s.mount)),
      h ? `${(median(s.mount) / median(h.mount)).toFixed(2)}×` : '',
      typed ? f0(median(s.visible)) : '', typed && h ? `${(median(s.visible) / median(h.visible)).toFixed(2)}×` : '',
      f0(median(s.cpu)), h ? `${(median(s.cpu) / median(h.cpu)).toFixed(2)}×` : '',
      `${f0(median(s.script))}/${f0(median(s.style))}/${f0(median(s.layout))}`, `${f0(s.mountCommit)} (${s.mountCommits})`, String(s.dom),
      typed ? f1(median(s.keyMs)) : '', typed ? f1(pct(s.keyMs, 95)) : '',
      typed ? f1(median(s.keyCpu)) : '', typed ? f1(pct(s.keyCpu, 95)) : '',
      typed ? f1(s.fieldsPerKey.reduce((a, b) => a + b, 0) / s.fieldsPerKey.length) : '',
      typed ? f1(s.typedPerKey.reduce((a, b) => a + b, 0) / s.typedPerKey.length) : '',
      typed ? `${f1(s.commitsPerKey)} (${f1(s.commitMsPerKey)} ms)` : '',
    ]);
  }
  const w = head.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [n, r] of rows.entries()) {
    console.log(r.map((x, i) => (i === 0 ? x.padEnd(w[i]) : x.padStart(w[i]))).join('  '));
    if (n === 0) console.log(w.map((x) => '-'.repeat(x)).join('  '));
  }
  console.log([
    'ratio: generic / hand-written, medians; visible: navigation → the modal\'s opening animation done (forms); CPU = main-thread CPU ms to the mount mark',
    '(thread time, steadier than wall time on a shared machine); script/style/layout: main-thread CPU ms to the mark (CDP Performance.getMetrics);',
    'React ms: Profiler actualDuration of the commits up to the mark (count), profiling build, one extra load; type ms/key: keydown → next paint (waiting 0–16.7 ms for the frame included);',
    'CPU/key: main-thread CPU ms over each key\'s 100 ms (handlers, reactions, validation, the frame drawing it);',
    'fields/key: distinct fields whose input component rendered per keystroke (probe); typed/key: renders of field #1000 per keystroke;',
    'commits/key: React commits per keystroke (their actualDuration), profiling build, one extra load',
  ].join('\n'));
  console.log('\nverdict (aims: generic ≤ 1.5× hand-written; typing re-renders only the typed field)');
  for (const [g, h] of PAIRS) {
    if (!res[g] || !res[h]) continue;
    const r = median(res[g].mount) / median(res[h].mount);
    console.log(`  ${g} / ${h}: ${r.toFixed(2)}× mount (CPU ${(median(res[g].cpu) / median(res[h].cpu)).toFixed(2)}×) — ${r <= 1.5 ? 'within' : 'MISSES'} 1.5×`);
  }
  if (res['antdTable:sort']) {
    for (const c of CASES.filter((x) => x.startsWith('schemaTable'))) {
      console.log(`  (variant) ${c} / antdTable:sort: ${(median(res[c].mount) / median(res['antdTable:sort'].mount)).toFixed(2)}× mount, CPU ${(median(res[c].cpu) / median(res['antdTable:sort'].cpu)).toFixed(2)}×`);
    }
  }
  if (res.virtualTable && res.plainTable) {
    const v = res.virtualTable, p = res.plainTable;
    const mount = median(v.mount) / median(p.mount), scroll = median(v.scroll) / median(p.scroll);
    const mountCpu = median(v.cpu) / median(p.cpu), scrollCpu = median(v.scrollCpu) / median(p.scrollCpu);
    console.log(`  virtualTable / plainTable (1,000 rows × 10 columns, rows in the DOM ${v.rowsInDom} / ${p.rowsInDom}):`);
    console.log(`    open   ${f0(median(v.mount))} / ${f0(median(p.mount))} ms = ${mount.toFixed(2)}×, main-thread CPU ${f0(median(v.cpu))} / ${f0(median(p.cpu))} ms = ${mountCpu.toFixed(2)}×`);
    console.log(`    scroll ${f0(median(v.scroll))} / ${f0(median(p.scroll))} ms = ${scroll.toFixed(2)}× (${v.steps} / ${p.steps} steps of 1,000 px, a frame each), main-thread CPU ${f0(median(v.scrollCpu))} / ${f0(median(p.scrollCpu))} ms = ${scrollCpu.toFixed(2)}×`);
    console.log(`    ${Math.max(mount, scrollCpu) <= 0.5 ? 'within' : 'MISSES'} 0.5× (open: wall time; scroll: CPU, since wall time there is mostly waiting for frames)`);
    reportFigure('renderer', 'virtual table open, 1,000 rows (× plain antd)', mount, '×', 0.5);
    reportFigure('renderer', 'virtual table scroll CPU, 1,000 rows (× plain antd)', scrollCpu, '×', 0.5);
  }
  if (res.schemaTable && res.antdTable) reportFigure('renderer', 'list table 100×50 mount (× hand-written antd)', median(res.schemaTable.mount) / median(res.antdTable.mount), '×', 1.5);
  if (res.schemaForm?.keyMs.length) {
    // The aim is the frame budget: a key's work must fit in a frame. Its latency to the next paint is
    // reported beside it, without an aim: it adds the wait for the frame, which no page code removes.
    reportFigure('renderer', '2,000-field form typing, main-thread work a key (p95)', pct(res.schemaForm.keyCpu, 95), 'ms', 16);
    reportFigure('renderer', '2,000-field form typing, keydown → next paint (p95)', pct(res.schemaForm.keyMs, 95), 'ms');
    // Issue 39: every key, the first after the form opened included.
    const { keyCpu, firstKeyCpu } = res.schemaForm;
    console.log(`  schemaForm: main-thread work a key, the slowest of ${keyCpu.length}: ${f1(Math.max(...keyCpu))} ms; the first key after the form opened: ${firstKeyCpu.map(f1).join(', ')} ms (aim every key < 16 ms)`);
    if (res.plainForm?.keyCpu.length) {
      const k = res.plainForm.keyCpu;
      console.log(`  plainForm (the floor: native inputs): main-thread work a key, median ${f1(median(k))}, p95 ${f1(pct(k, 95))}, slowest ${f1(Math.max(...k))} ms, first ${res.plainForm.firstKeyCpu.map(f1).join(', ')} ms; schemaForm: median ${f1(median(keyCpu))}, p95 ${f1(pct(keyCpu, 95))} ms`);
    }
    for (const c of CASES.filter(isForm)) {
      const parts = res[c].keyParts;
      console.log(`  ${c}: a key's script / style / layout, medians: ${[0, 1, 2].map((i) => f1(median(parts.map((p) => p[i])))).join(' / ')} ms`);
    }
    reportFigure('renderer', '2,000-field form typing, main-thread work of the slowest key (the first included)', Math.max(...keyCpu), 'ms', 16);
  }
  for (const c of CASES.filter(isForm)) {
    const s = res[c];
    const only = s.others.size === 0 && s.typedPerKey.every((n) => n > 0);
    const others = [...s.others];
    console.log(`  ${c}: ${only ? 'only the typed field re-renders' : `other fields re-render too (${others.length}: ${others.slice(0, 5).join(', ')}${others.length > 5 ? '…' : ''})`}`);
  }
}

/**
 * Time per function (name file:line), ms, of a CDP CPU profile: self time, or with `inclusive` the
 * time of the samples with the function anywhere on the stack (components: their whole subtree's
 * render, as React calls it from renderWithHooks).
 */
function selfTime(profile, inclusive = false) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (id) => {
    const cf = byId.get(id).callFrame;
    return `${cf.functionName || '(anonymous)'} ${cf.url ? `${path.basename(cf.url)}:${cf.lineNumber + 1}` : ''}`.trim();
  };
  const out = new Map();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const keys = new Set([keyOf(id)]);
    if (inclusive) for (let p = parent.get(id); p !== undefined; p = parent.get(p)) keys.add(keyOf(p));
    for (const k of keys) out.set(k, (out.get(k) ?? 0) + ms);
  });
  out.delete('(idle)');
  out.delete('(root)');
  return out;
}

function printTop(title, times, total) {
  console.log(`\n${title}${total === undefined ? '' : ` (${total.toFixed(total < 100 ? 1 : 0)} ms in all)`}`);
  for (const [k, ms] of [...times].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30))) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
}
