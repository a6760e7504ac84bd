/* eslint-disable @typescript-eslint/no-explicit-any */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyContentSchedule } from '../../src/server/modules/applet/schedule.js';
import { formatDateTime } from '../../src/server/util/time.js';
import { expect401, expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * The mini-program (小程序管理 and /applet/*): banners and articles published by hand or on their
 * schedule, read without a token under the public site's rules; the current contest and its
 * published ranking; 意见反馈 from a signed-in user, rate-limited; the WeChat code kept with the
 * session and exchanged for an openid at a configured endpoint (a real local HTTP server here).
 */
describe(`小程序: content, schedule, feedback and WeChat login [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const db = () => s.db as any;
  const minutes = (n: number) => formatDateTime(new Date(Date.now() + n * 60_000));
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });
  const titles = async (url: string) => expectOk(await s.api.get(`${url}?pageSize=50`)).records.map((r: any) => r.title);
  const idOf = async (table: string, title: string) => (await db().selectFrom(table).select('id').where('title', '=', title).executeTakeFirstOrThrow()).id as string;
  const addArticle = async (title: string, more: Record<string, unknown> = {}) => {
    expectOk(await s.api.post('/pms/appletArticle/add', { title, summary: `<b>${title}</b>摘要`, content: '<p>正文</p>', ...more }, { token: admin }), '添加成功！');
    return idOf('pms_applet_article', title);
  };

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  it('serves the published demo content only, with the declared columns only', async () => {
    const banners = expectOk(await s.api.get('/applet/banner/list'));
    expect(banners.records.map((r: any) => r.title)).toEqual(['第二届科技成果转化创新创业大赛报名中', '路演训练营开营']);
    expect(Object.keys(banners.records[0]).sort()).toEqual(['id', 'image', 'link', 'sortNo', 'title']);
    const articles = expectOk(await s.api.get('/applet/article/list'));
    expect(articles.records.map((r: any) => r.title)).toEqual(['一图读懂大赛报名流程', '往届获奖项目回访：从实验室到生产线']);
    expect(Object.keys(articles.records[0]).sort()).toEqual(['author', 'coverImage', 'id', 'publishTime', 'sortNo', 'summary', 'title']);
    const draft = await idOf('pms_applet_article', '评审规则解读（草稿）');
    refused(await s.api.get(`/applet/article/queryById?id=${draft}`), 404, '文章不存在或未发布');
    const notices = expectOk(await s.api.get('/applet/notice/list'));
    expect(notices.total).toBe(2);
    expect(Object.keys(notices.records[0])).not.toContain('publishStatus');
  });

  it('publishes by hand and cleans the body: no script, no event handler comes out', async () => {
    const id = await addArticle('清洗检查', { content: '<p onclick="x()">正文<img src="/sys/common/static/applet/a.png" onerror="alert(1)"><script>alert(2)</script></p>' });
    expect(await titles('/applet/article/list')).not.toContain('清洗检查');
    expectOk(await s.api.post('/pms/appletArticle/publish', { id }, { token: admin }), '发布成功');
    const detail = expectOk(await s.api.get(`/applet/article/queryById?id=${id}`));
    expect(detail).toMatchObject({ title: '清洗检查', summary: '清洗检查摘要' });
    expect(detail.content).toContain('正文');
    expect(detail.content).toContain('<img src="/sys/common/static/applet/a.png"');
    expect(detail.content).not.toMatch(/<script|onerror=|onclick=/);
    expect(Object.keys(detail)).not.toContain('publishAt');
    expect((await s.api.post('/pms/appletArticle/publish', { id }, { token: await s.login('applicant') })).status).toBe(403);
  });

  it('honours the schedule on read, before any job has run', async () => {
    const due = await addArticle('定时已到', { publishAt: minutes(-5) });
    await addArticle('定时未到', { publishAt: minutes(60) });
    const gone = await addArticle('已下线', { withdrawAt: minutes(-1) });
    await s.api.post('/pms/appletArticle/publish', { id: gone }, { token: admin });
    // 发布 by hand forgets a withdraw-at already passed: the hand wins.
    expect(await titles('/applet/article/list')).toContain('已下线');
    await db().updateTable('pms_applet_article').set({ withdrawAt: minutes(-1) }).where('id', '=', gone).execute();
    const list = await titles('/applet/article/list');
    expect(list).toContain('定时已到');
    expect(list).not.toContain('定时未到');
    expect(list).not.toContain('已下线');
    refused(await s.api.get(`/applet/article/queryById?id=${gone}`), 404, '文章不存在或未发布');
    expect(expectOk(await s.api.get(`/applet/article/queryById?id=${due}`)).title).toBe('定时已到');
    refused(await s.api.post('/pms/appletArticle/add', { title: '倒序', content: 'x', publishAt: minutes(10), withdrawAt: minutes(5) }, { token: admin }), 400, '定时下线时间不能早于定时发布时间');
    // 取消发布 by hand beats a publish-at already passed.
    expectOk(await s.api.post('/pms/appletArticle/unpublish', { id: due }, { token: admin }));
    expect(await titles('/applet/article/list')).not.toContain('定时已到');
  });

  it('applyContentSchedule flips banners, articles and notices whose time has passed, once', async () => {
    await db().updateTable('pms_applet_article').set({ publishAt: null, withdrawAt: null }).execute();
    const article = await addArticle('计划发布', { publishAt: minutes(-2) });
    expectOk(await s.api.post('/pms/appletBanner/add', { title: '计划下线', image: 'web/banner-1.png', withdrawAt: minutes(30) }, { token: admin }));
    const banner = await idOf('pms_applet_banner', '计划下线');
    expectOk(await s.api.post('/pms/appletBanner/publish', { id: banner }, { token: admin }));
    expectOk(await s.api.post('/pms/appletNotice/add', { title: '计划通知', content: '<p>x</p>', publishAt: minutes(20) }, { token: admin }));
    expect(await titles('/applet/notice/list')).not.toContain('计划通知');

    expect(await applyContentSchedule(db(), new Date())).toEqual({ published: 1, withdrawn: 0 });
    const a = await db().selectFrom('pms_applet_article').select(['publishStatus', 'publishAt', 'publishTime']).where('id', '=', article).executeTakeFirst();
    expect(a).toMatchObject({ publishStatus: '1', publishAt: null });
    expect(a.publishTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // An hour on: the notice's publish-at and the banner's withdraw-at have passed.
    expect(await applyContentSchedule(db(), new Date(Date.now() + 3_600_000))).toEqual({ published: 1, withdrawn: 1 });
    expect(await applyContentSchedule(db(), new Date(Date.now() + 3_600_000))).toEqual({ published: 0, withdrawn: 0 });
    const b = await db().selectFrom('pms_applet_banner').select(['publishStatus', 'withdrawAt']).where('id', '=', banner).executeTakeFirst();
    expect(b).toEqual({ publishStatus: '0', withdrawAt: null });
    expect((await db().selectFrom('pms_applet_notice').select('publishStatus').where('title', '=', '计划通知').executeTakeFirst()).publishStatus).toBe('1');
  });

  it('checks paging and ids', async () => {
    const one = expectOk(await s.api.get('/applet/article/list?pageSize=1&pageNo=2'));
    expect(one.records).toHaveLength(1);
    expect(one).toMatchObject({ size: 1, current: 2 });
    expect(one.pages).toBe(one.total);
    refused(await s.api.get('/applet/article/list?pageSize=0'), 400, /每页条数/);
    refused(await s.api.get('/applet/banner/list?pageSize=1000'), 400, /每页条数 pageSize 不能大于/);
    refused(await s.api.get('/applet/notice/list?pageNo=abc'), 400, /页码/);
    refused(await s.api.get('/applet/article/queryById'), 400, '缺少参数 id');
    refused(await s.api.get(`/applet/article/queryById?id=${encodeURIComponent("1' or '1'='1")}`), 404, '文章不存在或未发布');
    refused(await s.api.get('/applet/notice/queryById?id=nope'), 404, '通知不存在、未发布或不在展示期内');
  });

  it('shows the current contest, and its ranking only once published', async () => {
    const race = expectOk(await s.api.get('/applet/race/current'));
    expect(race).toMatchObject({ isCurrent: true, resultPublished: false });
    expect(Object.keys(race)).not.toContain('publishStatus');
    refused(await s.api.get('/applet/race/ranking'), 404, '本届赛事排名尚未公示');
    expectOk(await s.api.post('/pms/race/publishResults', { id: race.id, force: true }, { token: admin }));
    const ranking = expectOk(await s.api.get('/applet/race/ranking?pageSize=3'));
    expect(ranking.race.id).toBe(race.id);
    expect(ranking.records).toHaveLength(3);
    expect(ranking.total).toBeGreaterThan(3);
    expect(Object.keys(ranking.records[0]).sort()).toEqual(['finalScore', 'id', 'name', 'orgName', 'rank', 'track', 'track_dictText']);
    const it = expectOk(await s.api.get('/applet/race/ranking?track=it&pageSize=50')).records;
    expect(it.length).toBeGreaterThan(0);
    expect(it.every((r: any) => r.track === 'it')).toBe(true);
    refused(await s.api.get('/applet/race/ranking?track=nope'), 400, '赛道参数不正确');
  });

  it('takes feedback from a signed-in user only, at most five in ten minutes', async () => {
    const body = { type: 'advice', title: '小程序反馈', content: '希望增加报名进度提醒', contact: '13800000000' };
    expect401(await s.api.post('/applet/feedback/add', body), 'token为空!');
    const applicant = await s.login('applicant');
    refused(await s.api.post('/applet/feedback/add', { ...body, title: '' }, { token: applicant }), 400, /标题/);
    refused(await s.api.post('/applet/feedback/add', { ...body, type: 'nope' }, { token: applicant }), 400, '反馈类型不正确');
    for (let i = 0; i < 5; i += 1) expectOk(await s.api.post('/applet/feedback/add', { ...body, state: 'closed', reply: '伪造' }, { token: applicant }), '提交成功，感谢您的反馈！');
    refused(await s.api.post('/applet/feedback/add', body, { token: applicant }), 429, '反馈提交过于频繁，请10分钟后再试');
    const rows = await db().selectFrom('pms_feedback').select(['state', 'reply', 'createBy']).where('title', '=', '小程序反馈').execute();
    expect(rows).toHaveLength(5);
    expect(rows.every((r: any) => r.state === 'pending' && r.reply === null && r.createBy === 'applicant')).toBe(true);
    // The limit is the user's own: another user still gets through.
    expectOk(await s.api.post('/applet/feedback/add', body, { token: await s.login('expert') }));
  });

  it('keeps the WeChat code with the session and exchanges it at the configured endpoint', async () => {
    const token = await s.login('applicant');
    const session = () => db().selectFrom('sys_session').select(['wechatCode', 'wechatOpenid'])
      .where('tokenHash', '=', createHash('sha256').update(token).digest('hex')).executeTakeFirst();
    expectOk(await s.api.get('/applet/banner/list?code=wx-code-1', { token }));
    expect((await session()).wechatCode).toBe('wx-code-1');
    refused(await s.api.post('/applet/wechat/session', { code: 'wx-code-1' }, { token }), 400, '未配置微信登录');

    const asked: URLSearchParams[] = [];
    const wechat = http.createServer((req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams;
      asked.push(q);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(q.get('js_code') === 'good-code' ? { openid: 'o_test_123', session_key: 'k' } : { errcode: 40029, errmsg: 'invalid code' }));
    });
    await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
    try {
      s.app.ctx.config.wechat = { code2SessionUrl: `http://127.0.0.1:${(wechat.address() as AddressInfo).port}/sns/jscode2session`, appId: 'wx-app', secret: 's3cret' };
      expect(expectOk(await s.api.post('/applet/wechat/session', { code: 'good-code' }, { token }), '微信登录成功')).toEqual({ openid: 'o_test_123' });
      expect(Object.fromEntries(asked[0])).toEqual({ appid: 'wx-app', secret: 's3cret', js_code: 'good-code', grant_type: 'authorization_code' });
      expect(await session()).toEqual({ wechatCode: 'good-code', wechatOpenid: 'o_test_123' });
      refused(await s.api.post('/applet/wechat/session', { code: 'bad-code' }, { token }), 400, '微信登录失败：invalid code');
      refused(await s.api.post('/applet/wechat/session', { code: 'a b' }, { token }), 400, '参数 code 格式不正确');
      expect401(await s.api.post('/applet/wechat/session', { code: 'good-code' }), 'token为空!');
    } finally {
      s.app.ctx.config.wechat = {};
      await new Promise((resolve) => wechat.close(resolve));
    }
  });
});
