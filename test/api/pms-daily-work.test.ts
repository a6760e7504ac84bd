/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { formatDateTime } from '../../src/server/util/time.js';

/**
 * 日常工作 (schemas/pms/pms_daily_work.json): one entry per user per day; a reviewer reads their
 * own and their department's (and below), never another department's; only the author changes an
 * entry; the administrator reads every one.
 */
describe(`日常工作: daily entries by user and department [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let child: string;
  let other: string;
  const today = formatDateTime().slice(0, 10);
  const daysAgo = (n: number) => formatDateTime(new Date(Date.now() - n * 86_400_000)).slice(0, 10);

  /** A reviewer placed in the department with this org code. */
  const reviewerIn = async (username: string, orgCode: string) => {
    const db = s.db as any;
    const role = await db.selectFrom('sys_role').select('id').where('roleCode', '=', 'reviewer').executeTakeFirstOrThrow();
    const dep = await db.selectFrom('sys_depart').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow();
    expectOk(await s.api.post('/sys/user/add', { username, realname: username, password: ADMIN_PASSWORD, selectedroles: role.id, selecteddeparts: dep.id }, { token: admin }));
    return s.login(username);
  };

  beforeAll(async () => {
    s = await startServer();
    await (s.db as any).deleteFrom('pms_daily_work').execute(); // the seed's demo entries are not this test's
    admin = await s.login('admin');
    reviewer = await s.login('reviewer'); // 项目管理部 A01A02
    child = await reviewerIn('accepter', 'A01A02A01'); // 申报受理组, under 项目管理部
    other = await reviewerIn('operator', 'A01A03'); // 赛事运营部
  });
  afterAll(async () => { await s?.close(); });

  const add = (token: string, workDate: string, more: Record<string, unknown> = {}) =>
    s.api.post('/pms/dailyWork/add', { workDate, content: '整理申报材料', hours: 7.5, plan: '电话回访', ...more }, { token });
  const entries = async (token: string) => expectOk(await s.api.get('/pms/dailyWork/list?pageSize=50', { token })).records
    .map((r: any) => `${r.createBy} ${r.workDate}`).sort();
  const idOf = async (user: string, date: string) => (await (s.db as any).selectFrom('pms_daily_work').select('id').where('createBy', '=', user).where('workDate', '=', date).executeTakeFirstOrThrow()).id;
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('adds an entry a day per user, stamped with the author and department', async () => {
    expectOk(await add(reviewer, today), '添加成功！');
    expectOk(await add(reviewer, daysAgo(1), { content: '审核项目 12 个' }), '添加成功！');
    expectOk(await add(child, today), '添加成功！');
    expectOk(await add(other, today), '添加成功！');
    const mine = expectOk(await s.api.get(`/pms/dailyWork/list?workDate_begin=${today}&workDate_end=${today}`, { token: reviewer })).records.find((r: any) => r.createBy === 'reviewer');
    expect(mine).toMatchObject({ workDate: today, sysOrgCode: 'A01A02', sysOrgCode_dictText: '项目管理部', createBy_dictText: '审核人' });
    expect(Number(mine.hours)).toBe(7.5);
  });

  it('refuses a second entry the same day, a future day, and hours out of range', async () => {
    refused(await add(reviewer, today, { content: '又一条' }), 409, `您已填写 ${today} 的日常工作，请编辑当天的记录`);
    refused(await add(reviewer, '2999-01-01'), 400, '不能填写未来日期的日常工作');
    refused(await add(reviewer, daysAgo(3), { hours: 25 }), 400, /工时/);
    refused(await add(reviewer, daysAgo(3), { content: '' }), 400, /今日工作/);
    // Moving an entry onto a day already written is the same refusal.
    refused(await s.api.put('/pms/dailyWork/edit', { id: await idOf('reviewer', daysAgo(1)), workDate: today }, { token: reviewer }), 409, `您已填写 ${today} 的日常工作，请编辑当天的记录`);
  });

  it('answers two entries sent together for one day with exactly one', async () => {
    const day = daysAgo(5);
    const answers = await Promise.all([add(child, day), add(child, day), add(child, day)]);
    expect(answers.filter((r) => r.body?.success)).toHaveLength(1);
    for (const r of answers.filter((x) => !x.body?.success)) expect(r.status).toBeLessThan(500);
    expect(await (s.db as any).selectFrom('pms_daily_work').select('id').where('createBy', '=', 'accepter').where('workDate', '=', day).execute()).toHaveLength(1);
  });

  it('shows a reviewer their department and below, others their own department only', async () => {
    expect(await entries(reviewer)).toEqual([`accepter ${daysAgo(5)}`, `accepter ${today}`, `reviewer ${daysAgo(1)}`, `reviewer ${today}`].sort());
    expect(await entries(child)).toEqual([`accepter ${daysAgo(5)}`, `accepter ${today}`].sort());
    expect(await entries(other)).toEqual([`operator ${today}`]);
    expect((await entries(admin)).length).toBeGreaterThanOrEqual(5);
  });

  it('gives nothing of another department’s entry to one who guesses its id', async () => {
    const theirs = await idOf('reviewer', today);
    expectEnvelope(await s.api.get(`/pms/dailyWork/queryById?id=${theirs}`, { token: other }), { success: false, message: '未找到对应数据' });
    expectEnvelope(await s.api.get(`/pms/dailyWork/queryById?id=${theirs}`, { token: child }), { success: false, message: '未找到对应数据' });
    expectEnvelope(await s.api.put('/pms/dailyWork/edit', { id: theirs, content: '改别人的' }, { token: other }), { success: false, message: '未找到对应数据' });
    expect((await (s.db as any).selectFrom('pms_daily_work').select('content').where('id', '=', theirs).executeTakeFirstOrThrow()).content).toBe('整理申报材料');
  });

  it('lets only the author (or an administrator) change an entry the department can read', async () => {
    const childs = await idOf('accepter', today);
    refused(await s.api.put('/pms/dailyWork/edit', { id: childs, content: '上级改写' }, { token: reviewer }), 403, '只能修改自己填写的日常工作');
    refused(await s.api('DELETE', `/pms/dailyWork/delete?id=${childs}`, { token: reviewer }), 403, '只能删除自己填写的日常工作');
    expectOk(await s.api.put('/pms/dailyWork/edit', { id: childs, content: '受理 8 份申报' }, { token: child }), '编辑成功!');
    expect(expectOk(await s.api.get(`/pms/dailyWork/queryById?id=${childs}`, { token: reviewer })).content).toBe('受理 8 份申报');
    expectOk(await s.api('DELETE', `/pms/dailyWork/delete?id=${await idOf('operator', today)}`, { token: admin }), '删除成功!');
  });

  it('is not offered to the roles that do not work here', async () => {
    const applicant = await s.login('applicant');
    expect((await s.api.get('/pms/dailyWork/list', { token: applicant })).status).toBe(403);
    expect((await add(applicant, today)).status).toBe(403);
  });
});
