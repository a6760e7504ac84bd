/* eslint-disable @typescript-eslint/no-explicit-any */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * 人员考核 on the engine: a plan resolves its people and creates one task per assessor–assessee pair
 * when it starts (all or nothing), assessors score within the plan's indicators while it runs, and
 * its end writes each assessee's weighted result, renormalised where a kind of assessor is missing,
 * graded and ranked per department — each person reaching only what they may.
 */
describe(`personnel assessment: plan, tasks, results [${BACKEND}]`, () => {
  let s: TestServer;
  const tokens: Record<string, string> = {};
  const db = () => s.db as any;
  const departId = async (code: string) => (await db().selectFrom('sys_depart').select('id').where('orgCode', '=', code).executeTakeFirstOrThrow()).id as string;
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });
  const as = (who: string) => ({ token: tokens[who] });

  let planId: string;
  let tasks: any[];
  const taskOf = (assessee: string, assessor: string) => tasks.find((t) => t.assessee === assessee && t.assessor === assessor);
  let ind: string[];

  const plan = async (name: string, extra: Record<string, unknown> = {}) => {
    const body = {
      name, periodType: 'quarter', periodStart: '2026-10-15', weightSelf: 10, weightHead: 40, weightPeer: 30, weightChosen: 20, peerCount: 1,
      chosenAssessors: 'admin', gradeExcellent: 90, gradeGood: 80, gradePass: 60,
      assess_indicatorList: [
        { name: '工作业绩', weight: 60, maxScore: 10, description: '完成情况', sortNo: 1 },
        { name: '团队协作', weight: 40, maxScore: 10, description: '配合', sortNo: 2 },
      ],
      ...extra,
    };
    return s.api.post('/assess/plan/add', body, as('admin'));
  };
  const planRow = (name: string) => db().selectFrom('assess_plan').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const fire = (id: string, transition: string, who = 'admin') => s.api.post('/assess/plan/transition', { id, transition }, as(who));
  const save = (id: string, marks: (number | string)[], who: string, comment?: string) =>
    s.api.put('/assess/task/edit', { id, scores: JSON.stringify(Object.fromEntries(marks.map((m, i) => [ind[i], m]))), ...(comment ? { comment } : {}) }, as(who));
  const submit = (id: string, who: string) => s.api.post('/assess/task/transition', { id, transition: 'submit' }, as(who));
  const score = async (assessee: string, assessor: string, marks: number[], comment?: string) => {
    const t = taskOf(assessee, assessor);
    expectOk(await save(t.id, marks, assessor, comment));
    expectOk(await submit(t.id, assessor));
  };
  const xlsxRows = async (path: string, who: string) => {
    const res = await fetch(`${s.apiUrl}${path}`, { headers: { 'X-Access-Token': tokens[who] } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  beforeAll(async () => {
    s = await startServer();
    for (const u of ['admin', 'reviewer', 'expert', 'expert2', 'expert4', 'expert5', 'applicant']) tokens[u] = await s.login(u);
    // expert3 works in both groups of 专家委员会; reviewer heads 专家委员会 (so 先进制造组, without a head, answers to them).
    const expert3 = (await db().selectFrom('sys_user').select('id').where('username', '=', 'expert3').executeTakeFirstOrThrow()).id;
    await db().insertInto('sys_user_depart').values({ id: 'assess-test-ud', userId: expert3, depId: await departId('A02A01') }).execute();
    await db().updateTable('sys_user').set({ userIdentity: 2, departIds: await departId('A02') }).where('username', '=', 'reviewer').execute();
  });
  afterAll(async () => { await s?.close(); });

  it('refuses a plan whose weights do not make 100 %, a broken period, and starting without people or a full template — changing nothing', async () => {
    refused(await plan('权重不足', { weightChosen: 10 }), 400, '各类评价人权重合计须为100%，当前为90%');
    refused(await plan('周期错误', { periodType: 'range', periodStart: '2026-10-15', periodEnd: '2026-10-01' }), 400, '考核周期的结束日期不能早于开始日期');
    expect(await db().selectFrom('assess_plan').select('id').where('name', 'in', ['权重不足', '周期错误']).execute()).toEqual([]);

    // 赛事运营部 has nobody in it.
    expectOk(await plan('无人计划', { assesseeDeparts: await departId('A01A03') }));
    const empty = await planRow('无人计划');
    expect(empty).toMatchObject({ periodStart: expect.stringMatching(/^2026-10-01/), periodEnd: expect.stringMatching(/^2026-12-31/), state: 'draft' });
    refused(await fire(empty.id, 'start'), 400, '没有被考核人：所选部门和角色下没有在职人员');

    expectOk(await plan('指标不足', { assesseeDeparts: await departId('A02A02'), assess_indicatorList: [{ name: '工作业绩', weight: 70, maxScore: 10 }] }));
    const partial = await planRow('指标不足');
    refused(await fire(partial.id, 'start'), 400, '考核指标权重合计须为100%，当前为70%');
    expectOk(await plan('评价人不存在', { assesseeDeparts: await departId('A02A02'), chosenAssessors: 'nobody' }));
    const ghost = await planRow('评价人不存在');
    refused(await fire(ghost.id, 'start'), 400, /指定评价人不存在或已冻结：nobody/);
    for (const p of [empty, partial, ghost]) {
      expect((await planRow(p.name)).state).toBe('draft');
      expect(await db().selectFrom('assess_task').select('id').where('planId', '=', p.id).execute()).toEqual([]);
      expect(await db().selectFrom('assess_result').select('id').where('planId', '=', p.id).execute()).toEqual([]);
    }
    // Only the plan's managers start one.
    expect((await fire(empty.id, 'start', 'expert')).status).toBe(403);
  });

  it('starts a plan: one task per assessor–assessee pair, each person once, every assessor told', async () => {
    expectOk(await plan('四季度考核', { assesseeDeparts: `${await departId('A02A01')},${await departId('A02A02')}`, assesseeRoles: 'reviewer' }));
    planId = (await planRow('四季度考核')).id;
    expectOk(await fire(planId, 'start'), '开始考核成功！');
    tasks = await db().selectFrom('assess_task').selectAll().where('planId', '=', planId).execute();
    const pairs = tasks.map((t) => `${t.assessee}<${t.kind}:${t.assessor}`).sort();
    expect(pairs).toEqual([
      // expert2 heads 信息技术组 and is assessed there too: by themself, a peer and the chosen, never as their own head.
      'expert2<chosen:admin', 'expert2<peer:expert3', 'expert2<self:expert2',
      'expert3<chosen:admin', 'expert3<head:expert2', 'expert3<peer:expert5', 'expert3<self:expert3',
      'expert4<chosen:admin', 'expert4<head:reviewer', 'expert4<self:expert4',
      'expert5<chosen:admin', 'expert5<head:expert2', 'expert5<peer:expert', 'expert5<self:expert5',
      // expert's next colleague is expert2, already their head: one task per pair.
      'expert<chosen:admin', 'expert<head:expert2', 'expert<self:expert',
      // reviewer is assessed by role; their department (项目管理部) has no head.
      'reviewer<chosen:admin', 'reviewer<self:reviewer',
    ].sort());
    // expert3, in both groups, is assessed once, in the first by org code.
    const results = await db().selectFrom('assess_result').selectAll().where('planId', '=', planId).execute();
    expect(results.map((r: any) => r.assessee).sort()).toEqual(['expert', 'expert2', 'expert3', 'expert4', 'expert5', 'reviewer']);
    expect(results.find((r: any) => r.assessee === 'expert3').departId).toBe(await departId('A02A01'));
    expect(await planRow('四季度考核')).toMatchObject({ state: 'running', assesseeCount: 6, taskProgress: '0/19' });
    const notice = await db().selectFrom('sys_announcement').select(['userIds', 'titile', 'openType', 'openPage']).where('busId', '=', planId).executeTakeFirstOrThrow();
    expect(notice.titile).toBe('考核任务：四季度考核');
    // 去处理 opens the assessor's 考核任务.
    expect(notice).toMatchObject({ openType: 'url', openPage: '/assess/task' });
    expect(notice.userIds.split(',').filter(Boolean)).toHaveLength(7);
    ind = (await db().selectFrom('assess_indicator').select('id').where('planId', '=', planId).orderBy('sortNo').execute()).map((r: any) => r.id);
    // A running plan is no longer edited.
    expect((await s.api.put('/assess/plan/edit', { id: planId, name: '改名' }, as('admin'))).status).toBe(409);
  });

  it('checks each sheet against the plan’s indicators and locks it once submitted', async () => {
    const mine = taskOf('expert5', 'expert5');
    refused(await save(mine.id, [11, 5], 'expert5'), 400, '「工作业绩」最高10分');
    refused(await save(mine.id, [-1, 5], 'expert5'), 400, '「工作业绩」不能低于0分');
    expect((await db().selectFrom('assess_task').select(['state', 'scores']).where('id', '=', mine.id).executeTakeFirst())).toEqual({ state: 'pending', scores: null });
    expectOk(await save(mine.id, [5], 'expert5'));
    refused(await submit(mine.id, 'expert5'), 400, '请为「团队协作」打分');
    expectOk(await save(mine.id, [5, 5], 'expert5'));
    // 50 is below the plan's 合格 line: the lowest grade needs a comment.
    refused(await submit(mine.id, 'expert5'), 400, '总分低于60分，请填写评语');
    expectOk(await save(mine.id, [5, 5], 'expert5', '本季度任务完成不足'));
    expectOk(await submit(mine.id, 'expert5'));
    const stored = await db().selectFrom('assess_task').select(['state', 'total']).where('id', '=', mine.id).executeTakeFirst();
    expect([stored.state, Number(stored.total)]).toEqual(['submitted', 50]);
    expect((await save(mine.id, [9, 9], 'expert5')).status).toBe(409);
    expect(Number((await db().selectFrom('assess_task').select('total').where('id', '=', mine.id).executeTakeFirst()).total)).toBe(50);
    expect((await db().selectFrom('assess_result').select('progress').where('planId', '=', planId).where('assessee', '=', 'expert5').executeTakeFirst()).progress).toBe('1/4');
  });

  it('lets an assessor reach only their own tasks, on every path', async () => {
    const other = taskOf('expert', 'expert2');
    const list = expectOk(await s.api.get(`/assess/task/list?planId=${planId}&pageSize=100`, as('expert5'))).records;
    expect(list.map((t: any) => `${t.assessee}:${t.assessor}`).sort()).toEqual(['expert3:expert5', 'expert5:expert5']);
    refused(await s.api.get(`/assess/task/queryById?id=${other.id}`, as('expert5')), 200, '未找到对应数据');
    refused(await s.api.get(`/assess/task/sheet?id=${other.id}`, as('expert5')), 404, '未找到对应数据');
    refused(await save(other.id, [1, 1], 'expert5'), 200, '未找到对应数据');
    refused(await submit(other.id, 'expert5'), 404, '未找到对应数据');
    expect((await s.api('DELETE', `/assess/task/delete?id=${other.id}`, as('expert5'))).status).toBe(403);
    // Staff hold no export of tasks; the administrator's export has them all.
    expect((await s.api.get(`/assess/task/exportXls?planId=${planId}`, as('expert5'))).status).toBe(403);
    expect(await xlsxRows(`/assess/task/exportXls?planId=${planId}`, 'admin')).toHaveLength(3 + 19);
    expect((await db().selectFrom('assess_task').select('state').where('id', '=', other.id).executeTakeFirst()).state).toBe('pending');
    // An applicant holds nothing of 人员考核.
    expect((await s.api.get('/assess/task/list', as('applicant'))).status).toBe(403);
    expect((await s.api.get('/assess/result/list', as('applicant'))).status).toBe(403);
  });

  it('ends the plan: open tasks become 未完成, results weighed, renormalised, graded at the lines and ranked per department', async () => {
    await score('expert', 'expert', [9, 9]);
    await score('expert', 'expert2', [9, 9]);
    await score('expert', 'admin', [9, 9]);
    await score('expert4', 'expert4', [10, 10]);
    await score('expert4', 'reviewer', [8.5, 7.5]);
    await score('reviewer', 'reviewer', [6, 6]);
    // While the plan runs an assessee does not see their result.
    expect(expectOk(await s.api.get(`/assess/result/list?planId=${planId}`, as('expert4'))).records).toEqual([]);
    // Nor does one who also heads their department: expert2 reads the others of 信息技术组, not their own card.
    const runningHeaded = expectOk(await s.api.get(`/assess/result/list?planId=${planId}&pageSize=50`, as('expert2'))).records;
    expect(runningHeaded.map((x: any) => x.assessee).sort()).toEqual(['expert', 'expert3', 'expert5']);
    const headOwn = await db().selectFrom('assess_result').select('id').where('planId', '=', planId).where('assessee', '=', 'expert2').executeTakeFirstOrThrow();
    refused(await s.api.get(`/assess/result/card?id=${headOwn.id}`, as('expert2')), 409, '考核尚未结束，结果暂不可查看');
    refused(await s.api.get(`/assess/result/queryById?id=${headOwn.id}`, as('expert2')), 200, '未找到对应数据');
    expectOk(await s.api.get(`/assess/result/card?id=${runningHeaded[0].id}`, as('expert2')));
    // Those who manage the plan still read every card while it runs.
    expect(expectOk(await s.api.get(`/assess/result/card?id=${headOwn.id}`, as('admin')))).toMatchObject({ assessee: 'expert2' });
    expectOk(await fire(planId, 'end'), '结束考核成功！');
    const left = await db().selectFrom('assess_task').select('state').where('planId', '=', planId).where('state', '!=', 'submitted').execute();
    expect(left.length).toBe(12);
    expect(left.every((t: any) => t.state === 'unfinished')).toBe(true);
    const rows = await db().selectFrom('assess_result').selectAll().where('planId', '=', planId).execute();
    const r = (who: string) => { const x = rows.find((y: any) => y.assessee === who); return [x.total === null ? null : Number(x.total), x.grade, x.deptRank, x.weightNote]; };
    expect(r('expert')).toEqual([90, 'excellent', 1, '无同事互评评分，权重按自评14.3%、上级评57.1%、指定人员评28.6%重新分配']);
    // self 100 × 10 + head 81 × 40, no peer and the chosen assessor missing: ÷ 50.
    expect(r('expert4')).toEqual([84.8, 'good', 1, '无同事互评、指定人员评评分，权重按自评20%、上级评80%重新分配']);
    expect(r('reviewer')).toEqual([60, 'pass', 1, '无上级评、同事互评、指定人员评评分，权重按自评100%重新分配']);
    expect(r('expert5')).toEqual([50, 'fail', 2, '无上级评、同事互评、指定人员评评分，权重按自评100%重新分配']);
    expect(r('expert2')).toEqual([null, null, null, null]);
    // each assessee is told the plan ended, with their score, opening their own card
    const told = await db().selectFrom('sys_announcement').select(['msgContent', 'openPage', 'busId']).where('busType', '=', 'assess_result').execute();
    const mine = told.find((n: any) => n.busId === rows.find((y: any) => y.assessee === 'expert').id);
    expect(mine?.msgContent).toMatch(/^考核计划「.+」已结束，您的考核结果已出：总分 90，等级 优秀。/);
    expect(told.length).toBe(rows.length);
    expect(mine?.openPage).toMatch(/^\/.+\?id=/);
    // every notice opens its own result (they are written together)
    for (const n of told) expect(n.openPage === null || n.openPage.endsWith(`?id=${n.busId}`)).toBe(true);
    // Scoring after the end: refused, nothing changed.
    const late = taskOf('expert3', 'expert5');
    expect((await save(late.id, [5, 5], 'expert5')).status).toBe(409);
    refused(await submit(late.id, 'expert5'), 409, /当前状态「未完成」不能提交评分/);
    expect((await db().selectFrom('assess_task').select(['state', 'scores']).where('id', '=', late.id).executeTakeFirst())).toEqual({ state: 'unfinished', scores: null });
  });

  it('shows results to their assessee after the end, to department heads for their departments, never who gave which score', async () => {
    const mine = expectOk(await s.api.get(`/assess/result/list?planId=${planId}`, as('expert4'))).records;
    expect(mine.map((x: any) => x.assessee)).toEqual(['expert4']);
    const card = expectOk(await s.api.get(`/assess/result/card?id=${mine[0].id}`, as('expert4')));
    expect(card).toMatchObject({ total: 84.8, grade: 'good', deptRank: 1, sheets: { submitted: 2, all: 3 } });
    expect(card.kinds.map((k: any) => [k.label, k.share, k.score])).toEqual([['自评', 0.2, 100], ['上级评', 0.8, 81], ['同事互评', 0, null], ['指定人员评', 0, null]]);
    expect(card.indicators.map((i: any) => [i.name, i.score])).toEqual([['工作业绩', 8.8], ['团队协作', 8]]);
    expect(JSON.stringify(card)).not.toMatch(/reviewer|审核人/);
    // expert2 heads 信息技术组: its four people; expert4 is in 先进制造组.
    const headed = expectOk(await s.api.get(`/assess/result/list?planId=${planId}&pageSize=50`, as('expert2'))).records;
    expect(headed.map((x: any) => x.assessee).sort()).toEqual(['expert', 'expert2', 'expert3', 'expert5']);
    const theirs = headed.find((x: any) => x.assessee === 'expert');
    // Once the plan has ended the head reads their own card too.
    expect(expectOk(await s.api.get(`/assess/result/card?id=${headed.find((x: any) => x.assessee === 'expert2').id}`, as('expert2')))).toMatchObject({ assessee: 'expert2', planState: 'ended' });
    refused(await s.api.get(`/assess/result/queryById?id=${theirs.id}`, as('expert4')), 200, '未找到对应数据');
    refused(await s.api.get(`/assess/result/card?id=${theirs.id}`, as('expert4')), 404, '未找到对应数据');
    const exported = await xlsxRows(`/assess/result/exportXls?planId=${planId}`, 'expert4');
    expect(exported.slice(3)).toHaveLength(1);
    expect((await s.api.put('/assess/result/edit', { id: theirs.id, total: 100 }, as('expert4'))).status).toBe(403);
    expect((await s.api('DELETE', `/assess/result/delete?id=${theirs.id}`, as('expert4'))).status).toBe(403);
    // The administrator's ranking per department, exported.
    const ranking = await xlsxRows(`/assess/plan/exportResults?id=${planId}`, 'admin');
    expect(ranking[2]).toEqual(['部门', '部门排名', '姓名', '账号', '综合得分', '等级', '已提交评分', '权重说明']);
    expect(ranking.slice(3).filter((x) => x[1] !== undefined && x[1] !== null).map((x) => [x[0], x[1], x[3], x[5]])).toEqual([
      ['先进制造组', 1, 'expert4', '良好'], ['项目管理部', 1, 'reviewer', '合格'], ['信息技术组', 1, 'expert', '优秀'], ['信息技术组', 2, 'expert5', '不合格'],
    ]);
  });

  it('copies a plan with its indicator template as a new draft', async () => {
    const res = expectOk(await s.api.post('/assess/plan/copy', { id: planId }, as('admin')), '已复制为「四季度考核（复制）」');
    const copy = await db().selectFrom('assess_plan').selectAll().where('id', '=', res.id).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ name: '四季度考核（复制）', state: 'draft', taskProgress: null, chosenAssessors: 'admin' });
    const names = await db().selectFrom('assess_indicator').select(['name', 'weight']).where('planId', '=', res.id).orderBy('sortNo').execute();
    expect(names.map((n: any) => [n.name, Number(n.weight)])).toEqual([['工作业绩', 60], ['团队协作', 40]]);
    // The draft is edited like any plan: the period kept whole, the weights checked again.
    expectOk(await s.api.put('/assess/plan/edit', { id: res.id, name: '一季度考核' }, as('admin')));
    expect(await planRow('一季度考核')).toMatchObject({ periodStart: expect.stringMatching(/^2026-10-01/), periodEnd: expect.stringMatching(/^2026-12-31/) });
    refused(await s.api.put('/assess/plan/edit', { id: res.id, weightSelf: 50 }, as('admin')), 400, '各类评价人权重合计须为100%，当前为140%');
    expect((await s.api.post('/assess/plan/copy', { id: planId }, as('expert'))).status).toBe(403);
  });
});
