/* eslint-disable @typescript-eslint/no-explicit-any */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

/**
 * The contest's declaration and audit (schemas/pms/pms_project.json): an applicant declares a project
 * with its team in 我的项目 and submits it inside the contest's window; a reviewer returns it with an
 * opinion in 项目审核; the applicant edits and resubmits; the reviewer passes it. Each person reaches
 * only the rows their role's rules give them.
 */
describe(`contest projects: declare, submit, audit [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let applicant2: string;
  let reviewer: string;
  let raceId: string;

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    reviewer = await s.login('reviewer');
    applicant2 = await addUserWithRole(s, admin, 'applicant2', '申报人二', 'applicant');
    raceId = (await (s.db as any).selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await s?.close(); });

  const project = (name: string, more: Record<string, unknown> = {}) => ({
    raceId, name, track: 'it', orgName: '星火科技有限公司', leader: '王工', leaderPhone: '13800138000',
    pms_project_memberList: [{ name: '李一', role: '技术负责人', orgName: '星火科技', phone: '13900139000' }, { name: '赵二', role: '市场' }],
    ...more,
  });
  const declare = async (name: string, token = applicant, more: Record<string, unknown> = {}) => {
    expectOk(await s.api.post('/pms/project/add', project(name, more), { token }), '添加成功！');
    return (await (s.db as any).selectFrom('pms_project').selectAll().where('name', '=', name).executeTakeFirstOrThrow()) as any;
  };
  const fire = (id: string, transition: string, token: string, more: Record<string, unknown> = {}) =>
    s.api.post('/pms/project/transition', { id, transition, ...more }, { token });
  const names = async (token: string) => expectOk(await s.api.get('/pms/project/list?pageSize=100', { token })).records.map((r: any) => r.name).sort();
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('the menu components of its three pages draw the one schema, each with its own title and buttons', async () => {
    const mine = expectOk(await s.api.get('/sys/schema/page?component=pms/MyProjectList', { token: applicant }));
    const audit = expectOk(await s.api.get('/sys/schema/page?component=pms/ProjectAuditList', { token: reviewer }));
    const all = expectOk(await s.api.get('/sys/schema/page?component=pms/AllProjectList', { token: admin }));
    expect([mine.title, audit.title, all.title]).toEqual(['我的项目', '项目审核', '全部项目']);
    expect([mine.api, audit.api, all.api]).toEqual(['/pms/project', '/pms/project', '/pms/project']);
    expect(audit.features).toMatchObject({ add: false, edit: false, delete: false });
  });

  it('declares a draft with its team; the state and audit fields are the server’s', async () => {
    const p = await declare('智能灌溉系统', applicant, { state: 'passed', auditOpinion: '自己通过', finalScore: 99.5, rank: 1, reviewProgress: '9/9' });
    expect(p).toMatchObject({ state: 'draft', auditOpinion: null, createBy: 'applicant', finalScore: null, rank: null, reviewProgress: null });
    // The results are the server's on an edit too: fields outside the form are never the client's.
    expectOk(await s.api.put('/pms/project/edit', { id: p.id, name: '智能灌溉系统', finalScore: 99.5, rank: 1, reviewProgress: '9/9', submitTime: '2020-01-01 00:00:00' }, { token: applicant }), '编辑成功!');
    expect(await (s.db as any).selectFrom('pms_project').select(['finalScore', 'rank', 'reviewProgress', 'submitTime']).where('id', '=', p.id).executeTakeFirstOrThrow())
      .toEqual({ finalScore: null, rank: null, reviewProgress: null, submitTime: null });
    const members = expectOk(await s.api.get(`/pms/project/subList/pms_project_member?mainId=${p.id}`, { token: applicant })).records;
    expect(members.map((m: any) => m.name)).toEqual(expect.arrayContaining(['李一', '赵二']));
    refused(await s.api.post('/pms/project/add', project('无赛事', { raceId: 'nope' }), { token: applicant }), 400, '所属赛事不存在');
    refused(await s.api.post('/pms/project/add', project('坏电话', { leaderPhone: '12345' }), { token: applicant }), 400, /请输入正确的手机号码/);
  });

  it('lets each applicant reach only their own projects, on reads and writes alike', async () => {
    const mine = await declare('光伏清洁机器人');
    const theirs = await declare('冷链溯源平台', applicant2);
    expect(await names(applicant2)).toEqual(['冷链溯源平台']);
    expect(await names(applicant)).not.toContain('冷链溯源平台');
    expectEnvelope(await s.api.get(`/pms/project/queryById?id=${theirs.id}`, { token: applicant }), { success: false, message: '未找到对应数据' });
    refused(await s.api.get(`/pms/project/subList/pms_project_member?mainId=${theirs.id}`, { token: applicant }), 404, '未找到对应数据');
    expectEnvelope(await s.api.put('/pms/project/edit', { id: theirs.id, name: '抢来的' }, { token: applicant }), { success: false, message: '未找到对应数据' });
    refused(await fire(theirs.id, 'submit', applicant), 404, '未找到对应数据');
    const members = expectOk(await s.api.get('/pms/projectMember/list?pageSize=100', { token: applicant })).records;
    expect(members.every((m: any) => m.projectId !== theirs.id)).toBe(true);
    expect(members.some((m: any) => m.projectId === mine.id)).toBe(true);
  });

  it('runs the whole audit: submit, return with an opinion, edit, resubmit, pass; the applicant is told', async () => {
    const p = await declare('城市内涝预警');
    expect(await names(reviewer)).not.toContain('城市内涝预警'); // a draft is the applicant's own
    refused(await fire(p.id, 'pass', applicant), 403, /没有权限/);
    expectOk(await fire(p.id, 'submit', applicant), '提交申报成功！');
    // the reviewers are told of the new submission, by the project's name, with 项目审核 to open it from
    const told = await (s.db as any).selectFrom('sys_announcement').select(['titile', 'openType', 'openPage', 'busId']).where('busId', '=', p.id).where('titile', '=', '项目「城市内涝预警」已提交申报').execute();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ openType: 'url', openPage: `/pms/audit?id=${p.id}` });
    const reviewerBell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=20', { token: reviewer }));
    expect(reviewerBell.sysMsgList.map((m: any) => m.titile)).toContain('项目「城市内涝预警」已提交申报');
    refused(await fire(p.id, 'submit', applicant), 409, '当前状态「已提交」不能提交申报');
    refused(await s.api.put('/pms/project/edit', { id: p.id, name: '改名' }, { token: applicant }), 409, '当前状态「已提交」不能修改');
    expect(await names(reviewer)).toContain('城市内涝预警');

    refused(await fire(p.id, 'return', reviewer), 400, '请填写退回修改意见');
    expectOk(await fire(p.id, 'return', reviewer, { opinion: '请补充商业计划书' }), '退回修改成功！');
    const returned = expectOk(await s.api.get(`/pms/project/queryById?id=${p.id}`, { token: applicant }));
    expect(returned).toMatchObject({ state: 'returned', auditOpinion: '请补充商业计划书', auditBy: 'reviewer' });
    const bell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=20', { token: applicant }));
    const returnNotice = bell.sysMsgList.find((m: any) => m.titile === '项目「城市内涝预警」已退回修改');
    expect(returnNotice, JSON.stringify(bell.sysMsgList.map((m: any) => m.titile))).toBeTruthy();
    const full = await (s.db as any).selectFrom('sys_announcement').select(['msgContent', 'openPage']).where('id', '=', returnNotice.id).executeTakeFirstOrThrow();
    // the return carries the reviewer's opinion and who returned it, and opens the project from 我的项目
    expect(full.msgContent).toBe('项目「城市内涝预警」已退回修改（当前状态：已退回）\n意见：请补充商业计划书\n处理人：审核人');
    expect(full.openPage).toBe(`/pms/myProject?id=${p.id}`);

    expectOk(await s.api.put('/pms/project/edit', { id: p.id, name: '城市内涝预警（修订）', pms_project_memberList: [{ name: '李一' }] }, { token: applicant }), '编辑成功!');
    expectOk(await fire(p.id, 'submit', applicant));
    expectOk(await fire(p.id, 'pass', reviewer, { opinion: '材料齐全' }));
    const history = expectOk(await s.api.get(`/pms/project/history?id=${p.id}`, { token: applicant }));
    expect(history.map((h: any) => h.transitionText)).toEqual(['提交申报', '退回修改', '提交申报', '通过']);
    refused(await s.api('DELETE', `/pms/project/delete?id=${p.id}`, { token: applicant }), 409, '当前状态「已通过」不能删除');
  });

  it('passes several submitted projects at once; one not submitted refuses the batch and changes nothing', async () => {
    const a = await declare('批量一');
    const b = await declare('批量二');
    const c = await declare('批量三');
    for (const p of [a, b]) expectOk(await fire(p.id, 'submit', applicant));
    refused(await s.api.post('/pms/project/transition', { ids: `${a.id},${b.id},${c.id}`, transition: 'pass' }, { token: reviewer }), 404, '未找到对应数据');
    expectOk(await s.api.post('/pms/project/transition', { ids: `${a.id},${b.id}`, transition: 'pass' }, { token: reviewer }), '通过成功，共2条');
    const states = await (s.db as any).selectFrom('pms_project').select(['name', 'state']).where('name', 'in', ['批量一', '批量二', '批量三']).orderBy('name').execute();
    expect(Object.fromEntries(states.map((r: any) => [r.name, r.state]))).toEqual({ 批量一: 'passed', 批量二: 'passed', 批量三: 'draft' });
  });

  it('takes only a real PDF as 商业计划书: a renamed file, a file of another kind, a path it never stored and a 10 MB+ upload are refused, nothing saved', async () => {
    const upload = async (content: BlobPart, name: string) => {
      const form = new FormData();
      form.append('biz', 'project');
      form.append('file', new Blob([content]), name);
      return fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': applicant } });
    };
    const stored = async (content: BlobPart, name: string) => (await (await upload(content, name)).json()).message as string;
    const realPdf = await stored('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n', '计划书.pdf');
    // A renamed file is refused as it is uploaded; a file of another kind, under its own name, as it is saved.
    const renamed = await upload('<html>not a pdf</html>', '伪装.pdf');
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).message).toBe('文件内容与类型不符');
    const fakePdf = await stored('<html>not a pdf</html>', '伪装.txt');
    refused(await s.api.post('/pms/project/add', project('伪装附件', { attachment: fakePdf }), { token: applicant }), 400, '「商业计划书」只能上传PDF文件');
    refused(await s.api.post('/pms/project/add', project('外来路径', { attachment: 'project/none_1700000000000.pdf' }), { token: applicant }), 400, '「商业计划书」的文件不存在，请重新上传');
    refused(await s.api.post('/pms/project/add', project('越界路径', { attachment: '../platform.db' }), { token: applicant }), 400, '「商业计划书」的文件路径无效');
    expect(await (s.db as any).selectFrom('pms_project').select('id').where('name', 'in', ['伪装附件', '外来路径', '越界路径']).execute()).toEqual([]);
    const p = await declare('真附件', applicant, { attachment: realPdf });
    expect(p.attachment).toBe(realPdf);
    refused(await s.api.put('/pms/project/edit', { id: p.id, attachment: `${realPdf},${fakePdf}` }, { token: applicant }), 400, '「商业计划书」只能上传PDF文件');
    const big = await upload(new Uint8Array(10 * 1024 * 1024 + 1), '过大.pdf');
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe('文件大小超出10MB限制');
  });

  it('exports the projects with their team members on a second sheet, each member under its project’s name', async () => {
    const p = await declare('导出测试项目');
    const res = await fetch(`${s.apiUrl}/pms/project/exportXls?selections=${p.id}`, { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['全部项目', '团队成员']);
    const values = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(3).map((r: any) => r.slice(1));
    expect(values(wb.worksheets[0])[1]).toEqual(expect.arrayContaining(['导出测试项目', '信息技术', '星火科技有限公司', '草稿']));
    expect(values(wb.worksheets[1])[0]).toEqual(['项目名称', '姓名', '团队角色', '所在单位', '联系电话']);
    expect(values(wb.worksheets[1]).slice(1).map((r: any) => [r[0], r[1]])).toEqual([['导出测试项目', '李一'], ['导出测试项目', '赵二']]);
  });

  it('refuses a declaration to a contest that takes none now (closed, or no window), added or moved there; answers the new id when asked', async () => {
    const [closed, unset] = (await (s.db as any).selectFrom('pms_race').select(['id', 'title']).where('isCurrent', '=', 0).orderBy('title').execute()) as any[];
    await (s.db as any).updateTable('pms_race').set({ declareStart: '2024-03-15 00:00:00', declareEnd: '2024-06-30 23:59:59' }).where('id', '=', closed.id).execute();
    await (s.db as any).updateTable('pms_race').set({ declareStart: null, declareEnd: null }).where('id', '=', unset.id).execute();
    closed.declareEnd = '2024-06-30 23:59:59';
    refused(await s.api.post('/pms/project/add', project('未定时间的项目', { raceId: unset.id }), { token: applicant }), 409, `「${unset.title}」尚未设置申报时间，不能申报`);
    refused(await s.api.post('/pms/project/add', project('过期赛事的项目', { raceId: closed.id }), { token: applicant }), 409,
      new RegExp(`^「${closed.title}」不在申报时间内（.* 至 ${closed.declareEnd}），不能申报$`));
    expect(await (s.db as any).selectFrom('pms_project').select('id').where('name', '=', '过期赛事的项目').executeTakeFirst()).toBeUndefined();
    const p = await declare('换赛事的项目');
    refused(await s.api.put('/pms/project/edit', { id: p.id, raceId: closed.id }, { token: applicant }), 409, /不在申报时间内.*不能申报$/);
    expect((await (s.db as any).selectFrom('pms_project').select('raceId').where('id', '=', p.id).executeTakeFirstOrThrow()).raceId).toBe(raceId);
    // An edit that keeps its contest is not a new declaration.
    expectOk(await s.api.put('/pms/project/edit', { id: p.id, raceId, name: '换赛事的项目' }, { token: applicant }), '编辑成功!');
    // 保存草稿 then 提交申报 on a new row: the form asks for the id with the add.
    const added = expectOk(await s.api.post('/pms/project/add?answer=id', project('要回编号的项目'), { token: applicant }), '添加成功！');
    expect((await (s.db as any).selectFrom('pms_project').select('id').where('name', '=', '要回编号的项目').executeTakeFirstOrThrow()).id).toBe(added);
  });

  it('refuses 提交申报 outside the contest’s declaration window and changes nothing', async () => {
    const p = await declare('迟到的项目');
    await (s.db as any).updateTable('pms_race').set({ declareEnd: '2020-01-01 00:00:00' }).where('id', '=', raceId).execute();
    try {
      refused(await fire(p.id, 'submit', applicant), 409, /^不在申报时间内（.* 至 2020-01-01 00:00:00）$/);
      expect((await (s.db as any).selectFrom('pms_project').select('state').where('id', '=', p.id).executeTakeFirst()).state).toBe('draft');
    } finally {
      await (s.db as any).updateTable('pms_race').set({ declareEnd: '2099-01-01 00:00:00' }).where('id', '=', raceId).execute();
    }
  });
});

describe(`the demo contest a newcomer finds on first start [${BACKEND}]`, () => {
  let s: TestServer;
  afterAll(async () => { await s?.close(); });

  it('holds projects in every state, with their teams and the history that brought them there', async () => {
    s = await startServer();
    const admin = await s.login('admin');
    const all = expectOk(await s.api.get('/pms/project/list?pageSize=100', { token: admin })).records;
    const count = (state: string) => all.filter((p: any) => p.state === state).length;
    expect(all.length).toBeGreaterThanOrEqual(30);
    for (const state of ['draft', 'submitted', 'returned', 'passed', 'rejected']) expect(count(state), state).toBeGreaterThan(2);
    const returned = all.find((p: any) => p.state === 'returned');
    expect(returned.auditOpinion).toBeTruthy();
    const history = expectOk(await s.api.get(`/pms/project/history?id=${returned.id}`, { token: admin }));
    expect(history.map((h: any) => h.transitionText)).toEqual(['提交申报', '退回修改']);
    expect(expectOk(await s.api.get(`/pms/project/subList/pms_project_member?mainId=${returned.id}`, { token: admin })).total).toBe(2);
    const applicant = await s.login('applicant');
    expect(expectOk(await s.api.get('/pms/project/list?pageSize=1', { token: applicant })).total).toBe(all.length);
    const reviewer = await s.login('reviewer');
    expect(expectOk(await s.api.get('/pms/project/list?pageSize=1', { token: reviewer })).total).toBe(all.length - count('draft'));
  });
});
