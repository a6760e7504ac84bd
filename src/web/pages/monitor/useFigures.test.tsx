// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { PageActiveContext } from '../../layouts/basic/pageActive';
import { useFigures } from './useFigures';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);

function Figures() {
  const { data } = useFigures<{ n: number }>('/sys/monitor/runtime', { pollingInterval: 1000 });
  return <span>{data?.n}</span>;
}
const page = (active: boolean) => <PageActiveContext.Provider value={active}><Figures /></PageActiveContext.Provider>;

beforeEach(() => {
  vi.useFakeTimers();
  let n = 0;
  get.mockImplementation(async () => ({ success: true, result: { n: ++n } }) as never);
});
afterEach(() => { cleanup(); vi.useRealTimers(); vi.clearAllMocks(); });

it('polls while its tab is in view, stops behind another tab, and asks at once when it comes back', async () => {
  const view = render(page(true));
  await act(async () => { await vi.advanceTimersByTimeAsync(3500); });
  const whileActive = get.mock.calls.length;
  expect(whileActive).toBeGreaterThanOrEqual(3);
  view.rerender(page(false));
  await act(async () => { await vi.advanceTimersByTimeAsync(5000); });
  expect(get.mock.calls.length).toBeLessThanOrEqual(whileActive + 1); // at most the one already scheduled
  const behind = get.mock.calls.length;
  view.rerender(page(true));
  await act(async () => { await vi.advanceTimersByTimeAsync(10); });
  expect(get.mock.calls.length).toBe(behind + 1);
  await act(async () => { await vi.advanceTimersByTimeAsync(2100); });
  expect(get.mock.calls.length).toBeGreaterThanOrEqual(behind + 3);
});
