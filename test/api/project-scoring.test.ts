/* eslint-disable @typescript-eslint/no-explicit-any */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Experts score the passed projects and the contest publishes its ranking (pms_project_review, the
 * scoring sheets of src/schema/scoring.ts): assignment by hand and automatic (balanced, never an
 * expert of the project's own organisation), scores checked against the contest's sheet and locked
 * once submitted, final scores and ranks per track, shown to applicants only once published.
 */
describe(`contest scoring: assign, score, publish [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let expert: string;
  let expert2: string;
  let applicant: string;
  let raceId: string;
  const db = () => s.db as any;

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    expert = await s.login('expert');
    expert2 = await s.login('expert2');
    applicant = await s.login('applicant');
    raceId = (await db().selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await s?.close(); });

  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });
  const newPassedProject = async (name: string, orgName = '新锐科技有限公司') => {
    expectOk(await s.api.post('/pms/project/add', { raceId, name, track: 'bio', orgName, leader: '钱工', leaderPhone: '13800138111' }, { token: applicant }));
    const p = await db().selectFrom('pms_project').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    await db().updateTable('pms_project').set({ state: 'passed', submitTime: '2026-11-01 10:00:00' }).where('id', '=', p.id).execute();
    return p.id as string;
  };
  const reviewOf = async (projectId: string, username: string) =>
    db().selectFrom('pms_project_review').selectAll().where('projectId', '=', projectId).where('expert', '=', username).executeTakeFirst();
  const sheet = async (reviewId: string, token = expert) => expectOk(await s.api.get(`/pms/review/sheet?id=${reviewId}`, { token }));
  const save = (id: string, scores: Record<string, unknown>, token = expert, comment?: string) =>
    s.api.put('/pms/review/edit', { id, scores: JSON.stringify(scores), ...(comment !== undefined ? { comment } : {}) }, { token });
  const submit = (id: string, token = expert) => s.api.post('/pms/review/transition', { id, transition: 'submit' }, { token });

  it('assigns by hand, refusing a non-expert, a project not passed, and an expert of the project’s own organisation', async () => {
    const id = await newPassedProject('手工分配项目', '专家委员会');
    refused(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'reviewer' }, { token: admin }), 400, 'reviewer 不是评审专家');
    // expert belongs to 信息技术组; a project declared by 信息技术组 cannot get them.
    const own = await newPassedProject('本单位项目', '信息技术组');
    refused(await s.api.post('/pms/project/assignExperts', { projectId: own, experts: 'expert' }, { token: admin }), 409, /expert 与「本单位项目」同属 信息技术组，需回避/);
    expect(await reviewOf(own, 'expert')).toBeUndefined();
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert,expert2' }, { token: admin }), '已分配2位专家');
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert' }, { token: admin }), '已分配0位专家');
    expect((await db().selectFrom('pms_project').select('reviewProgress').where('id', '=', id).executeTakeFirst()).reviewProgress).toBe('0/2');
    expect((await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert3' }, { token: applicant })).status).toBe(403);
  });

  it('lets an expert reach only their assigned projects and reviews', async () => {
    const id = await newPassedProject('只给专家二');
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert2' }, { token: admin }));
    const review = await reviewOf(id, 'expert2');
    refused(await s.api.get(`/pms/review/sheet?id=${review.id}`, { token: expert }), 404, '未找到对应数据');
    expect(await sheet(review.id, expert2)).toMatchObject({ projectName: '只给专家二', orgName: '新锐科技有限公司', project: { track: 'bio' } });
    const mine = expectOk(await s.api.get('/pms/review/list?pageSize=100', { token: expert })).records;
    expect(mine.every((r: any) => r.expert === 'expert')).toBe(true);
    // Scoring a project one is not assigned to: not found, and nothing changes.
    refused(await save(review.id, {}), 200, '未找到对应数据');
    refused(await submit(review.id), 404, '未找到对应数据');
    expect((await reviewOf(id, 'expert2')).state).toBe('pending');
    // An applicant never reaches the sheets of their own project, by any path.
    expect((await s.api.get('/pms/review/list', { token: applicant })).status).toBe(403);
    expect((await s.api.get(`/pms/review/queryById?id=${review.id}`, { token: applicant })).status).toBe(403);
    expect((await s.api.get(`/pms/review/sheet?id=${review.id}`, { token: applicant })).status).toBe(403);
    expect((await s.api.get(`/pms/review/exportXls`, { token: applicant })).status).toBe(403);
  });

  it('checks each save against the contest’s sheet, computes the total itself, and locks a submitted sheet', async () => {
    const id = await newPassedProject('评分项目');
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert' }, { token: admin }));
    const review = await reviewOf(id, 'expert');
    const form = await sheet(review.id);
    expect(form.indicators.map((i: any) => [i.name, i.maxScore])).toEqual([['技术创新', 30], ['市场前景', 25], ['团队能力', 20], ['商业模式', 15], ['社会效益', 10]]);
    expect(form.commentBelow).toBe(60);
    const [tech, market, team, model, social] = form.indicators.map((i: any) => i.id);
    refused(await save(review.id, { [tech]: 31 }), 400, '「技术创新」最高30分');
    refused(await save(review.id, { [tech]: 'abc' }), 400, '「技术创新」的分数需为数字');
    refused(await s.api.put('/pms/review/edit', { id: review.id, scores: 'not json' }, { token: expert }), 400, '评分数据格式错误');
    expectOk(await save(review.id, { [tech]: 15 }));
    refused(await submit(review.id), 400, '请为「市场前景」打分；请为「团队能力」打分；请为「商业模式」打分；请为「社会效益」打分');
    refused(await save(review.id, { [tech]: 15, [team]: -3, [model]: 7.25 }), 400, '「团队能力」不能低于0分；「商业模式」最多保留1位小数');
    expectOk(await save(review.id, { [tech]: 15, [market]: 10, [team]: 10, [model]: 5, [social]: 5 }));
    const saved = await reviewOf(id, 'expert');
    expect(Number(saved.total)).toBe(45); // 15/30·30 + 10/25·25 + 10/20·20 + 5/15·15 + 5/10·10 on 100
    // The body cannot move the sheet to another project or set its own total.
    await s.api.put('/pms/review/edit', { id: review.id, projectId: 'x', expert: 'expert2', total: 100 }, { token: expert });
    expect(await reviewOf(id, 'expert')).toMatchObject({ projectId: id, expert: 'expert' });
    expect(Number((await reviewOf(id, 'expert')).total)).toBe(45);
    refused(await submit(review.id), 400, '总分低于60分，请填写评语');
    expectOk(await save(review.id, { [tech]: 15, [market]: 10, [team]: 10, [model]: 5, [social]: 5 }, expert, '市场分析不足'));
    expect((await reviewOf(id, 'expert')).state).toBe('draft');
    expectOk(await submit(review.id), '提交评分成功！');
    refused(await save(review.id, { [tech]: 30 }), 409, '当前状态「已提交」不能修改');
    refused(await submit(review.id), 409, '当前状态「已提交」不能提交评分');
    expect((await db().selectFrom('pms_project').select('reviewProgress').where('id', '=', id).executeTakeFirst()).reviewProgress).toBe('1/1');
  });

  it('assigns automatically: each passed project gets its experts, load balanced, own organisation avoided', async () => {
    const own = await newPassedProject('回避测试', '先进制造组');
    expectOk(await s.api.post('/pms/project/assignExperts', { auto: true }, { token: admin }));
    const reviews = await db().selectFrom('pms_project_review').innerJoin('pms_project', 'pms_project.id', 'pms_project_review.projectId')
      .select(['pms_project_review.projectId', 'pms_project_review.expert']).where('pms_project.state', '=', 'passed').execute();
    const perProject = new Map<string, string[]>();
    for (const r of reviews) perProject.set(r.projectId, [...(perProject.get(r.projectId) ?? []), r.expert]);
    // 本单位项目 (信息技术组) may only have expert3 and expert4 of 先进制造组; 回避测试 (先进制造组) neither of them.
    const ownIt = (await db().selectFrom('pms_project').select('id').where('name', '=', '本单位项目').executeTakeFirstOrThrow()).id;
    expect([...perProject.get(ownIt)!].sort()).toEqual(['expert3', 'expert4']);
    expect(perProject.get(own)!.filter((e) => e === 'expert3' || e === 'expert4')).toEqual([]);
    for (const [projectId, experts] of perProject) {
      if (projectId !== ownIt) expect(experts.length).toBeGreaterThanOrEqual(3);
      expect(new Set(experts).size).toBe(experts.length);
    }
    const load = new Map<string, number>();
    for (const r of reviews) load.set(r.expert, (load.get(r.expert) ?? 0) + 1);
    expect(Math.max(...load.values()) - Math.min(...load.values())).toBeLessThanOrEqual(3);
    expectOk(await s.api.post('/pms/project/assignExperts', { auto: true }, { token: admin }), '所有已通过的项目都已分配专家');
  });

  it('publishes final scores and ranks per track; applicants see them only once published', async () => {
    refused(await s.api.post('/pms/race/publishResults', { id: raceId }, { token: admin }), 409, /^还有\d+份评分未提交/);
    const before = expectOk(await s.api.get('/pms/project/list?pageSize=200', { token: applicant })).records;
    expect(before.every((p: any) => p.finalScore === null && p.rank === null)).toBe(true);
    expect(expectOk(await s.api.post('/pms/race/publishResults', { id: raceId, force: true }, { token: admin }))).toBeNull();
    // a forced publication records who forced it and how many sheets were still open
    const race = await (s.db as any).selectFrom('pms_race').select(['resultPublishBy', 'resultOpenSheets']).where('id', '=', raceId).executeTakeFirstOrThrow();
    expect(race.resultPublishBy).toBe('admin');
    expect(race.resultOpenSheets).toBeGreaterThan(0);
    const ranking = expectOk(await s.api.get(`/pms/race/ranking?id=${raceId}`, { token: admin }));
    const it = ranking.filter((r: any) => r.track === 'it');
    expect(it.map((r: any) => r.rank)).toEqual([...it.map((r: any) => r.rank)].sort((a: number, b: number) => a - b));
    expect(it[0].finalScore).toBeGreaterThanOrEqual(it[it.length - 1].finalScore);
    const after = expectOk(await s.api.get('/pms/project/list?pageSize=200', { token: applicant })).records.filter((p: any) => p.state === 'passed' && p.rank !== null);
    expect(after.length).toBeGreaterThan(5);
    // each applicant is told their project's score and rank, by its name, with 我的项目 to open it from
    const bell = expectOk(await s.api.get('/sys/annountCement/listByUser?pageSize=50', { token: applicant }));
    const told = bell.sysMsgList.filter((m: any) => /^项目「.+」评审结果已公示$/.test(m.titile));
    expect(told.length).toBe(after.length);
    const one = await (s.db as any).selectFrom('sys_announcement').select(['msgContent', 'openPage']).where('id', '=', told[0].id).executeTakeFirstOrThrow();
    expect(one.msgContent).toMatch(/^项目「.+」评审结果已公示：最终得分 [\d.]+，赛道排名第\d+名（\d+份评分）$/);
    expect(one.openPage).toMatch(/^\/pms\/myProject\?id=/);
    // every notice is its own project's: its name, score, rank and link (they are written together)
    const notices = await (s.db as any).selectFrom('sys_announcement').select(['titile', 'msgContent', 'openPage', 'busId']).where('id', 'in', told.map((m: any) => m.id)).execute();
    for (const n of notices) {
      const p = after.find((r: any) => r.id === n.busId);
      expect(n.titile).toBe(`项目「${p.name}」评审结果已公示`);
      expect(n.msgContent).toContain(`最终得分 ${Number(p.finalScore).toFixed(2)}，赛道排名第${p.rank}名`);
      expect(n.openPage).toBe(`/pms/myProject?id=${p.id}`);
    }
    const pub = expectOk(await s.api.get('/web/ranking'));
    expect(pub[0].projects.length).toBe(after.length);
    expect(Object.keys(pub[0].projects[0]).sort()).toEqual(['finalScore', 'id', 'name', 'orgName', 'rank', 'track', 'track_dictText']);
    expect((await s.api.post('/pms/race/publishResults', { id: raceId, force: true }, { token: expert })).status).toBe(403);
  });
  it('reassigns or removes an expert whose sheet is not submitted, never one already submitted', async () => {
    const id = await newPassedProject('更换专家项目');
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert,expert2' }, { token: admin }));
    const panel = expectOk(await s.api.get(`/pms/project/experts?projectId=${id}`, { token: admin }));
    expect(panel.assigned.map((a: any) => a.expert).sort()).toEqual(['expert', 'expert2']);
    expect(panel.experts.find((e: any) => e.username === 'expert')).toMatchObject({ avoid: false, orgs: ['信息技术组'] });
    expect((await s.api.get(`/pms/project/experts?projectId=${id}`, { token: expert })).status).toBe(403);
    const first = await reviewOf(id, 'expert');
    const form = await sheet(first.id);
    expectOk(await save(first.id, { [form.indicators[0].id]: 10 }));
    refused(await s.api.post('/pms/project/reassignExpert', { reviewId: first.id, expert: 'expert2' }, { token: admin }), 409, 'expert2 已是「更换专家项目」的评审专家');
    refused(await s.api.post('/pms/project/reassignExpert', { reviewId: first.id, expert: 'reviewer' }, { token: admin }), 400, 'reviewer 不是评审专家');
    expectOk(await s.api.post('/pms/project/reassignExpert', { reviewId: first.id, expert: 'expert5' }, { token: admin }), '已更换评审专家');
    // The new expert starts from an empty sheet; the old one no longer reaches it.
    expect(await reviewOf(id, 'expert5')).toMatchObject({ id: first.id, state: 'pending', scores: null, total: null });
    refused(await s.api.get(`/pms/review/sheet?id=${first.id}`, { token: expert }), 404, '未找到对应数据');
    // Removing: an unsubmitted sheet goes (撤销分配), a submitted one stays.
    const second = await reviewOf(id, 'expert2');
    const full = Object.fromEntries(form.indicators.map((i: any) => [i.id, i.maxScore]));
    expectOk(await save(second.id, full, expert2));
    expectOk(await submit(second.id, expert2));
    refused(await s.api.post('/pms/project/reassignExpert', { reviewId: second.id, expert: 'expert' }, { token: admin }), 409, 'expert2 已提交评分，不能更换');
    refused(await s.api('DELETE', `/pms/review/delete?id=${second.id}`, { token: admin }), 409, '当前状态「已提交」不能删除');
    expectOk(await s.api('DELETE', `/pms/review/delete?id=${first.id}`, { token: admin }));
    expect((await db().selectFrom('pms_project').select('reviewProgress').where('id', '=', id).executeTakeFirst()).reviewProgress).toBe('1/1');
    // each expert was told, by the project's name: given it, and (expert: reassigned; expert5: removed) no longer scoring it
    const titles = async (username: string) => (await db().selectFrom('sys_announcement').select(['titile', 'openPage']).where('busType', '=', 'pms_project_review')
      .where('userIds', 'like', `%${(await db().selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id}%`).orderBy('createTime').execute());
    expect((await titles('expert')).map((n: any) => n.titile)).toEqual(expect.arrayContaining(['请评审项目「更换专家项目」', '您已不再评审项目「更换专家项目」']));
    expect((await titles('expert5')).map((n: any) => n.titile)).toEqual(expect.arrayContaining(['请评审项目「更换专家项目」', '您已不再评审项目「更换专家项目」']));
    expect((await titles('expert2')).find((n: any) => n.titile === '请评审项目「更换专家项目」')?.openPage).toBe(`/pms/score?id=${second.id}`);
  });

  it('experts score, managers see: an administrator neither fills in nor submits an expert\'s sheet', async () => {
    const id = await newPassedProject('代评测试项目');
    expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: 'expert' }, { token: admin }));
    const r = await reviewOf(id, 'expert');
    const form = await sheet(r.id);
    const full = Object.fromEntries(form.indicators.map((i: any) => [i.id, i.maxScore]));
    refused(await save(r.id, full, admin), 403, '评分只能由评审专家本人填写和提交；如需调整请更换专家');
    expectOk(await save(r.id, full));
    refused(await submit(r.id, admin), 403, '评分只能由评审专家本人填写和提交；如需调整请更换专家');
    expect((await reviewOf(id, 'expert')).state).toBe('draft');
    expectOk(await submit(r.id));
    // 详情 of the submitted sheet: the manager reads its scores, the other expert does not reach it.
    expect(await sheet(r.id, admin)).toMatchObject({ state: 'submitted', scores: full });
    refused(await s.api.get(`/pms/review/sheet?id=${r.id}`, { token: expert2 }), 404, '未找到对应数据');
  });

  describe('a contest scored by five experts', () => {
    let race: string;
    let tokens: Record<string, string>;
    const experts = ['expert', 'expert2', 'expert3', 'expert4', 'expert5'];
    const projects: Record<string, string> = {};

    /** One project of the new contest, scored by the first experts with these totals (one indicator of 100). */
    const scored = async (name: string, track: string, totals: number[]) => {
      expectOk(await s.api.post('/pms/project/add', { raceId: race, name, track, orgName: '评审测试单位', leader: '孙工', leaderPhone: '13800138222' }, { token: applicant }));
      const id = (await db().selectFrom('pms_project').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
      await db().updateTable('pms_project').set({ state: 'passed', submitTime: '2026-11-02 09:00:00' }).where('id', '=', id).execute();
      expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: experts.slice(0, totals.length).join(',') }, { token: admin }));
      for (const [k, total] of totals.entries()) {
        const r = await reviewOf(id, experts[k]);
        const ind = (await sheet(r.id, tokens[experts[k]])).indicators[0].id;
        expectOk(await save(r.id, { [ind]: total }, tokens[experts[k]]));
        expectOk(await submit(r.id, tokens[experts[k]]));
      }
      projects[name] = id;
      return id;
    };

    beforeAll(async () => {
      tokens = { expert, expert2 };
      for (const e of ['expert3', 'expert4', 'expert5']) tokens[e] = await s.login(e);
      expectOk(await s.api.post('/pms/race/add', {
        title: '排名测试赛', year: 2026, expertsPerProject: 5, startDate: '2020-01-01', endDate: '2099-12-31',
        declareStart: '2020-01-01 00:00:00', declareEnd: '2099-12-31 00:00:00',
        pms_race_indicatorList: [{ name: '综合评价', maxScore: 100, weight: 1, sortNo: 1 }],
      }, { token: admin }));
      race = (await db().selectFrom('pms_race').select('id').where('title', '=', '排名测试赛').executeTakeFirstOrThrow()).id;
      await scored('甲', 'it', [60, 80, 80, 80, 100]); // final 80 (60 and 100 dropped), mean 80, 5 sheets
      await scored('乙', 'it', [50, 80, 80, 80, 90]); //  final 80, mean 76
      await scored('丙', 'it', [90, 90, 90]); //          final 90
      await scored('丁', 'it', [80, 80, 80]); //          final 80, mean 80, 3 sheets
      await scored('戊', 'it', [80, 80, 80]); //          all equal to 丁: they share a rank
      await scored('己', 'bio', [70]);
    });

    it('drops the highest and lowest from five sheets on, and breaks ties by the documented rule', async () => {
      const ranking = expectOk(await s.api.get(`/pms/race/ranking?id=${race}&track=it`, { token: admin }));
      expect(ranking.map((r: any) => [r.name, r.rank, r.finalScore, r.reviews])).toEqual([
        ['丙', 1, 90, 3], ['甲', 2, 80, 5], ['丁', 3, 80, 3], ['戊', 3, 80, 3], ['乙', 5, 80, 5],
      ]);
      expect(ranking[0]).toMatchObject({ track: 'it', track_dictText: '信息技术' });
      // Where a final score is shared, what decided the place is said (the rule: docs/schema-language.md).
      expect(ranking.map((r: any) => [r.name, r.tieBreak])).toEqual([
        ['丙', null], ['甲', '同分，按评分份数排序（5份）'], ['丁', '并列第3名：最终得分、平均分、评分份数和提交时间均相同'],
        ['戊', '并列第3名：最终得分、平均分、评分份数和提交时间均相同'], ['乙', '同分，按全部评分平均分排序（76.00分）'],
      ]);
      const all = expectOk(await s.api.get(`/pms/race/ranking?id=${race}`, { token: admin }));
      expect(all.map((r: any) => r.name)).toContain('己');
      refused(await s.api.get('/pms/race/ranking?id=nope', { token: admin }), 404, '赛事不存在');
      expect((await s.api.get(`/pms/race/ranking?id=${race}`, { token: applicant })).status).toBe(403);
    });

    it('exports the ranking to xlsx', async () => {
      const res = await fetch(`${s.apiUrl}/pms/race/exportRanking?id=${race}&track=it`, { headers: { 'X-Access-Token': admin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1])).toBe('排名测试赛排名.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const rows: unknown[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[2]).toEqual(['赛道', '排名', '项目名称', '申报单位', '最终得分', '评分份数', '分配份数', '同分说明']);
      expect(rows[4].slice(5)).toEqual([5, 5, '同分，按评分份数排序（5份）']);
      expect(rows.slice(3).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([['信息技术', 1, '丙', 90], ['信息技术', 2, '甲', 80], ['信息技术', 3, '丁', 80], ['信息技术', 3, '戊', 80], ['信息技术', 5, '乙', 80]]);
      expect((await fetch(`${s.apiUrl}/pms/race/exportRanking?id=${race}`, { headers: { 'X-Access-Token': applicant } })).status).toBe(403);
    });

    it('publishes without force when every sheet is in; the applicant sees score and rank only while published', async () => {
      const mine = async (token = applicant) => expectOk(await s.api.get(`/pms/project/list?raceId=${race}&pageSize=50`, { token })).records;
      expect((await mine()).every((p: any) => p.finalScore === null && p.rank === null)).toBe(true);
      expectOk(await s.api.post('/pms/race/publishResults', { id: race }, { token: admin }), '「排名测试赛」结果已公示，共6个项目');
      const after = await mine();
      expect(after.find((p: any) => p.name === '甲')).toMatchObject({ rank: 2 });
      expect(Number(after.find((p: any) => p.name === '甲').finalScore)).toBe(80);
      expect(Number(expectOk(await s.api.get(`/pms/project/queryById?id=${projects['乙']}`, { token: applicant })).rank)).toBe(5);
      const race2 = await db().selectFrom('pms_race').select(['resultPublished', 'resultPublishTime']).where('id', '=', race).executeTakeFirst();
      expect(race2.resultPublished).toBe('1');
      expect(race2.resultPublishTime).toBeTruthy();
      const pub = expectOk(await s.api.get('/web/ranking')).find((r: any) => r.id === race);
      expect(pub.projects.map((p: any) => [p.name, p.rank])).toEqual([['己', 1], ['丙', 1], ['甲', 2], ['丁', 3], ['戊', 3], ['乙', 5]]);
      // Withdrawn from publication, the scores are hidden again from the applicant, not from the administrator.
      await db().updateTable('pms_race').set({ resultPublished: '0' }).where('id', '=', race).execute();
      expect((await mine()).every((p: any) => p.finalScore === null && p.rank === null)).toBe(true);
      expect((await mine(admin)).find((p: any) => p.name === '甲').rank).toBe(2);
      expect(expectOk(await s.api.get('/web/ranking')).find((r: any) => r.id === race)).toBeUndefined();
    });

    it('marks a project scored by fewer sheets than assigned, and lists one with none in yet, unranked', async () => {
      const partly = async (name: string, assigned: number, totals: number[]) => {
        expectOk(await s.api.post('/pms/project/add', { raceId: race, name, track: 'bio', orgName: '评审测试单位', leader: '孙工', leaderPhone: '13800138222' }, { token: applicant }));
        const id = (await db().selectFrom('pms_project').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
        await db().updateTable('pms_project').set({ state: 'passed', submitTime: '2026-11-03 09:00:00' }).where('id', '=', id).execute();
        expectOk(await s.api.post('/pms/project/assignExperts', { projectId: id, experts: experts.slice(0, assigned).join(',') }, { token: admin }));
        for (const [k, total] of totals.entries()) {
          const r = await reviewOf(id, experts[k]);
          const ind = (await sheet(r.id, tokens[experts[k]])).indicators[0].id;
          expectOk(await save(r.id, { [ind]: total }, tokens[experts[k]]));
          expectOk(await submit(r.id, tokens[experts[k]]));
        }
      };
      await partly('庚', 3, [90, 80]);
      await partly('辛', 2, []);
      const bio = expectOk(await s.api.get(`/pms/race/ranking?id=${race}&track=bio`, { token: admin }));
      expect(bio.map((r: any) => [r.name, r.rank, r.finalScore, r.reviews, r.assigned])).toEqual([['庚', 1, 85, 2, 3], ['己', 2, 70, 1, 1], ['辛', null, null, 0, 2]]);
    });
  });
});
