/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** 工作台 (GET /sys/workplace/todo): each role's work, generated from the schemas' `todo`, counted as their pages list them. */
describe(`工作台 to-dos [${BACKEND}]`, () => {
  let s: TestServer;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    s = await startServer();
    for (const u of ['admin', 'applicant', 'reviewer', 'expert']) token[u] = await s.login(u);
  });
  afterAll(async () => { await s?.close(); });

  const todos = async (who: string) => Object.fromEntries((expectOk(await s.api.get('/sys/workplace/todo', { token: token[who] })) as any[]).map((t) => [t.key, t]));

  /** The total the user's own list page shows for these conditions. */
  const listed = async (who: string, api: string, query: string) => expectOk(await s.api.get(`${api}/list?pageSize=1&${query}`, { token: token[who] })).total as number;

  it('lists each role\'s work as the schemas declare it, with the counts its lists show', async () => {
    const applicant = await todos('applicant');
    expect(Object.keys(applicant)).toEqual(['pms_project.submit', 'unreadNotices']);
    const drafts = await listed('applicant', '/pms/project', 'state=draft');
    const returned = await listed('applicant', '/pms/project', 'state=returned');
    expect(applicant['pms_project.submit']).toMatchObject({ label: '待提交的申报', path: '/pms/myProject', count: drafts + returned, noun: '项目' });
    expect(applicant['pms_project.submit'].byState).toEqual([{ state: 'draft', text: '草稿', count: drafts }, { state: 'returned', text: '已退回', count: returned }]);
    expect(drafts).toBeGreaterThan(0);

    const reviewer = await todos('reviewer');
    expect(Object.keys(reviewer)).toEqual(expect.arrayContaining(['pms_project.pass', 'pms_task.start+finish', 'unreadNotices']));
    expect(reviewer).not.toHaveProperty(['pms_project.submit']);
    expect(reviewer['pms_project.pass']).toMatchObject({ label: '待审核项目', path: '/pms/audit', count: await listed('reviewer', '/pms/project', 'state=submitted') });
    // 我的任务 are the tasks assigned to the reviewer, not those they created for others.
    expect(reviewer['pms_task.start+finish'].count).toBe(await listed('reviewer', '/pms/task', 'assignee=reviewer&state=todo') + await listed('reviewer', '/pms/task', 'assignee=reviewer&state=doing'));

    const expert = await todos('expert');
    expect(Object.keys(expert)).toEqual(expect.arrayContaining(['pms_project_review.submit', 'assess_task.submit', 'unreadNotices']));
    expect(expert['pms_project_review.submit']).toMatchObject({ label: '待评分', path: '/pms/score', count: await listed('expert', '/pms/review', 'state=pending') + await listed('expert', '/pms/review', 'state=draft') });
    expect(expert['assess_task.submit'].count).toBe(await listed('expert', '/assess/task', 'assessor=expert&state=pending') + await listed('expert', '/assess/task', 'assessor=expert&state=draft'));
    expect(expert.unreadNotices.count).toBe(expectOk(await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0', { token: token.expert })).total);

    // The administrator reaches every sheet, but a sheet is its expert's work, not theirs.
    const admin = await todos('admin');
    expect(admin['pms_project_review.submit'].count).toBe(0);
    expect(admin['pms_project.pass'].count).toBe(reviewer['pms_project.pass'].count);
  });

  it('names the waiting rows, newest first, each opening its record from the user\'s page', async () => {
    const expert = await todos('expert');
    const sheets = expert['pms_project_review.submit'];
    expect(sheets.items.length).toBe(Math.min(5, sheets.count));
    const sheet = sheets.items[0];
    const row = expectOk(await s.api.get(`/pms/review/queryById?id=${sheet.id}`, { token: token.expert }));
    // A sheet is named by its project, not by the project's key.
    const project = expectOk(await s.api.get(`/pms/project/queryById?id=${row.projectId}`, { token: token.admin }));
    expect(sheet).toMatchObject({ title: project.name, state: row.state, path: `/pms/score?id=${sheet.id}` });

    const reviewer = await todos('reviewer');
    const times = reviewer['pms_project.pass'].items.map((i: any) => i.time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('follows the work as it moves: a submission joins the reviewer\'s queue at the top, and leaves the applicant\'s', async () => {
    const before = { applicant: await todos('applicant'), reviewer: await todos('reviewer') };
    const { id } = before.applicant['pms_project.submit'].items.find((i: any) => i.state === 'draft');
    expectOk(await s.api.post('/pms/project/transition', { id, transition: 'submit' }, { token: token.applicant }));
    const after = { applicant: await todos('applicant'), reviewer: await todos('reviewer') };
    expect(after.applicant['pms_project.submit'].count).toBe(before.applicant['pms_project.submit'].count - 1);
    expect(after.reviewer['pms_project.pass'].count).toBe(before.reviewer['pms_project.pass'].count + 1);
    expect(after.reviewer['pms_project.pass'].items[0]).toMatchObject({ id, state: 'submitted', stateText: '已提交', path: `/pms/audit?id=${id}` });
  });

  it('follows the user\'s own actions: a new draft counts, a notice read no longer does', async () => {
    const before = await todos('applicant');
    expectOk(await s.api.post('/pms/project/add', await draftBody(), { token: token.applicant }));
    expectOk(await s.api.put('/sys/sysAnnouncementSend/readAll', {}, { token: token.applicant }));
    const after = await todos('applicant');
    expect(after['pms_project.submit'].count).toBe(before['pms_project.submit'].count + 1);
    expect(after.unreadNotices.count).toBe(0);
    expect(before.unreadNotices.count).toBeGreaterThan(0);
  });

  /** A project as the applicant's form would send it, copied from one of their drafts. */
  const draftBody = async () => {
    const row = await (s.db as any).selectFrom('pms_project').selectAll().where('createBy', '=', 'applicant').where('state', '=', 'draft').executeTakeFirstOrThrow();
    const { id: _id, createBy: _b, createTime: _t, updateBy: _ub, updateTime: _ut, state: _s, ...body } = row;
    return { ...body, name: `${String(row.name ?? '项目')}（副本）`.slice(0, 50) };
  };
});
