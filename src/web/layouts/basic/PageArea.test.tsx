// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import type { PageRoute } from '../../app/routes';
import { session } from '../../app/session';
import { registerPage, type PageProps } from '../../pages/registry';
import { KEPT_PAGES, PageArea } from './PageArea';
import { preloadPage } from './preloadPage';
import type { PageTab } from './tabs';

vi.mock('./preloadPage', () => ({ preloadPage: vi.fn() }));

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

/** Tabs left open after the last five of KEPT_PAGES + 2 close. */
const KEEP_AFTER_CLOSING = KEPT_PAGES - 3;

const areaOf = (tabs: PageTab[], active: string, pages = routes) => (
  <MemoryRouter initialEntries={[active]}>
    <PageArea routes={pages} tabs={tabs} activeKey={active} reloads={{}} redirect={undefined} />
  </MemoryRouter>
);

it('mounts a tab\'s page when first shown, then keeps it mounted and hidden while another is shown', async () => {
  const view = render(areaOf([tab('/a'), tab('/b')], '/b'));
  await screen.findByText(/PageB/);
  expect(screen.queryByText(/PageA/)).toBeNull(); // never shown yet
  view.rerender(areaOf([tab('/a'), tab('/b')], '/a'));
  view.rerender(areaOf([tab('/a'), tab('/b')], '/b'));
  const pageA = await screen.findByText(/PageA/);
  expect(pageA.closest('[style*="display: none"]')).not.toBeNull();
  expect(screen.getByText(/PageB/).closest('[style*="display: none"]')).toBeNull();
});

it('drops the pages shown longest ago past KEPT_PAGES, but never one that was typed into', async () => {
  const mounts: Record<string, number> = {};
  const Page = ({ route: r }: PageProps) => {
    const t = r.meta.title ?? '';
    useEffect(() => { mounts[t] = (mounts[t] ?? 0) + 1; }, [t]);
    return <label>{t}<input aria-label={`${t} input`} /></label>;
  };
  registerPage('demo/Many', async () => ({ default: Page }));
  const many = Array.from({ length: KEPT_PAGES + 3 }, (_, i) => route(`/p${i}`, `P${i}`, { component: 'demo/Many' }));
  const tabs = many.map((r) => tab(r.path));
  const view = render(areaOf(tabs, '/p0', many));
  fireEvent.input(await screen.findByLabelText('P0 input'), { target: { value: 'half-filled' } });
  for (let i = 1; i < many.length; i++) {
    view.rerender(areaOf(tabs, `/p${i}`, many));
    await screen.findByLabelText(`P${i} input`);
  }
  // P1 and P2 were shown longest ago: dropped. P0 was typed into: kept, with what was typed.
  expect(screen.queryByLabelText('P1 input')).toBeNull();
  expect(screen.queryByLabelText('P2 input')).toBeNull();
  expect((screen.getByLabelText('P0 input') as HTMLInputElement).value).toBe('half-filled');
  expect(view.container.querySelectorAll('input')).toHaveLength(KEPT_PAGES + 1);
  // Shown again, a dropped page is drawn anew, and its first requests were asked for as it mounted.
  vi.mocked(preloadPage).mockClear();
  view.rerender(areaOf(tabs, '/p1', many));
  await screen.findByLabelText('P1 input');
  expect(mounts.P1).toBe(2);
  expect(mounts.P0).toBe(1);
  expect(preloadPage).toHaveBeenCalledWith('demo/Many', {});
  // Switching to a page still mounted asks for nothing.
  vi.mocked(preloadPage).mockClear();
  view.rerender(areaOf(tabs, '/p0', many));
  expect(preloadPage).not.toHaveBeenCalled();
});

it('counts only open tabs against KEPT_PAGES: closed tabs free their places', async () => {
  const Page = ({ route: r }: PageProps) => <label>{r.meta.title}<input aria-label={`${r.meta.title} input`} /></label>;
  registerPage('demo/Closing', async () => ({ default: Page }));
  const many = Array.from({ length: KEPT_PAGES + 2 }, (_, i) => route(`/q${i}`, `Q${i}`, { component: 'demo/Closing' }));
  const all = many.map((r) => tab(r.path));
  const view = render(areaOf(all, '/q0', many));
  for (let i = 0; i < many.length; i++) {
    view.rerender(areaOf(all, `/q${i}`, many));
    await screen.findByLabelText(`Q${i} input`);
  }
  // Q0 and Q1 were dropped. Five tabs close; Q0 and Q1 are shown again: seven open tabs, all kept.
  const open = all.slice(0, KEEP_AFTER_CLOSING);
  for (const key of ['/q6', '/q0', '/q1']) {
    view.rerender(areaOf(open, key, many));
    await screen.findByLabelText(`${key.replace('/q', 'Q')} input`);
  }
  for (let i = 0; i < KEEP_AFTER_CLOSING; i++) expect(screen.queryByLabelText(`Q${i} input`), `Q${i}`).not.toBeNull();
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
  const view = render(area('/cb'));
  await screen.findByText('CountB counted');
  view.rerender(area('/ca'));
  await screen.findByText('CountA counted');
  const before = { ...renders };
  view.rerender(area('/cb'));
  view.rerender(area('/ca'));
  expect(renders).toEqual(before);
  expect(screen.getByText('CountB counted').closest('[style*="display: none"]')).not.toBeNull();
});

it('renders no hidden kept page again on a navigation, though it reads the router: the shown one follows it', async () => {
  const renders: Record<string, number> = {};
  const RouterReader = ({ route: r }: PageProps) => {
    const t = r.meta.title ?? '';
    renders[t] = (renders[t] ?? 0) + 1;
    const { pathname, search } = useLocation();
    useNavigate();
    return <p>{t} at {pathname}{search} <Link to="/ra">to A</Link></p>;
  };
  registerPage('demo/RouterReader', async () => ({ default: RouterReader }));
  const readers = ['RA', 'RB', 'RC'].map((t) => route(`/${t.toLowerCase()}`, t, { component: 'demo/RouterReader' }));
  const tabs = readers.map((r) => tab(r.path));
  let go: NavigateFunction = () => {};
  // As BasicLayout: the tab in view is the address's path.
  const Shell = () => {
    go = useNavigate();
    return <PageArea routes={readers} tabs={tabs} activeKey={useLocation().pathname} reloads={{}} redirect={undefined} />;
  };
  render(<MemoryRouter initialEntries={['/ra']}><Routes><Route path="*" element={<Shell />} /></Routes></MemoryRouter>);
  await screen.findByText('RA at /ra');
  for (const path of ['/rb', '/rc']) {
    act(() => { void go(path); });
    await screen.findByText(`${path.slice(1).toUpperCase()} at ${path}`);
  }
  const before = { ...renders };
  act(() => { void go('/rb?q=1'); }); // RC goes behind, RB comes back with a query
  act(() => { void go('/rb?q=2'); });
  expect(renders.RA, 'hidden all along').toBe(before.RA);
  expect(renders.RC, 'hidden by the first navigation').toBe(before.RC);
  expect(renders.RB).toBe(before.RB + 2);
  // Each page sees the address it was last shown at.
  expect(screen.getByText('RB at /rb?q=2')).toBeTruthy();
  expect(screen.getByText('RC at /rc').closest('[style*="display: none"]')).not.toBeNull();
  expect(screen.getByText('RA at /ra').closest('[style*="display: none"]')).not.toBeNull();
  // Shown again, a page follows the address once more.
  act(() => { void go('/ra?from=rb'); });
  expect(screen.getByText('RA at /ra?from=rb').closest('[style*="display: none"]')).toBeNull();
  expect(renders.RA).toBe(before.RA + 1);
});
