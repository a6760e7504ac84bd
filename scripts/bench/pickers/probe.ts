// In-page timing, driven by pickers.mjs through window.__bench:
//  arm(name, check, args): the next trusted pointerdown/keydown starts the clock (its event
//    timestamp); a MutationObserver (and a per-frame poll) runs the named DOM check; once it holds,
//    the clock stops at the paint after it (rAF, then a task). The check must fail when armed, so a
//    step that changes nothing cannot pass.
//  armPaint(name): the next keydown → the paint after it (what a keystroke costs the main thread).
// Also kept per step: the longest main-thread task in it, and the API calls and script chunks that
// started after the input (resource timing).

type Args = Record<string, string>;

/** The popup of an open antd Select/TreeSelect. */
const openPopup = () => document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const texts = (root: ParentNode | null, selector: string) => [...(root?.querySelectorAll(selector) ?? [])].map((e) => e.textContent ?? '');

/** The data rows of the modal's table, as cell texts by column title; null while the table loads. */
function modalRows(): Record<string, string>[] | null {
  const table = document.querySelector('.ant-modal .ant-table-wrapper');
  if (!table || table.querySelector('.ant-spin-spinning')) return null;
  const heads = texts(table, '.ant-table-thead th');
  return [...table.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => {
    const cells = [...tr.children].map((td) => td.textContent ?? '');
    return Object.fromEntries(heads.map((h, i) => [h, cells[i]]));
  });
}

const CHECKS: Record<string, (a: Args) => boolean> = {
  /** The user picker's table shows rows. */
  rows: () => !!modalRows()?.length,
  /** …and every row's `column` holds `text` (equals it with `exact`). */
  rowsMatch: ({ column, text, exact }) => {
    const rows = modalRows();
    return !!rows?.length && rows.every((r) => (exact ? r[column] === text : (r[column] ?? '').includes(text)));
  },
  /** An open Select shows options. */
  options: () => !!openPopup()?.querySelector('.ant-select-item-option'),
  /** …and every option shown holds `text`. */
  optionsMatch: ({ text }) => {
    const shown = texts(openPopup(), '.ant-select-item-option');
    return shown.length > 0 && shown.every((t) => t.includes(text));
  },
  /** An open tree popup shows a node titled `title`. */
  node: ({ title }) => texts(openPopup(), '.ant-select-tree-title').includes(title),
  /** An open tree popup shows nodes holding `text`, and none else but ancestors matching `keep`. */
  nodesMatch: ({ text, keep }) => {
    const shown = texts(openPopup(), '.ant-select-tree-title');
    const ancestor = new RegExp(keep);
    return shown.some((t) => t.includes(text)) && shown.every((t) => t.includes(text) || ancestor.test(t));
  },
};

/** A request the page made: API call or script chunk, its path, start (after `since`) and duration (resource timing). */
export interface Request { kind: 'api' | 'js'; path: string; at: number; ms: number }
/** longTask: the longest main-thread task (Long Tasks API, ≥ 50 ms) overlapping the step, 0 if none. */
export interface Step { ms: number; longTask: number; requests: Request[] }
interface Pending { name: string; check?: () => boolean; start?: number }

export const bench = {
  ready: false,
  /** Baselines: fetching and parsing their data file, ms. */
  dataMs: undefined as number | undefined,
  steps: {} as Record<string, Step>,
  error: undefined as string | undefined,
  arm(name: string, check: string, args: Args = {}) {
    const fn = CHECKS[check];
    if (!fn) throw new Error(`unknown check ${check}`);
    if (fn(args)) throw new Error(`${name}: "${check}" ${JSON.stringify(args)} holds before the action`);
    pending = { name, check: () => fn(args) };
  },
  armPaint(name: string) {
    pending = { name };
  },
  /** API calls and script chunks that started at or after `since` (performance.now() time). */
  requests(since: number): Request[] {
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.startTime >= since && (e.name.includes('/jeecg-boot/') || /\.js(\?|$)/.test(e.name)))
      .map((e) => ({ kind: e.name.includes('/jeecg-boot/') ? 'api' : 'js', path: new URL(e.name).pathname.replace(/^\/jeecg-boot|^\/2025\/assets/, ''), at: e.startTime - since, ms: e.responseEnd - e.startTime }));
  },
  /** Whether a check holds now (the driver waits on it between timed steps). */
  holds: (check: string, args: Args = {}) => CHECKS[check](args),
};

// (not a global declaration: the renderer bench declares its own window.__bench type)
(window as unknown as { __bench: typeof bench }).__bench = bench;

let pending: Pending | null = null;
const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => { longTasks.push(...list.getEntries()); }).observe({ type: 'longtask', buffered: true });

function finish(p: Pending) {
  requestAnimationFrame(() => setTimeout(() => {
    const start = p.start!;
    const end = performance.now();
    const longTask = Math.max(0, ...longTasks.filter((t) => t.startTime + t.duration > start && t.startTime < end).map((t) => t.duration));
    bench.steps[p.name] = { ms: end - start, longTask, requests: bench.requests(start) };
  }, 0));
}

function watch(p: Pending) {
  let done = false;
  const test = () => {
    if (done || !p.check!()) return;
    done = true;
    observer.disconnect();
    finish(p);
  };
  const observer = new MutationObserver(test);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  const poll = () => { test(); if (!done) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
}

function onInput(e: Event) {
  if (!pending || pending.start !== undefined || !e.isTrusted) return;
  const p = pending;
  pending = null;
  p.start = e.timeStamp;
  if (p.check) watch(p);
  else finish(p);
}
addEventListener('pointerdown', onInput, true);
addEventListener('keydown', onInput, true);
