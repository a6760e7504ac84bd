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

it('re-renders no kept page when the area re-renders: switching tabs leaves the pages as they are', async () => {
  const renders: Record<string, number> = {};
  const Counting = ({ route: r }: PageProps) => { const t = r.meta.title ?? ''; renders[t] = (renders[t] ?? 0) + 1; return <p>{t} counted</p>; };
  registerPage('demo/CountA', async () => ({ default: Counting }));
  registerPage('demo/CountB', async () => ({ default: Counting }));
  const counted = [route('/ca', 'CountA', { component: 'demo/CountA' }), route('/cb', 'CountB', { component: 'demo/CountB' })];
  const area = (active: string) => (
    <MemoryRouter initialEntries={[active]}>
      <PageArea routes={counted} tabs={[tab('/ca'), tab('/cb')]} activeKey={active} reloads={{}} redirect={undefined} />
    </MemoryRouter>
  );
  const view = render(area('/ca'));
  await screen.findByText('CountA counted');
  await screen.findByText('CountB counted');
  const before = { ...renders };
  view.rerender(area('/cb'));
  view.rerender(area('/ca'));
  expect(renders).toEqual(before);
  expect(screen.getByText('CountB counted').closest('[style*="display: none"]')).not.toBeNull();
});
