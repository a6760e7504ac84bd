// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import G2Chart from './G2Chart';

const made: FakeChart[] = [];
class FakeChart {
  calls: string[] = [];
  options = vi.fn((spec: unknown) => { this.calls.push(`options ${JSON.stringify(spec)}`); });
  clear = vi.fn(() => { this.calls.push('clear'); });
  destroy = vi.fn();
  private painted: (() => void)[] = [];
  constructor(public opts: { height: number }) { made.push(this); }
  once(_event: string, fn: () => void) { this.painted.push(fn); }
  async render() { this.calls.push('render'); this.painted.splice(0).forEach((fn) => fn()); }
}
vi.mock('./loadG2', () => ({ loadG2: async () => ({ Chart: FakeChart }) }));

/** The viewport, as the test moves it: `scrollTo(true)` brings every observed chart into view. */
const observers: FakeObserver[] = [];
class FakeObserver {
  targets: Element[] = [];
  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) { observers.push(this); }
  observe(el: Element) { this.targets.push(el); }
  disconnect() { this.targets = []; }
  fire(inView: boolean) { if (this.targets.length) this.callback(this.targets.map((target) => ({ isIntersecting: inView, target }))); }
}
const scrollTo = (inView: boolean) => act(() => { for (const o of [...observers]) o.fire(inView); });

beforeEach(() => { vi.stubGlobal('IntersectionObserver', FakeObserver); });
afterEach(() => { cleanup(); made.length = 0; observers.length = 0; vi.unstubAllGlobals(); });

const spinning = (c: HTMLElement) => !!c.querySelector('.ant-spin');
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

it('covers the first draw with a spinner, then draws new options afresh in the same chart without one', async () => {
  const a = { type: 'interval', coordinate: { type: 'theta' } } as never, b = { type: 'interval' } as never;
  const view = render(<G2Chart spec={a} height={200} />);
  scrollTo(true);
  expect(spinning(view.container)).toBe(true);
  await settle();
  expect(spinning(view.container)).toBe(false);
  view.rerender(<G2Chart spec={b} height={200} />);
  expect(spinning(view.container)).toBe(false);
  await settle();
  expect(made).toHaveLength(1);
  // Cleared before the new options: G2 would merge them into the old ones.
  expect(made[0].calls).toEqual([`options ${JSON.stringify(a)}`, 'render', 'clear', `options ${JSON.stringify(b)}`, 'render']);
});

it('makes a new chart for a new height, and destroys its chart when it goes', async () => {
  const spec = { type: 'line', data: [1] } as never;
  const view = render(<G2Chart spec={spec} height={200} />);
  scrollTo(true);
  await settle();
  view.rerender(<G2Chart spec={spec} height={300} />);
  await settle();
  expect(made.map((c) => c.opts.height)).toEqual([200, 300]);
  expect(made[0].destroy).toHaveBeenCalledTimes(1);
  view.unmount();
  expect(made[1].destroy).toHaveBeenCalledTimes(1);
});

it('draws nothing until the chart comes into view: no chart, no spinner; then both, once', async () => {
  const view = render(<G2Chart spec={{ type: 'interval' } as never} height={200} />);
  await settle();
  scrollTo(false);
  await settle();
  expect(made).toHaveLength(0);
  expect(spinning(view.container)).toBe(false);
  scrollTo(true);
  expect(spinning(view.container)).toBe(true);
  await settle();
  expect(made).toHaveLength(1);
  expect(made[0].calls).toEqual([`options ${JSON.stringify({ type: 'interval' })}`, 'render']);
  scrollTo(false); // scrolled away and back: drawn already
  scrollTo(true);
  await settle();
  expect(made).toHaveLength(1);
});

it('draws at once where the browser cannot tell what is in view', async () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(<G2Chart spec={{ type: 'line' } as never} height={200} />);
  await settle();
  expect(made).toHaveLength(1);
});

it('is an image named by its title, its data following as a table for a screen reader (WCAG 1.1.1)', () => {
  const spec = { type: 'interval', data: [{ label: '信息技术', count: 12 }, { label: '先进制造', count: 7 }], encode: { x: 'label', y: 'count' } } as never;
  const view = render(<G2Chart spec={spec} height={200} title="各赛道申报数" fieldNames={{ label: '赛道', count: '申报数' }} />);
  expect(view.getByRole('img').getAttribute('aria-label')).toBe('各赛道申报数，共 2 项数据，见下方数据表');
  const table = view.getByRole('table', { name: '各赛道申报数' });
  expect(table.className).toBe('visually-hidden');
  expect([...table.querySelectorAll('tr')].map((tr) => tr.textContent)).toEqual(['赛道申报数', '信息技术12', '先进制造7']);
});
