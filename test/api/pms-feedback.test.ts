/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

/**
 * 意见反馈 (schemas/pms/pms_feedback.json): every signed-in role submits feedback and reads only
 * its own; the administrator replies (opinion required, stamped into 回复内容) or closes it, and
 * the sender is told by a system message.
 */
describe(`意见反馈: users send, the administrator replies [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    for (const u of ['applicant', 'reviewer', 'expert']) token[u] = await s.login(u);
  });
  afterAll(async () => { await s?.close(); });

  const send = async (who: string, title: string, more: Record<string, unknown> = {}) => {
    expectOk(await s.api.post('/pms/feedback/add', { type: 'bug', title, content: `${title}的详细描述`, contact: '13800000000', ...more }, { token: token[who] }), '添加成功！');
    return (await (s.db as any).selectFrom('pms_feedback').selectAll().where('title', '=', title).executeTakeFirstOrThrow());
  };
  const titles = async (t: string) => expectOk(await s.api.get('/pms/feedback/list?pageSize=50', { token: t })).records.map((r: any) => r.title).sort();
  const fire = (id: string, transition: string, more: Record<string, unknown> = {}, t = admin) => s.api.post('/pms/feedback/transition', { id, transition, ...more }, { token: t });
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('lets every signed-in role submit; a new one waits, whatever the body says', async () => {
    const a = await send('applicant', '申报页面打不开', { state: 'replied', reply: '伪造的回复' });
    expect(a).toMatchObject({ state: 'pending', reply: null, createBy: 'applicant' });
    await send('reviewer', '审核列表希望可按赛道筛选', { type: 'advice' });
    await send('expert', '评分表能否显示权重');
    const listed = expectOk(await s.api.get('/pms/feedback/list', { token: token.applicant })).records;
    expect(listed.map((r: any) => [r.title, r.type_dictText, r.state_dictText])).toEqual([['申报页面打不开', '问题报告', '待处理']]);
  });

  it('shows each sender only their own, on every path; the administrator sees all', async () => {
    expect(await titles(token.applicant)).toEqual(['申报页面打不开']);
    expect(await titles(token.reviewer)).toEqual(['审核列表希望可按赛道筛选']);
    expect(await titles(token.expert)).toEqual(['评分表能否显示权重']);
    expect((await titles(admin)).length).toBeGreaterThanOrEqual(3);
    const other = await (s.db as any).selectFrom('pms_feedback').select('id').where('createBy', '=', 'reviewer').executeTakeFirstOrThrow();
    expectEnvelope(await s.api.get(`/pms/feedback/queryById?id=${other.id}`, { token: token.applicant }), { success: false, message: '未找到对应数据' });
    refused(await s.api.get(`/pms/feedback/history?id=${other.id}`, { token: token.applicant }), 404, '未找到对应数据');
  });

  it('lets the sender neither edit, delete, reply nor close (those are the administrator’s)', async () => {
    const f = await send('applicant', '附件上传失败');
    expect((await s.api.put('/pms/feedback/edit', { id: f.id, title: '改了' }, { token: token.applicant })).status).toBe(403);
    expect((await s.api('DELETE', `/pms/feedback/delete?id=${f.id}`, { token: token.applicant })).status).toBe(403);
    expect((await fire(f.id, 'reply', { opinion: '自己回复' }, token.applicant)).status).toBe(403);
    expect((await fire(f.id, 'close', {}, token.expert)).status).toBe(403);
  });

  it('replies with a required opinion, stamped into the reply, and tells the sender', async () => {
    const f = await send('applicant', '登录验证码看不清');
    refused(await fire(f.id, 'reply'), 400, '请填写回复意见');
    refused(await fire(f.id, 'reply', { opinion: '  ' }), 400, '请填写回复意见');
    expectOk(await fire(f.id, 'reply', { opinion: '已更换验证码字体，请刷新后再试' }), '回复成功！');
    const row = expectOk(await s.api.get(`/pms/feedback/queryById?id=${f.id}`, { token: token.applicant }));
    expect(row).toMatchObject({ state: 'replied', reply: '已更换验证码字体，请刷新后再试', replyBy: 'admin' });
    expect(row.replyTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const bell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=50', { token: token.applicant }));
    expect(bell.sysMsgList.map((m: any) => m.titile)).toContainEqual(expect.stringMatching(/^反馈「.+」已回复$/));
    refused(await fire(f.id, 'reply', { opinion: '再回一次' }), 409, '当前状态「已回复」不能回复');
    expect((await s.api.put('/pms/feedback/edit', { id: f.id, title: '回复后改标题' }, { token: admin })).status).toBe(409);
    const history = expectOk(await s.api.get(`/pms/feedback/history?id=${f.id}`, { token: token.applicant }));
    expect(history.map((h: any) => [h.transitionText, h.toState_dictText, h.opinion])).toEqual([['回复', '已回复', '已更换验证码字体，请刷新后再试']]);
  });

  it('closes a pending or replied feedback and tells the sender', async () => {
    const f = await send('expert', '重复提交的反馈');
    expectOk(await fire(f.id, 'close', { opinion: '与另一条重复' }), '关闭成功！');
    expect((await (s.db as any).selectFrom('pms_feedback').select('state').where('id', '=', f.id).executeTakeFirstOrThrow()).state).toBe('closed');
    const bell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=50', { token: token.expert }));
    expect(bell.sysMsgList.map((m: any) => m.titile)).toContainEqual(expect.stringMatching(/^反馈「.+」已关闭$/));
    refused(await fire(f.id, 'close'), 409, '当前状态「已关闭」不能关闭');
  });

  it('holds one limit for the page and the mini-program: five in ten minutes, whichever way they come', async () => {
    const t = await addUserWithRole(s, admin, 'feedback_flood', '反馈频繁', 'applicant');
    const body = (n: number) => ({ type: 'bug', title: `频繁反馈${n}`, content: '内容', contact: '13800000000' });
    const viaPage = (n: number) => s.api.post('/pms/feedback/add', body(n), { token: t });
    const viaApplet = (n: number) => s.api.post('/applet/feedback/add', body(n), { token: t });
    // A refused add (no title) is not counted.
    refused(await s.api.post('/pms/feedback/add', { type: 'bug', content: '没有标题' }, { token: t }), 400, /标题/);
    expectOk(await viaPage(1), '添加成功！');
    expectOk(await viaApplet(2), '提交成功，感谢您的反馈！');
    expectOk(await viaPage(3), '添加成功！');
    expectOk(await viaApplet(4), '提交成功，感谢您的反馈！');
    expectOk(await viaPage(5), '添加成功！');
    refused(await viaPage(6), 429, '反馈提交过于频繁，请10分钟后再试');
    refused(await viaApplet(7), 429, '反馈提交过于频繁，请10分钟后再试');
    const stored = await (s.db as any).selectFrom('pms_feedback').select('title').where('createBy', '=', 'feedback_flood').execute();
    expect(stored.map((r: any) => r.title).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `频繁反馈${n}`));
    // The limit is the user's own: another sender still gets through on the page.
    await send('reviewer', '限流不影响他人');
  });

  it('checks the fields: a required title and content', async () => {
    refused(await s.api.post('/pms/feedback/add', { type: 'bug', content: '没有标题' }, { token: token.reviewer }), 400, /标题/);
    refused(await s.api.post('/pms/feedback/add', { type: 'bug', title: '没有内容' }, { token: token.reviewer }), 400, /反馈内容/);
    refused(await s.api.post('/pms/feedback/add', { type: 'bug', title: '太长', content: 'x'.repeat(2001) }, { token: token.reviewer }), 400, /反馈内容/);
  });
});
