import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebFooter, WebPage } from '../../src/schema/web-site';
import { ADMIN_PASSWORD, browserSession, type RunningServer } from './harness';
import { shot } from './day/steps';

type Rec = { id: string; title?: string; name?: string };

/**
 * The public contest site (issue 6) as visitors see it: its own entry under /2025/, every route
 * drawn from the open /web API, at desktop and phone widths, with content published in the back office.
 */
describe('public contest site in Chromium', () => {
  const session = browserSession();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = session);
    page.setDefaultTimeout(10_000);
  });

  const api = async <T>(path: string, init?: { token?: string; body?: unknown }): Promise<T> => {
    const res = await fetch(`${session.server.baseUrl}/jeecg-boot${path}`, {
      method: init?.body ? 'POST' : 'GET',
      headers: { 'Content-Type': 'application/json', ...(init?.token ? { 'X-Access-Token': init.token } : {}) },
      body: init?.body ? JSON.stringify(init.body) : undefined,
    });
    const json = await res.json();
    expect(json.success, `${path}: ${json.message}`).toBe(true);
    return json.result as T;
  };
  const first = async (path: string) => (await api<WebPage<Rec>>(path)).records[0];

  /** Each public route with a piece of its content as the API answers it. */
  let routes: { path: string; title: string; expect: string }[];
  let footer: WebFooter;
  beforeAll(async () => {
    const race = await api<Rec>('/web/index/getCurRace');
    const project = await first('/web/project/list');
    routes = [
      { path: '/', title: race.title!, expect: (await first('/web/news/list?pageSize=6')).title! },
      { path: '/web', title: race.title!, expect: race.title! },
      { path: '/web/match', title: '大赛介绍', expect: race.title! },
      { path: '/web/news', title: '新闻动态', expect: (await first('/web/news/list')).title! },
      { path: '/web/aiExpert', title: '导师智库', expect: (await first('/web/expert/expertList')).name! },
      { path: '/web/organ', title: '合作机构', expect: (await first('/web/organ/list')).name! },
      { path: '/web/project', title: '项目展示', expect: project.title! },
      { path: '/web/history', title: '往届回顾', expect: (await first('/web/index/getOldRace')).title! },
      { path: '/web/tradeUnion', title: '工会政策', expect: (await first('/web/policy/list')).title! },
      { path: '/web/raceServices', title: '大赛服务', expect: (await first('/web/raceService/list')).title! },
      { path: '/web/mmSci', title: '科普园地', expect: (await first('/web/news/list?category=mmSci')).title! },
      { path: '/web/zlSci', title: '专利科普', expect: (await first('/web/news/list?category=zlSci')).title! },
      { path: '/web/goodExample', title: '优秀案例', expect: (await first('/web/proHeadlines/list')).title! },
      { path: `/web/detail?kind=project&id=${project.id}`, title: project.title!, expect: project.title! },
    ];
    footer = await api<WebFooter>('/web/index/footer');
  });

  const open = async (path: string) => { await page.goto(`${server.baseUrl}/2025${path}`); };
  const main = () => page.locator('main');

  it('renders every public route from the API at desktop width, with the footer from the race settings', async () => {
    for (const r of routes) {
      await open(r.path);
      await main().getByText(r.expect).first().waitFor();
      await expect.poll(() => page.title(), { message: r.path }).toContain(r.title);
    }
    // desktop: every section in the header bar, no menu button
    await expect(page.getByRole('button', { name: '打开菜单' }).isVisible()).resolves.toBe(false);
    await expect(page.locator('#site-nav a').allTextContents()).resolves.toEqual(expect.arrayContaining(['首页', '大赛介绍', '新闻动态', '导师智库', '合作机构', '项目展示', '优秀案例', '往届回顾', '工会政策', '大赛服务', '科普园地', '专利科普']));
    const foot = page.locator('footer').last();
    for (const text of [footer.race!.title, footer.race!.postalCode!, footer.race!.email!, footer.race!.registrationHotline!, footer.race!.address!, footer.race!.copyright!]) {
      await foot.getByText(text).first().waitFor();
    }
    expect(footer.organisations).toHaveLength(5);
    for (const o of footer.organisations) await foot.getByRole('img', { name: `${o.name}二维码` }).waitFor();
  });

  it('downloads only its own small entry on a first visit, none of the back office chunks', async () => {
    const scripts: { name: string; gzip: number }[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.push({ name: new URL(res.url()).pathname.split('/').pop()!, gzip: gzipSync(body).length });
    });
    await page.goto(`${server.baseUrl}/2025/web`, { waitUntil: 'networkidle' });
    await main().getByText(routes[1].expect).first().waitFor();
    const names = scripts.map((s) => s.name);
    expect(names.some((n) => n.startsWith('site-'))).toBe(true);
    expect(names.filter((n) => /^(formily|icons|index|request|session-storage|BasicLayout)-/.test(n))).toEqual([]);
    expect(scripts.reduce((n, s) => n + s.gzip, 0) / 1024).toBeLessThan(150);
  });

  it('renders every public route at phone width, the sections behind a menu button', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const r of routes) {
      await open(r.path);
      await main().getByText(r.expect).first().waitFor();
    }
    const menu = page.getByRole('button', { name: '打开菜单' });
    await menu.waitFor();
    await expect(page.locator('#site-nav').isVisible()).resolves.toBe(false);
    await menu.click();
    await page.locator('#site-nav').getByRole('link', { name: '新闻动态' }).click();
    await page.waitForURL('**/2025/web/news');
    await main().getByText(routes.find((r) => r.path === '/web/news')!.expect).first().waitFor();
    await expect(page.locator('#site-nav').isVisible()).resolves.toBe(false); // closed after navigating
    // the base font keeps a readable minimum on a phone
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).resolves.toBe('14px');
  });

  it('shows a news item published in the back office, and hides it again when unpublished', async () => {
    const { token } = await api<{ token: string }>('/sys/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    const title = `端到端发布测试${Date.now()}`;
    await api('/pms/news/add', { token, body: { title, category: 'news', summary: '发布到官网的新闻', content: '<p>正文段落</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 1">' } });
    const list = await api<WebPage<Rec>>(`/pms/news/list?title=${encodeURIComponent(`*${title}*`)}`, { token });
    const id = list.records[0].id;

    await open('/web/news');
    await main().getByText(routes.find((r) => r.path === '/web/news')!.expect).first().waitFor();
    await expect(main().getByText(title).count()).resolves.toBe(0); // a draft is not public

    await api('/pms/news/publish', { token, body: { id } });
    await page.reload();
    await main().getByText(title).click();
    await page.waitForURL(`**/2025/web/detail?kind=news&id=${id}`);
    await main().getByText('正文段落').waitFor();
    await shot(page, 'portal-public-news');
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();

    await api('/pms/news/unpublish', { token, body: { id } });
    await open('/web/news');
    await main().getByText(routes.find((r) => r.path === '/web/news')!.expect).first().waitFor();
    await expect(main().getByText(title).count()).resolves.toBe(0);
    await open(`/web/detail?kind=news&id=${id}`);
    await main().getByText('页面走丢了').waitFor();
  });

  it('paginates and searches the news list, the page kept in the address', async () => {
    const page1 = await api<WebPage<Rec>>('/web/news/list?pageNo=1&pageSize=10');
    expect(page1.pages, 'the seed has more than one page of news').toBeGreaterThan(1);
    const page2 = await api<WebPage<Rec>>('/web/news/list?pageNo=2&pageSize=10');
    await open('/web/news');
    await main().getByText(page1.records[0].title!).first().waitFor();
    await main().getByText(`共 ${page1.total} 条`).waitFor();
    await main().getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL('**/2025/web/news?page=2');
    await main().getByText(page2.records[0].title!).first().waitFor();
    await expect(main().getByText(page1.records[0].title!).count()).resolves.toBe(0);

    const wanted = page2.records[0].title!;
    await main().getByRole('searchbox').fill(wanted.slice(0, 6));
    await main().getByRole('button', { name: '搜索' }).click();
    await page.waitForURL((u) => u.searchParams.get('keyword') === wanted.slice(0, 6) && !u.searchParams.has('page'));
    await main().getByText(wanted).first().waitFor();
    await main().getByRole('searchbox').fill('没有这样的新闻标题');
    await main().getByRole('button', { name: '搜索' }).click();
    await main().getByText('没有找到与“没有这样的新闻标题”相关的新闻').waitFor();
  });

  it('opens a detail page directly by URL (history mode under /2025/), its HTML carrying the title', async () => {
    const news = await first('/web/news/list');
    const url = `${server.baseUrl}/2025/web/detail?kind=news&id=${news.id}`;
    const html = await (await fetch(url)).text();
    expect(html).toMatch(new RegExp(`<title>[^<]*${news.title}`));
    await page.goto(url);
    await main().getByRole('heading', { name: news.title }).waitFor();
    await expect(page.title()).resolves.toContain(news.title);
    // in-app navigation keeps the history: back returns to the article
    await main().getByRole('link', { name: /返回新闻动态/ }).click();
    await page.waitForURL('**/2025/web/news');
    await page.goBack();
    await main().getByRole('heading', { name: news.title }).waitFor();
  });

  it('shows a friendly not-found page with a way home', async () => {
    await open('/web/detail?kind=news&id=no-such-article');
    await main().getByText('页面走丢了').waitFor();
    await expect(page.title()).resolves.toContain('内容不存在');
    await open('/web/no-such-section');
    await main().getByText('页面走丢了').waitFor();
    await main().getByRole('link', { name: '返回首页' }).click();
    await page.waitForURL('**/2025/web');
    await main().getByText(routes[1].expect).first().waitFor();
  });

  it('shows the load failure with 重试, and the content once the API answers again', async () => {
    await page.route('**/jeecg-boot/web/news/list**', (route) => route.abort());
    await open('/web/news');
    const alert = main().getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('请稍后再试');
    await page.unroute('**/jeecg-boot/web/news/list**');
    await alert.getByRole('button', { name: '重试' }).click();
    await main().getByText(routes.find((r) => r.path === '/web/news')!.expect).first().waitFor();
    await expect(main().getByRole('alert').count()).resolves.toBe(0);
  });

  it('goes to the login page from 登录/注册, and back to the site from its home link', async () => {
    await open('/web');
    await page.getByRole('link', { name: /登录/ }).first().click();
    await page.waitForURL('**/2025/user/login');
    await page.getByPlaceholder('请输入用户名').waitFor();
    await page.getByRole('link', { name: /返回首页/ }).click();
    await page.waitForURL((u) => u.pathname === '/2025/' || u.pathname === '/2025/web');
    await page.locator('#site-nav').getByRole('link', { name: '大赛介绍' }).waitFor();
    await main().getByText(routes[0].expect).first().waitFor();
  });
});
