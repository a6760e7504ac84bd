/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

/**
 * Issue 36's three repros, each one path that once attached its own scope and lock, or none: a sub
 * row naming another applicant's project, sub rows of a locked project, and a task's assignee
 * editing what only its creator may. Each answers 403 or 409 with a clear message and changes nothing.
 */
describe(`one access decision: sub rows, their main's lock, write reach [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let applicant2: string;
  let reviewer: string;
  let raceId: string;
  const db = () => s.db as any;

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    reviewer = await s.login('reviewer');
    applicant2 = await addUserWithRole(s, admin, 'applicant2', '申报人二', 'applicant');
    raceId = (await db().selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await s?.close(); });

  const declare = async (name: string, token: string) => {
    expectOk(await s.api.post('/pms/project/add', {
      raceId, name, track: 'it', orgName: '星火科技有限公司', leader: '王工', leaderPhone: '13800138000',
      pms_project_memberList: [{ name: `${name}-成员`, role: '技术负责人' }],
    }, { token }), '添加成功！');
    const p = await db().selectFrom('pms_project').select(['id']).where('name', '=', name).executeTakeFirstOrThrow();
    const m = await db().selectFrom('pms_project_member').select(['id']).where('projectId', '=', p.id).executeTakeFirstOrThrow();
    return { id: p.id as string, member: m.id as string };
  };
  const members = async (projectId: string) => (await db().selectFrom('pms_project_member').select(['id', 'name', 'projectId']).where('projectId', '=', projectId).orderBy('id').execute());
  const setState = (id: string, state: string) => db().updateTable('pms_project').set({ state }).where('id', '=', id).execute();

  it('a sub row names only a main row the user writes: no add into, nor move into, another applicant\'s project', async () => {
    const mine = await declare('甲的项目', applicant);
    const theirs = await declare('乙的项目', applicant2);
    const before = await members(theirs.id);

    expectEnvelope(await s.api.post('/pms/projectMember/add', { projectId: theirs.id, name: '混入者' }, { token: applicant }),
      { status: 403, success: false, message: '所属记录不存在或无权修改，不能添加团队成员' });
    expectEnvelope(await s.api.put('/pms/projectMember/edit', { id: mine.member, projectId: theirs.id, name: '搬家' }, { token: applicant }),
      { status: 403, success: false, message: '不能把数据移到其他记录，请删除后重新添加' });
    // nor by naming a project that does not exist
    expectEnvelope(await s.api.post('/pms/projectMember/add', { projectId: 'no-such-project', name: 'x' }, { token: applicant }), { status: 403 });

    expect(await members(theirs.id)).toEqual(before);
    expect((await members(mine.id)).map((m: any) => m.name)).toEqual(['甲的项目-成员']);
    const seen = expectOk(await s.api.get(`/pms/project/subList/pms_project_member?mainId=${theirs.id}`, { token: applicant2 })).records;
    expect(seen.map((m: any) => m.name)).toEqual(['乙的项目-成员']);
    // her own rows through the sub page still work, and keep their project
    expectOk(await s.api.post('/pms/projectMember/add', { projectId: mine.id, name: '新成员' }, { token: applicant }), '添加成功！');
    expectOk(await s.api.put('/pms/projectMember/edit', { id: mine.member, projectId: mine.id, name: '改名' }, { token: applicant }), '编辑成功!');
    expect((await members(mine.id)).map((m: any) => m.name).sort()).toEqual(['改名', '新成员']);
  });

  it.each([['submitted', '已提交'], ['passed', '已通过']])('sub rows of a project in state %s follow its lock (409), through every path', async (state, label) => {
    const p = await declare(`锁定-${state}`, applicant);
    await setState(p.id, state);
    const before = await members(p.id);
    const lockedMessage = (what: string) => ({ status: 409, success: false, message: `所属记录当前状态「${label}」不能${what}团队成员` });
    expectEnvelope(await s.api.post('/pms/projectMember/add', { projectId: p.id, name: '迟到者' }, { token: applicant }), lockedMessage('添加'));
    expectEnvelope(await s.api.put('/pms/projectMember/edit', { id: p.member, name: '改名' }, { token: applicant }), lockedMessage('修改'));
    expectEnvelope(await s.api('DELETE', `/pms/projectMember/delete?id=${p.member}`, { token: applicant }), lockedMessage('删除'));
    expectEnvelope(await s.api('DELETE', `/pms/projectMember/deleteBatch?ids=${p.member}`, { token: applicant }), lockedMessage('删除'));
    // the main page's own edit with its sub list is locked as before
    expectEnvelope(await s.api.put('/pms/project/edit', { id: p.id, pms_project_memberList: [] }, { token: applicant }),
      { status: 409, message: `当前状态「${label}」不能修改` });
    expect(await members(p.id)).toEqual(before);
    // returned to the applicant, the team is hers to change again
    await setState(p.id, 'returned');
    expectOk(await s.api.put('/pms/projectMember/edit', { id: p.member, name: '改名' }, { token: applicant }), '编辑成功!');
  });

  it('a task\'s assignee reads it and fires 开始, while only its creator or a manager edits or deletes it', async () => {
    expectOk(await s.api.post('/pms/task/add', { title: '派给审核人', assignee: 'reviewer', deadline: '2026-12-31', priority: 'H' }, { token: admin }), '添加成功！');
    const task = await db().selectFrom('pms_task').selectAll().where('title', '=', '派给审核人').executeTakeFirstOrThrow();
    expect(expectOk(await s.api.get(`/pms/task/queryById?id=${task.id}`, { token: reviewer })).title).toBe('派给审核人');
    expectEnvelope(await s.api.put('/pms/task/edit', { id: task.id, title: '改掉', deadline: '2099-01-01' }, { token: reviewer }), { status: 403, message: '无权修改该数据' });
    expectEnvelope(await s.api('DELETE', `/pms/task/delete?id=${task.id}`, { token: reviewer }), { status: 403, message: '无权删除该数据' });
    expectEnvelope(await s.api('DELETE', `/pms/task/deleteBatch?ids=${task.id}`, { token: reviewer }), { status: 403, message: '无权删除该数据' });
    expect(await db().selectFrom('pms_task').select(['title', 'deadline', 'state']).where('id', '=', task.id).executeTakeFirstOrThrow())
      .toEqual({ title: '派给审核人', deadline: task.deadline, state: 'todo' });
    expectOk(await s.api.post('/pms/task/transition', { id: task.id, transition: 'start' }, { token: reviewer }));
    expect((await db().selectFrom('pms_task').select('state').where('id', '=', task.id).executeTakeFirstOrThrow()).state).toBe('doing');
    // while it is to do, its creator (an administrator) still edits it
    await db().updateTable('pms_task').set({ state: 'todo' }).where('id', '=', task.id).execute();
    expectOk(await s.api.put('/pms/task/edit', { id: task.id, content: '补充说明' }, { token: admin }));
  });

  it('an import into the sub page stores no row under another applicant\'s project', async () => {
    const theirs = await declare('乙的导入项目', applicant2);
    const { writeWorkbook } = await import('../../src/server/crud/excel-write.js');
    const sub = s.app.ctx.schemas.get('pms_project_member')!;
    const sheet = await writeWorkbook(sub, [{ projectId: theirs.id, name: '导入混入' }], 'test');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(sheet)]), 'members.xlsx');
    const res = await fetch(`${s.apiUrl}/pms/projectMember/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': applicant } });
    const body = await res.json() as any;
    // The sheet names no main row a person could type (项目 is not a column of the form): refused, nothing stored.
    expect(body.success, JSON.stringify(body)).toBe(false);
    expect((await members(theirs.id)).map((m: any) => m.name)).toEqual(['乙的导入项目-成员']);
  });
});
