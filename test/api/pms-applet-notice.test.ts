/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { formatDateTime } from '../../src/server/util/time.js';

/**
 * 小程序通知 (schemas/pms/pms_applet_notice.json): the administrator writes notices and publishes
 * or withdraws them (a workflow); the mini-program reads them without a token, only while
 * published and inside their display period, with declared columns and a cleaned body.
 */
describe(`小程序通知: notices for the mini-program [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const at = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const create = async (title: string, more: Record<string, unknown> = {}) => {
    expectOk(await s.api.post('/pms/appletNotice/add', { title, summary: `<b>${title}</b>摘要`, content: '<p onclick="x()">正文<script>alert(1)</script></p>', ...more }, { token: admin }), '添加成功！');
    return (await (s.db as any).selectFrom('pms_applet_notice').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id as string;
  };
  const fire = (id: string, transition: string, token = admin) => s.api.post('/pms/appletNotice/transition', { id, transition }, { token });
  const publicTitles = async () => expectOk(await s.api.get('/web/appletNotice/list?pageSize=50')).records.map((r: any) => r.title);
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('serves the seeded notices that are published and current, to anyone', async () => {
    const page = expectOk(await s.api.get('/web/appletNotice/list'));
    expect(page.records.map((r: any) => r.title)).toEqual(['2025 年创新创业大赛报名开启', '路演训练营报名提醒']);
    expect(page).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(Object.keys(page.records[0]).sort()).toEqual(['coverImage', 'endTime', 'id', 'publishTime', 'sortNo', 'startTime', 'summary', 'title']);
  });

  it('shows a notice once published and hides it again when withdrawn', async () => {
    const id = await create('端午放假通知');
    expect(await publicTitles()).not.toContain('端午放假通知');
    refused(await s.api.get(`/web/appletNotice/queryById?id=${id}`), 404, '通知不存在、未发布或不在展示期内');
    expectOk(await fire(id, 'publish'), '发布成功！');
    expect(await publicTitles()).toContain('端午放假通知');
    const detail = expectOk(await s.api.get(`/web/appletNotice/queryById?id=${id}`));
    expect(detail).toMatchObject({ title: '端午放假通知', summary: '端午放假通知摘要' });
    expect(detail.content).toContain('正文');
    expect(detail.content).not.toMatch(/script|onclick/);
    expect(detail.publishTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    refused(await fire(id, 'publish'), 409, '当前状态「已发布」不能发布');
    expectOk(await fire(id, 'unpublish'), '取消发布成功！');
    expect(await publicTitles()).not.toContain('端午放假通知');
  });

  it('shows a published notice only inside its display period', async () => {
    const later = await create('下月活动预告', { startTime: at(3), endTime: at(10) });
    const over = await create('已过期通知', { startTime: at(-10), endTime: at(-1) });
    const open = await create('长期有效通知', { startTime: at(-1) });
    for (const id of [later, over, open]) expectOk(await fire(id, 'publish'));
    const titles = await publicTitles();
    expect(titles).toContain('长期有效通知');
    expect(titles).not.toContain('下月活动预告');
    expect(titles).not.toContain('已过期通知');
    refused(await s.api.get(`/web/appletNotice/queryById?id=${over}`), 404, '通知不存在、未发布或不在展示期内');
  });

  it('refuses a period that ends before it starts, and writes by anyone but its holders', async () => {
    refused(await s.api.post('/pms/appletNotice/add', { title: '倒序', content: 'x', startTime: at(2), endTime: at(1) }, { token: admin }), 400, '展示结束时间不能早于开始时间');
    const id = await create('编辑检查', { startTime: at(1) });
    refused(await s.api.put('/pms/appletNotice/edit', { id, endTime: at(0) }, { token: admin }), 400, '展示结束时间不能早于开始时间');
    const applicant = await s.login('applicant');
    expect((await fire(id, 'publish', applicant)).status).toBe(403);
    expect((await s.api.post('/pms/appletNotice/add', { title: '越权', content: 'x' }, { token: applicant })).status).toBe(403);
    expect((await s.api.get('/pms/appletNotice/list', { token: applicant })).status).toBe(403);
  });

  it('answers bad paging and a missing id with a 400', async () => {
    refused(await s.api.get('/web/appletNotice/list?pageSize=0'), 400, /每页条数/);
    refused(await s.api.get('/web/appletNotice/queryById'), 400, '缺少参数 id');
  });
});
