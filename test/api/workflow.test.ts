/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * The workflow capability of the schema language, through the first page declaring one
 * (schemas/pms/pms_task.json: 待办 → 进行中 → 已完成, reopened with an opinion): the server is the
 * only place a state changes, every fired transition is kept, the creator is told.
 */
describe(`workflow: 任务管理 states and transitions [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    await (s.db as any).deleteFrom('pms_task').execute(); // the seed's demo tasks are not this test's
    admin = await s.login('admin');
    reviewer = await s.login('reviewer');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const addTask = async (title: string, more: Record<string, unknown> = {}) => {
    expectOk(await s.api.post('/pms/task/add', { title, assignee: 'reviewer', deadline: '2026-12-31', priority: 'M', ...more }, { token: admin }), '添加成功！');
    return (await s.db.selectFrom('pms_task' as any).selectAll().where('title', '=', title).executeTakeFirstOrThrow()) as any;
  };
  const fire = (id: string, transition: string, more: Record<string, unknown> = {}, token = reviewer) =>
    s.api.post('/pms/task/transition', { id, transition, ...more }, { token });
  const row = async (id: string) => expectOk(await s.api.get(`/pms/task/queryById?id=${id}`, { token: admin }));
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('starts a new row in the initial state, whatever the body says', async () => {
    const t = await addTask('撰写方案', { state: 'done', finishTime: '2020-01-01 00:00:00' });
    expect(t.state).toBe('todo');
    expect(t.finishTime).toBeNull();
    const listed = expectOk(await s.api.get('/pms/task/list?title=撰写方案', { token: admin })).records;
    expect(listed.map((r: any) => r.state_dictText)).toEqual(['待办']);
  });

  it('fires a transition: new state, stamped fields, history, and the creator told', async () => {
    const t = await addTask('准备答辩');
    expectOk(await fire(t.id, 'start'), '开始成功！');
    const r = await row(t.id);
    expect(r).toMatchObject({ state: 'doing', updateBy: 'reviewer' });
    expect(r.startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expectOk(await fire(t.id, 'finish', { opinion: '已提交终稿' }), '完成成功！');
    expect(await row(t.id)).toMatchObject({ state: 'done', result: '已提交终稿' });
    expectOk(await fire(t.id, 'reopen', { opinion: '需补充附件' }, admin), '重新打开成功！');

    const history = expectOk(await s.api.get(`/pms/task/history?id=${t.id}`, { token: admin }));
    expect(history.map((h: any) => [h.transitionText, h.fromState_dictText, h.toState_dictText, h.createBy, h.opinion])).toEqual([
      ['开始', '待办', '进行中', 'reviewer', null],
      ['完成', '进行中', '已完成', 'reviewer', '已提交终稿'],
      ['重新打开', '已完成', '进行中', 'admin', '需补充附件'],
    ]);
    const bell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=20', { token: admin }));
    const title = (await (s.db as any).selectFrom('pms_task').select('title').where('id', '=', t.id).executeTakeFirstOrThrow()).title;
    expect(bell.sysMsgList.map((m: any) => m.titile)).toEqual(expect.arrayContaining([`任务「${title}」已开始`, `任务「${title}」已完成`]));
    // reopened by the administrator (its creator), the task's assignee is told, with 任务管理 to open it from
    const reviewerBell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=20', { token: reviewer }));
    expect(reviewerBell.sysMsgList.map((m: any) => m.titile)).toContain(`任务「${title}」已重新打开`);
  });

  it('refuses a transition from the wrong state, without an opinion it requires, unknown, or in a batch it does not allow', async () => {
    const t = await addTask('联系评委');
    refused(await fire(t.id, 'finish'), 409, '当前状态「待办」不能完成');
    refused(await fire(t.id, 'nope'), 400, '未知的流程操作: nope');
    refused(await s.api.post('/pms/task/transition', { id: t.id }, { token: reviewer }), 400, '缺少参数 transition');
    const other = await addTask('联系场地');
    refused(await fire(`${t.id},${other.id}`, 'start'), 400, '「开始」一次只能处理一条');
    expectOk(await fire(t.id, 'start'));
    expectOk(await fire(t.id, 'finish'));
    refused(await fire(t.id, 'reopen', {}, admin), 400, '请填写重新打开意见');
    refused(await fire(t.id, 'reopen', { opinion: '   ' }, admin), 400, '请填写重新打开意见');
    refused(await fire(t.id, 'reopen', { opinion: 'x'.repeat(501) }, admin), 400, '意见最多500字');
    refused(await fire('no-such-row', 'start'), 404, '未找到对应数据');
    expect((await row(t.id)).state).toBe('done');
    expect(expectOk(await s.api.get(`/pms/task/history?id=${t.id}`, { token: admin }))).toHaveLength(2);
  });

  it('refuses a user without the transition’s button', async () => {
    const t = await addTask('整理材料');
    expect((await fire(t.id, 'start', {}, applicant)).status).toBe(403);
    expect((await row(t.id)).state).toBe('todo');
  });

  it('lets only transitions change the state, and edits and deletes only rows still editable', async () => {
    const t = await addTask('预订会议室');
    expectOk(await s.api.put('/pms/task/edit', { id: t.id, title: '预订大会议室', state: 'done' }, { token: admin }), '编辑成功!');
    expect(await row(t.id)).toMatchObject({ title: '预订大会议室', state: 'todo' });
    expectOk(await fire(t.id, 'start'));
    refused(await s.api.put('/pms/task/edit', { id: t.id, title: '改名' }, { token: admin }), 409, '当前状态「进行中」不能修改');
    refused(await s.api('DELETE', `/pms/task/delete?id=${t.id}`, { token: admin }), 409, '当前状态「进行中」不能删除');
    expect(await row(t.id)).toMatchObject({ title: '预订大会议室', state: 'doing' });
  });

  it('of two racing transitions on one row, exactly one wins; the other is told the row has changed', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await addTask(`抢答${round}`);
      const [a, b] = await Promise.all([fire(t.id, 'start', { fromState: 'todo' }), fire(t.id, 'start', { fromState: 'todo' }, admin)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toMatch(/数据已被他人修改，请刷新后重试|当前状态「进行中」不能开始/);
      expect(expectOk(await s.api.get(`/pms/task/history?id=${t.id}`, { token: admin }))).toHaveLength(1);
    }
    const t = await addTask('过期页面');
    refused(await fire(t.id, 'start', { fromState: 'doing' }), 409, '数据已被他人修改，请刷新后重试');
  });
});
