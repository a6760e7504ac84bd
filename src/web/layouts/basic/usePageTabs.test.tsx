// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, expect, it } from 'vitest';
import type { PageTab } from './tabs';
import { usePageTabs } from './usePageTabs';

afterEach(cleanup);

const tab = (key: string): PageTab => ({ key, fullPath: key, title: key });

/** Records, for every render React commits, whether the current page's tab was among the tabs. */
function Shell({ current, multipage, commits }: { current: PageTab; multipage: boolean; commits: boolean[] }) {
  const { tabs } = usePageTabs(current, multipage);
  const open = tabs.some((t) => t.key === current.key);
  useLayoutEffect(() => { commits.push(open); });
  return <p>{tabs.map((t) => t.key).join(' ')}</p>;
}

it('opens the tab of a navigation in the same render that draws the navigation', () => {
  const commits: boolean[] = [];
  const a = tab('/a'), b = tab('/b');
  const { rerender, container } = render(<Shell current={a} multipage commits={commits} />);
  rerender(<Shell current={b} multipage commits={commits} />);
  // Opened from an effect, the shell committed once without the new tab and drew everything again.
  expect(commits).toEqual([true, true]);
  expect(container.textContent).toBe('/dashboard/analysis /a /b');
});

it('keeps only home and the current page with multi-tab off', () => {
  const commits: boolean[] = [];
  const { rerender, container } = render(<Shell current={tab('/a')} multipage={false} commits={commits} />);
  rerender(<Shell current={tab('/b')} multipage={false} commits={commits} />);
  expect(container.textContent).toBe('/dashboard/analysis /b');
  expect(commits).toEqual([true, true]);
});
