import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_API, WEB_PAGE_SIZE_MAX } from '../../src/schema/web-site.js';
import { addMissingWebMenus } from '../../src/server/modules/web/menu-upgrade.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** A stand-in web build: the back office's index.html and the public site's site.html. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-site-dist-'));
const INDEX = '<!doctype html><html><head><meta charset="UTF-8"><title>后台</title></head><body>admin</body></html>';
const SITE = '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width" />\n'
  + '    <meta name="description" content="站点描述" />\n    <title>大赛官网</title>\n  </head>\n  <body>site</body>\n</html>';
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
fs.writeFileSync(path.join(dist, 'site.html'), SITE);

const LISTS = [
  WEB_API.newsList, WEB_API.pmsNewsList, WEB_API.projectList, WEB_API.goodExampleList, WEB_API.policyList,
  WEB_API.raceServiceList, WEB_API.expertList, WEB_API.organList, WEB_API.oldRace,
];
const ARTICLE_KEYS = ['id', 'title', 'summary', 'coverImage', 'publishTime'];

describe(`public contest site API [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  const pub = (url: string) => s.api.get(url);
  const records = async (url: string) => {
    const res = await pub(url);
    expect(res.status, url).toBe(200);
    return res.body.result.records as Record<string, any>[];
  };
  /** Adds a row through the back office and returns its id (found by its unique title). */
  const addRow = async (api: string, body: Record<string, unknown>, key = 'title') => {
    const add = await s.api.post(`${api}/add`, body, { token: admin });
    expect(add.body.success, add.text).toBe(true);
    const list = await s.api.get(`${api}/list?${key}=${encodeURIComponent(String(body[key]))}`, { token: admin });
    expect(list.body.result.records, list.text).toHaveLength(1);
    return list.body.result.records[0] as Record<string, any>;
  };

  beforeAll(async () => {
    s = await startServer({ webDist: dist });
    [admin, applicant] = await Promise.all([s.login('admin'), s.login('applicant')]);
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('every list answers seeded published content in the paged envelope, without a token', async () => {
    for (const url of LISTS) {
      const res = await pub(url);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toMatchObject({ success: true, code: 200 });
      const page = res.body.result;
      expect(page.records.length, url).toBeGreaterThan(0);
      expect(page, url).toMatchObject({ total: expect.any(Number), size: 10, current: 1, pages: Math.ceil(page.total / 10) });
    }
    const news = await pub(`${WEB_API.newsList}?pageNo=2&pageSize=5`);
    expect(news.body.result).toMatchObject({ total: 12, size: 5, current: 2, pages: 3 });
    expect(news.body.result.records).toHaveLength(5);
    const last = await pub(`${WEB_API.newsList}?pageNo=3&pageSize=5`);
    expect(last.body.result.records).toHaveLength(2);
    const beyond = await pub(`${WEB_API.newsList}?pageNo=9&pageSize=5`);
    expect(beyond.body.result).toMatchObject({ records: [], total: 12, current: 9 });
  });

  it('lists return only the declared columns, newest first, with plain summaries', async () => {
    const news = await records(`${WEB_API.newsList}?pageSize=${WEB_PAGE_SIZE_MAX}`);
    for (const n of news) {
      expect(Object.keys(n).sort()).toEqual([...ARTICLE_KEYS, 'category', 'category_dictText', 'source', 'author'].sort());
    }
    const times = news.map((n) => n.publishTime as string);
    expect(times).toEqual([...times].sort().reverse());
    const experts = await records(WEB_API.expertList);
    expect(Object.keys(experts[0]).sort()).toEqual(['id', 'name', 'jobTitle', 'organisation', 'field', 'avatar', 'intro', 'sortNo'].sort());
    expect(experts.map((e) => e.sortNo)).toEqual([...experts.map((e) => e.sortNo)].sort((a, b) => a - b));
    expect(Object.keys((await records(WEB_API.projectList))[0]).sort()).toEqual([...ARTICLE_KEYS, 'company', 'field'].sort());
    expect(Object.keys((await records(WEB_API.policyList))[0]).sort()).toEqual([...ARTICLE_KEYS, 'issuer'].sort());
    expect(Object.keys((await records(WEB_API.raceServiceList))[0]).sort()).toEqual([...ARTICLE_KEYS, 'contact'].sort());
    expect(Object.keys((await records(WEB_API.goodExampleList))[0]).sort()).toEqual([...ARTICLE_KEYS, 'company'].sort());
  });

  it('news filter by category for the science pages (category or type), and by keyword', async () => {
    const mm = await records(`${WEB_API.newsList}?category=mmSci`);
    expect(mm.length).toBe(2);
    expect(mm.every((n) => n.category === 'mmSci' && n.category_dictText === '科普园地')).toBe(true);
    const zl = await records(`${WEB_API.pmsNewsList}?type=zlSci`);
    expect(zl.length).toBe(2);
    expect(zl.every((n) => n.category === 'zlSci')).toBe(true);
    const hit = await records(`${WEB_API.newsList}?keyword=${encodeURIComponent('专利')}`);
    expect(hit.length).toBeGreaterThan(0);
    expect(hit.every((n) => n.title.includes('专利'))).toBe(true);
    // LIKE wildcards are text, not patterns.
    expect(await records(`${WEB_API.newsList}?keyword=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await records(`${WEB_API.newsList}?keyword=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
  });

  it('details carry the sanitised body; the seeded draft never appears', async () => {
    const [first] = await records(WEB_API.newsList);
    const detail = await pub(`${WEB_API.newsById}?id=${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.result).toMatchObject({ id: first.id, title: first.title });
    expect(detail.body.result.content).toContain('<p>');
    for (const [list, byId] of [[WEB_API.projectList, WEB_API.projectById], [WEB_API.goodExampleList, WEB_API.goodExampleById],
      [WEB_API.policyList, WEB_API.policyById], [WEB_API.raceServiceList, WEB_API.raceServiceById], [WEB_API.oldRace, WEB_API.raceById]]) {
      const [row] = await records(list);
      const res = await pub(`${byId}?id=${row.id}`);
      expect(res.status, byId).toBe(200);
      expect(res.body.result.content, byId).toMatch(/<p>/);
    }
    const all = await records(`${WEB_API.newsList}?pageSize=50`);
    expect(all.some((n) => n.title.includes('草稿'))).toBe(false);
    const drafts = await s.api.get(`/pms/news/list?publishStatus=0`, { token: admin });
    const draft = drafts.body.result.records.find((r: any) => r.title.includes('草稿'));
    expect(draft).toBeDefined();
    const res = await pub(`${WEB_API.newsById}?id=${draft.id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 404, message: '内容不存在或未发布' });
  });

  it('races: the current one with the SPEC §3 fields, two past ones, footer with five QR codes that are served', async () => {
    const cur = await pub(WEB_API.curRace);
    expect(cur.status).toBe(200);
    expect(cur.body.result).toMatchObject({
      title: '第二届科技成果转化创新创业大赛', isCurrent: true, postalCode: '100081', email: 'contest@example.org',
      registrationHotline: '010-6218 8888', address: expect.stringContaining('北京'), copyright: expect.stringContaining('Copyright'),
    });
    // Dated from the first start (race.json), the year that of its start.
    expect(cur.body.result.year).toBe(Number(String(cur.body.result.startDate).slice(0, 4)));
    expect(cur.body.result).not.toHaveProperty('content');
    const old = (await pub(WEB_API.oldRace)).body.result;
    expect(old.total).toBe(2);
    expect(old.records.map((r: any) => r.year)).toEqual([2024, 2023]);
    expect(old.records.every((r: any) => r.isCurrent === false)).toBe(true);

    const banners = await pub(WEB_API.banner);
    expect(banners.body.result).toHaveLength(3);
    expect(banners.body.result.map((b: any) => b.sortNo)).toEqual([1, 2, 3]);

    const footer = (await pub(WEB_API.footer)).body.result;
    expect(footer.race).toMatchObject({ title: '第二届科技成果转化创新创业大赛', postalCode: '100081' });
    expect(footer.organisations).toHaveLength(5);
    for (const o of footer.organisations) {
      const png = await s.raw(`/jeecg-boot/sys/common/static/${o.qrCode}`);
      expect(png.status, o.qrCode).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
    const one = await fetch(`${s.apiUrl}/sys/common/static/${footer.organisations[0].qrCode}`);
    expect(Buffer.from(await one.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
  });

  it('publish / unpublish in the back office decide what the public API returns', async () => {
    const title = `测试新闻 ${Date.now()}`;
    const row = await addRow('/pms/news', {
      title, category: 'mmSci', summary: '<b>摘要</b>', content: '<p onclick="x()">正文</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      publishStatus: '1',
    });
    expect(row.publishStatus).toBe('0');
    const inList = async () => (await records(`${WEB_API.newsList}?category=mmSci&pageSize=50`)).some((n) => n.id === row.id);
    expect(await inList()).toBe(false);

    const denied = await s.api.post('/pms/news/publish', { id: row.id }, { token: applicant });
    expect(denied.status).toBe(403);
    const published = await s.api.post('/pms/news/publish', { id: row.id }, { token: admin });
    expect(published.body).toMatchObject({ success: true, message: '发布成功' });
    expect(await inList()).toBe(true);
    const detail = (await pub(`${WEB_API.newsById}?id=${row.id}`)).body.result;
    expect(detail.summary).toBe('摘要');
    expect(detail.content).toContain('正文');
    expect(detail.content).not.toMatch(/script|onclick|onerror/);

    // Editing cannot publish or unpublish through the form.
    await s.api.put('/pms/news/edit', { id: row.id, title, category: 'mmSci', publishStatus: '0' }, { token: admin });
    expect(await inList()).toBe(true);

    const unpublished = await s.api.post('/pms/news/unpublish', { id: row.id }, { token: admin });
    expect(unpublished.body).toMatchObject({ success: true, message: '已取消发布' });
    expect(await inList()).toBe(false);
    expect((await pub(`${WEB_API.newsById}?id=${row.id}`)).status).toBe(404);

    const missing = await s.api.post('/pms/news/publish', { id: 'nope' }, { token: admin });
    expect(missing.status).toBe(404);
    expect((await s.api.post('/pms/news/publish', {}, { token: admin })).status).toBe(400);
    // The back-office list still needs a token.
    expect((await s.api.get('/pms/news/list')).status).toBe(401);
  });

  it('the back office has a schema page with 发布/取消发布 and a menu with its buttons for every content type', async () => {
    const perms = (await s.api.get('/sys/permission/getUserPermissionByToken', { token: admin })).body.result;
    const codes = new Set((perms.auth as { action: string }[]).map((a) => a.action));
    const menuText = JSON.stringify(perms.menu);
    for (const [component, permission] of [['pms/RaceList', 'pms:race'], ['pms/BannerList', 'pms:banner'], ['pms/NewsList', 'pms:news'],
      ['pms/OrganList', 'pms:organ'], ['pms/ShowcaseList', 'pms:showcase'], ['pms/GoodExampleList', 'pms:goodExample'],
      ['pms/TradeUnionList', 'pms:tradeUnion'], ['pms/RaceServiceList', 'pms:raceService'], ['pms/ExpertList', 'pms:expert']]) {
      expect(menuText, component).toContain(`"${component}"`);
      for (const b of ['add', 'edit', 'delete', 'publish']) expect(codes.has(`${permission}:${b}`), `${permission}:${b}`).toBe(true);
      const page = await s.api.get(`/sys/schema/page?component=${encodeURIComponent(component)}`, { token: admin });
      expect(page.status, component).toBe(200);
      const schema = page.body.result.schema ?? page.body.result;
      // A contest also publishes its results (公示结果, test/api/project-scoring.test.ts).
      expect(schema.actions.map((a: { label: string }) => a.label).slice(0, 2), component).toEqual(['发布', '取消发布']);
      expect(schema.fields.find((f: { name: string }) => f.name === 'publishStatus'), component).toMatchObject({ dict: { code: 'web_publish_status' } });
    }
    expect(menuText).toContain('"system/SiteSetting"');
    expect(codes.has('system:siteSetting:edit')).toBe(true);
  });

  it('marking a race current clears the flag elsewhere', async () => {
    const original = (await pub(WEB_API.curRace)).body.result;
    const row = await addRow('/pms/race', { title: `第三届大赛 ${Date.now()}`, year: 2026, isCurrent: 1 });
    await s.api.post('/pms/race/publish', { id: row.id }, { token: admin });
    expect((await pub(WEB_API.curRace)).body.result).toMatchObject({ id: row.id, year: 2026 });
    expect((await pub(WEB_API.oldRace)).body.result.total).toBe(3);
    await s.api.post('/pms/race/unpublish', { id: row.id }, { token: admin });
    expect((await pub(WEB_API.curRace)).body.result).toBeNull();
    await s.api('DELETE', `/pms/race/delete?id=${row.id}`, { token: admin });
    const restored = await s.api.put('/pms/race/edit', { id: original.id, title: original.title, isCurrent: 1 }, { token: admin });
    expect(restored.body.success, restored.text).toBe(true);
    expect((await pub(WEB_API.curRace)).body.result).toMatchObject({ id: original.id, isCurrent: true });
  });

  it('bad ids, bad paging and hostile parameters are clear 4xx answers', async () => {
    for (const id of ['nope', '1234567890123456789', "1' or '1'='1", 'x'.repeat(300)]) {
      const res = await pub(`${WEB_API.policyById}?id=${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe(404);
    }
    const noId = await pub(WEB_API.projectById);
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('缺少参数 id');
    const cases: [string, RegExp][] = [
      ['pageNo=0', /pageNo/], ['pageNo=abc', /pageNo/], ['pageNo=-1', /pageNo/], ['pageNo=1.5', /pageNo/],
      [`pageSize=${WEB_PAGE_SIZE_MAX + 1}`, /pageSize.*50/], ['pageSize=0', /pageSize/], ['pageNo=1&pageNo=2', /pageNo/],
      ['category=unknown', /栏目/], ['category=x%27%20or%201=1', /栏目/], [`keyword=${'k'.repeat(51)}`, /keyword/],
    ];
    for (const [q, message] of cases) {
      const res = await pub(`${WEB_API.newsList}?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ success: false, code: 400 });
      expect(res.body.message, q).toMatch(message);
    }
    expect((await pub(`${WEB_API.expertList}?pageSize=abc`)).status).toBe(400);
    // Writes are not part of the public surface.
    expect((await s.api.post(WEB_API.newsList, {})).status).toBe(404);
  });

  it('site settings: read and saved by the administrator, validated, refused to others', async () => {
    const got = await s.api.get('/sys/setting/site', { token: admin });
    expect(got.body.result).toMatchObject({ appName: expect.any(String), allowRegister: true });
    const saved = await s.api.put('/sys/setting/site', {
      appName: '新平台名称', appAbbr: '新简称', allowRegister: false, helpPath: 'https://help.example.org/', appLogo: 'site/标志_1700000000000.png',
    }, { token: admin });
    expect(saved.body).toMatchObject({ success: true, result: { appName: '新平台名称', allowRegister: false } });
    expect((await s.api.get('/site/siteinfoFz')).body.result).toMatchObject({ appName: '新平台名称', appAbbr: '新简称', allowRegister: false, race: { title: '第二届科技成果转化创新创业大赛' } });
    for (const [body, message] of [
      [{ appName: '' }, '系统名称不能为空'], [{ allowRegister: 'yes' }, '允许注册必须是 true 或 false'],
      [{ helpPath: 'javascript:alert(1)' }, '帮助文档地址格式不正确'], [{ appLogo: 'data:image/png;base64,AAAA' }, '系统Logo格式不正确'],
      [{ iconLogo: '"><script>' }, '图标Logo格式不正确'], [{ appDesc: 'x'.repeat(501) }, '系统描述不能超过 500 个字符'], [[1], '请求体必须是 JSON 对象'],
    ] as [unknown, string][]) {
      const res = await s.api.put('/sys/setting/site', body, { token: admin });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await s.api.put('/sys/setting/site', { appName: 'x' }, { token: applicant })).status).toBe(403);
    expect((await s.api.get('/sys/setting/site')).status).toBe(401);
    await s.api.put('/sys/setting/site', { appName: '科技成果企业服务平台', appAbbr: '科创服务平台', allowRegister: true }, { token: admin });
  });

  it('serves site.html for the public routes, with the escaped title of a detail page in its head', async () => {
    for (const p of ['/2025/', '/2025/web', '/2025/web/news', '/2025/web/detail?kind=news&id=nope', '/2025/web/detail?kind=evil&id=1']) {
      const res = await s.raw(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toBe(SITE);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
    expect((await s.raw('/2025/dashboard/analysis')).text).toBe(INDEX);

    const title = `<script>alert("x")</script> & 大赛新闻 ${Date.now()}`;
    const row = await addRow('/pms/news', { title, category: 'news', summary: '摘要 "带引号"', content: '<p>正文</p>' });
    await s.api.post('/pms/news/publish', { id: row.id }, { token: admin });
    const res = await s.raw(`/2025/web/detail?kind=news&id=${row.id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; 大赛新闻');
    expect(res.text).toMatch(/<meta property="og:title" content="&#60;script&#62;[^"]*大赛新闻/);
    expect(res.text).toContain('<meta name="description" content="摘要 &#34;带引号&#34;">');
    expect(res.text).not.toContain('站点描述');
    expect(res.text).toContain('<body>site</body>');
  });

  it('a database seeded before the site existed gets the missing menus and buttons, granted to admin', async () => {
    const db = s.db as any;
    const menu = await db.selectFrom('sys_permission').select('id').where('url', '=', '/pms/expert').executeTakeFirst();
    const ids = [menu.id, ...(await db.selectFrom('sys_permission').select('id').where('parentId', '=', menu.id).execute()).map((r: any) => r.id)];
    await db.deleteFrom('sys_role_permission').where('permissionId', 'in', ids).execute();
    await db.deleteFrom('sys_permission').where('id', 'in', ids).execute();
    const denied = await s.api.post('/pms/expert/publish', { id: 'x' }, { token: admin });
    expect(denied.status).toBe(403);
    const stamp = { createBy: 'system', createTime: '2025-01-01 00:00:00', updateBy: null, updateTime: null };
    expect(await addMissingWebMenus(db, path.resolve('schemas/seed'), stamp)).toBe(7);
    expect(await addMissingWebMenus(db, path.resolve('schemas/seed'), stamp)).toBe(0);
    expect((await s.api.post('/pms/expert/publish', { id: 'x' }, { token: admin })).status).toBe(404);
    const perms = (await s.api.get('/sys/permission/getUserPermissionByToken', { token: admin })).body.result;
    expect(JSON.stringify(perms.menu)).toContain('"pms/ExpertList"');
  });

  it('the demo content is seeded once: a restart adds nothing', async () => {
    const before = (await pub(WEB_API.newsList)).body.result.total;
    const races = (await pub(WEB_API.oldRace)).body.result.total;
    await s.restart();
    admin = await s.login('admin');
    expect((await pub(WEB_API.newsList)).body.result.total).toBe(before);
    expect((await pub(WEB_API.oldRace)).body.result.total).toBe(races);
    expect((await pub(WEB_API.banner)).body.result).toHaveLength(3);
  });
});
