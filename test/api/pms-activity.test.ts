/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';
import { formatDateTime } from '../../src/server/util/time.js';

/**
 * 活动管理 (schemas/pms/pms_activity.json) and its sign-ups (pms_activity_signup.json): the
 * administrator publishes activities; registered users see the published ones and sign up — not
 * after the deadline, not when full (never over capacity, however many arrive at once), not twice —
 * or cancel; the administrator reads the sign-up list per activity.
 */
describe(`活动管理: activities and sign-up [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const token: Record<string, string> = {};
  const at = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000));

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    for (const u of ['applicant', 'reviewer', 'expert']) token[u] = await s.login(u);
  });
  afterAll(async () => { await s?.close(); });

  const create = async (title: string, more: Record<string, unknown> = {}, publish = true) => {
    expectOk(await s.api.post('/pms/activity/add', {
      title, startTime: at(10), endTime: at(10.1), place: '路演厅', capacity: 2, signupDeadline: at(5), content: '<p>详情</p>', ...more,
    }, { token: admin }), '添加成功！');
    const { id } = await (s.db as any).selectFrom('pms_activity').select('id').where('title', '=', title).executeTakeFirstOrThrow();
    if (publish) expectOk(await s.api.post('/pms/activity/transition', { id, transition: 'publish' }, { token: admin }), '发布成功！');
    return id as string;
  };
  const signup = (id: string, t: string, more: Record<string, unknown> = {}) => s.api.post('/pms/activity/signup', { id, ...more }, { token: t });
  const cancel = (id: string, t: string) => s.api.post('/pms/activity/cancelSignup', { id }, { token: t });
  const count = async (id: string) => Number((await (s.db as any).selectFrom('pms_activity').select('signupCount').where('id', '=', id).executeTakeFirstOrThrow()).signupCount);
  const signups = async (id: string) => (await (s.db as any).selectFrom('pms_activity_signup').select('createBy').where('activityId', '=', id).execute()).map((r: any) => r.createBy).sort();
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('shows registered users the published activities only; the seeded ones are there', async () => {
    const draft = await create('闭门筹备会', {}, false);
    const listed = expectOk(await s.api.get('/pms/activity/list?pageSize=50', { token: token.applicant })).records;
    expect(listed.map((r: any) => r.title)).toContain('创新创业大赛路演训练营');
    expect(listed.map((r: any) => r.title)).not.toContain('闭门筹备会');
    expect(listed.every((r: any) => r.publishStatus === '1')).toBe(true);
    expectEnvelope(await s.api.get(`/pms/activity/queryById?id=${draft}`, { token: token.applicant }), { success: false, message: '未找到对应数据' });
    refused(await signup(draft, token.applicant), 404, '活动不存在或未发布');
    refused(await signup(draft, admin), 409, '活动未发布，不能报名');
    expect((await s.api.post('/pms/activity/add', { title: 'x', startTime: at(1), endTime: at(2), place: 'x', capacity: 1, signupDeadline: at(1) }, { token: token.applicant })).status).toBe(403);
  });

  it('signs users up until full, refuses a second sign-up and a full activity', async () => {
    const id = await create('路演技巧工作坊');
    expectOk(await signup(id, token.applicant, { remark: '两人参加' }), '报名成功！');
    refused(await signup(id, token.applicant), 409, '您已报名该活动，请勿重复报名');
    expectOk(await signup(id, token.expert), '报名成功！');
    refused(await signup(id, token.reviewer), 409, '报名人数已满（2人）');
    expect(await count(id)).toBe(2);
    expect(await signups(id)).toEqual(['applicant', 'expert']);
    const row = expectOk(await s.api.get(`/pms/activity/queryById?id=${id}`, { token: token.reviewer }));
    expect(row.signupCount).toBe(2);
  });

  it('refuses a sign-up after the deadline, and the time checks of the activity itself', async () => {
    const late = await create('已截止的讲座', { signupDeadline: at(-1), startTime: at(3), endTime: at(3.1) });
    refused(await signup(late, token.applicant), 409, /^报名已截止（截止时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/);
    expect(await count(late)).toBe(0);
    refused(await s.api.post('/pms/activity/add', { title: '倒序', startTime: at(3), endTime: at(2), place: 'x', capacity: 5, signupDeadline: at(1) }, { token: admin }), 400, '结束时间不能早于开始时间');
    refused(await s.api.post('/pms/activity/add', { title: '截止太晚', startTime: at(3), endTime: at(4), place: 'x', capacity: 5, signupDeadline: at(5) }, { token: admin }), 400, '报名截止时间不能晚于活动结束时间');
    refused(await s.api.post('/pms/activity/add', { title: '零人', startTime: at(3), endTime: at(4), place: 'x', capacity: 0, signupDeadline: at(1) }, { token: admin }), 400, /人数上限/);
  });

  it('cancels a sign-up, freeing the place', async () => {
    const id = await create('专利布局沙龙', { capacity: 1 });
    expectOk(await signup(id, token.reviewer));
    refused(await signup(id, token.expert), 409, '报名人数已满（1人）');
    expectOk(await cancel(id, token.reviewer), '已取消报名');
    refused(await cancel(id, token.reviewer), 409, '您尚未报名该活动');
    expect(await count(id)).toBe(0);
    expectOk(await signup(id, token.expert), '报名成功！');
    expect(await signups(id)).toEqual(['expert']);
  });

  it('never overbooks when sign-ups arrive together, nor counts one user twice', async () => {
    const id = await create('限额参观', { capacity: 3 });
    const crowd: string[] = [];
    for (let i = 1; i <= 8; i++) crowd.push(await addUserWithRole(s, admin, `visitor${i}`, `访客${i}`, 'applicant'));
    const answers = await Promise.all(crowd.map((t) => signup(id, t)));
    expect(answers.filter((r) => r.body?.success)).toHaveLength(3);
    for (const r of answers.filter((x) => !x.body?.success)) expectEnvelope(r, { status: 409, success: false, message: '报名人数已满（3人）' });
    expect(await count(id)).toBe(3);
    expect(await signups(id)).toHaveLength(3);

    const roomy = await create('开放日', { capacity: 50 });
    const same = await Promise.all([1, 2, 3, 4].map(() => signup(roomy, crowd[0])));
    expect(same.filter((r) => r.body?.success)).toHaveLength(1);
    for (const r of same.filter((x) => !x.body?.success)) expectEnvelope(r, { status: 409, success: false, message: '您已报名该活动，请勿重复报名' });
    expect(await count(roomy)).toBe(1);
  });

  it('gives the administrator the sign-up list per activity, users only their own', async () => {
    const id = await create('导师见面会', { capacity: 10 });
    for (const u of ['applicant', 'reviewer', 'expert']) expectOk(await signup(id, token[u]));
    const list = expectOk(await s.api.get(`/pms/activitySignup/list?activityId=${id}&pageSize=50`, { token: admin })).records;
    expect(list.map((r: any) => r.createBy).sort()).toEqual(['applicant', 'expert', 'reviewer']);
    expect(list[0]).toMatchObject({ activityId_dictText: '导师见面会' });
    expect(list.map((r: any) => r.realname).sort()).toEqual(['审核人', '申报人', '评审专家'].sort());
    const mine = expectOk(await s.api.get('/pms/activitySignup/list?pageSize=50', { token: token.applicant })).records;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r: any) => r.createBy === 'applicant')).toBe(true);
    const theirs = list.find((r: any) => r.createBy === 'expert');
    expectEnvelope(await s.api.get(`/pms/activitySignup/queryById?id=${theirs.id}`, { token: token.applicant }), { success: false, message: '未找到对应数据' });
    // Only 报名 creates a sign-up (the page has no 新增 button); an administrator's delete keeps the count right.
    expect((await s.api.post('/pms/activitySignup/add', { activityId: id }, { token: admin })).status).toBe(403);
    expect((await s.api('DELETE', `/pms/activitySignup/delete?id=${theirs.id}`, { token: token.applicant })).status).toBe(403);
    expectOk(await s.api('DELETE', `/pms/activitySignup/delete?id=${theirs.id}`, { token: admin }), '删除成功!');
    expect(await count(id)).toBe(2);
  });

  it('keeps the count the server’s and the capacity above it; deleting an activity takes its sign-ups', async () => {
    const id = await create('小型座谈', { capacity: 5 });
    expectOk(await signup(id, token.applicant));
    expectOk(await signup(id, token.expert));
    expectOk(await s.api.put('/pms/activity/edit', { id, signupCount: 0, place: '二楼会议室' }, { token: admin }));
    expect(await count(id)).toBe(2);
    refused(await s.api.put('/pms/activity/edit', { id, capacity: 1 }, { token: admin }), 400, '人数上限不能少于已报名人数（2人）');
    expectOk(await s.api.post('/pms/activity/transition', { id, transition: 'unpublish' }, { token: admin }), '取消发布成功！');
    refused(await signup(id, token.reviewer), 404, '活动不存在或未发布');
    expectOk(await s.api('DELETE', `/pms/activity/delete?id=${id}`, { token: admin }), '删除成功!');
    expect(await signups(id)).toEqual([]);
  });
});
