// Render probes: a module-level counter of renders per field, read by renderer.mjs through
// window.__bench. Both forms wrap their input components the same way, so both pay the same cost
// (the generic form's wrapper: cases/instrument-form.tsx).
import type { ComponentType } from 'react';

export interface BenchState {
  case: string;
  /** Renders of each field's input component since the last reset. */
  renders: Record<string, number>;
  /** Renders per keystroke: bucket k holds the renders after the k-th keydown. */
  keyRenders: Record<string, number>[];
  /** keydown to the paint after it (rAF, then a task), ms. */
  keyPaint: number[];
  /** React Profiler: commits and their actualDuration, bucketed per keystroke (profiling build only). */
  commits: { phase: string; actual: number; key: number }[];
  /** The commits up to bench:rendered. */
  mountCommits: { phase: string; actual: number; key: number }[];
  profiling: boolean;
  error?: string;
}

declare global {
  interface Window { __bench: BenchState }
}

export const bench: BenchState = { case: '', renders: {}, keyRenders: [], keyPaint: [], commits: [], mountCommits: [], profiling: false };
window.__bench = bench;

export function countRender(id: string): void {
  bench.renders[id] = (bench.renders[id] ?? 0) + 1;
  const k = bench.keyRenders.length - 1;
  if (k >= 0) bench.keyRenders[k][id] = (bench.keyRenders[k][id] ?? 0) + 1;
}

/** keydown → next paint, and a new render bucket per key. */
export function watchKeys(): void {
  document.addEventListener('keydown', (e) => {
    const t0 = e.timeStamp;
    bench.keyRenders.push({});
    requestAnimationFrame(() => setTimeout(() => bench.keyPaint.push(performance.now() - t0), 0));
  }, true);
}

/** The same wrapper for a hand-written Form.Item child: antd passes the field name as `id`. */
/* eslint-disable-next-line @typescript-eslint/no-explicit-any */
export function probed<P extends Record<string, any>>(Inner: ComponentType<P>): ComponentType<P> {
  function Probe(props: P) {
    const name = String(props.id ?? '?');
    countRender(name);
    return <Inner {...props} data-field={name} />;
  }
  Probe.displayName = `Probe(${Inner.displayName ?? Inner.name ?? 'input'})`;
  return Probe;
}
