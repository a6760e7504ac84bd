// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import type { PageRoute } from '../../app/routes';
import { session } from '../../app/session';
import { registerPage, type PageProps } from '../../pages/registry';
import { PageArea } from './PageArea';
import type { PageTab } from './tabs';

const DemoPage = ({ route: r }: PageProps) => <p>{r.meta.title}</p>;
for (const title of ['PageA', 'PageB']) registerPage(`demo/${title}`, async () => ({ default: DemoPage }));

const route = (path: string, title: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path, name: path, component: `demo/${title}`, meta: { title }, hidden: false, parents: [], ...extra,
});
const routes = [
  route('/a', 'PageA'),
  route('/b', 'PageB'),
  route('/report', 'Report', { component: 'layouts/IframePageView', meta: { title: 'Report', url: 'https://bi.test/?t=${token}' } }),
];
const tab = (key: string): PageTab => ({ key, fullPath: key, title: key });

function renderArea(tabs: PageTab[], activeKey: string | undefined, redirect?: string) {
  return render(
    <MemoryRouter initialEntries={[activeKey ?? '/a']}>
      <Routes>
        <Route path="/404" element={<p>not found</p>} />
        <Route path="*" element={<PageArea routes={routes} tabs={tabs} activeKey={activeKey} reloads={{}} redirect={redirect} />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

it('keeps every open tab mounted and hides the inactive ones', async () => {
  renderArea([tab('/a'), tab('/b')], '/b');
  const pageA = await screen.findByText(/PageA/);
  const pageB = await screen.findByText(/PageB/);
  expect(pageA.closest('[style*="display: none"]')).not.toBeNull();
  expect(pageB.closest('[style*="display: none"]')).toBeNull();
});

it('shows an external entry in an iframe with the token filled in', () => {
  session.adoptToken('T1');
  renderArea([tab('/report')], '/report');
  expect(screen.getByTitle('Report').getAttribute('src')).toBe('https://bi.test/?t=T1');
});

it('follows a redirect', async () => {
  renderArea([], undefined, '/404');
  expect(await screen.findByText('not found')).toBeTruthy();
});
