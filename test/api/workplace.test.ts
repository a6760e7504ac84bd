/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** 工作台 (GET /sys/workplace/todo): each role's own to-dos, counted as their pages list them. */
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

  it('shows each role the to-dos of the pages it holds, with the counts its lists show', async () => {
    const applicant = await todos('applicant');
    expect(Object.keys(applicant)).toEqual(['draftProjects', 'returnedProjects', 'unreadNotices']);
    expect(applicant.draftProjects).toMatchObject({ label: '草稿项目', path: '/pms/myProject', count: await listed('applicant', '/pms/project', 'state=draft') });
    expect(applicant.returnedProjects.count).toBe(await listed('applicant', '/pms/project', 'state=returned'));
    expect(applicant.draftProjects.count).toBeGreaterThan(0);

    const reviewer = await todos('reviewer');
    expect(Object.keys(reviewer)).toEqual(['auditQueue', 'tasks', 'unreadNotices']);
    expect(reviewer.auditQueue).toMatchObject({ path: '/pms/audit', count: await listed('reviewer', '/pms/project', 'state=submitted') });
    expect(reviewer.tasks.count).toBe(await listed('reviewer', '/pms/task', 'state=todo') + await listed('reviewer', '/pms/task', 'state=doing'));

    const expert = await todos('expert');
    expect(Object.keys(expert)).toEqual(['unscored', 'unreadNotices']);
    expect(expert.unscored).toMatchObject({ path: '/pms/score', count: await listed('expert', '/pms/review', 'state=pending') + await listed('expert', '/pms/review', 'state=draft') });
    expect(expert.unreadNotices.count).toBe(expectOk(await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=0', { token: token.expert })).total);
  });

  it('follows the user\'s own actions: a new draft counts, a notice read no longer does', async () => {
    const before = await todos('applicant');
    expectOk(await s.api.post('/pms/project/add', await draftBody(), { token: token.applicant }));
    expectOk(await s.api.put('/sys/sysAnnouncementSend/readAll', {}, { token: token.applicant }));
    const after = await todos('applicant');
    expect(after.draftProjects.count).toBe(before.draftProjects.count + 1);
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
