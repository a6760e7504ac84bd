/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import os from 'node:os';
import { closeAbandonedRuns, RUN_TIMEOUT_MS } from '../../src/server/jobs/runs.js';
import { formatDateTime } from '../../src/server/util/time.js';

const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';
const DEADLINE = 'org.jeecg.modules.quartz.job.DeclareDeadlineReminderJob';
const STATS = 'org.jeecg.modules.quartz.job.DailyStatsJob';
const CONTENT = 'org.jeecg.modules.quartz.job.ContentScheduleJob';
const REVIEWS = 'org.jeecg.modules.quartz.job.ReviewReminderJob';
const EVERY_SECOND = '* * * * * ?';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 定时任务 that run: a 1-second cron fires and is recorded, stop stops, 立即执行 runs once, failures are recorded. */
describe(`scheduled jobs run [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer({ jobs: true });
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string, token = admin) => s.api.get(path, { token });
  const jobId = async (cls: string) => expectOk(await get(`/sys/quartzJob/list?jobClassName=${cls}`)).records[0]?.id as string;
  const runs = async (id: string) => expectOk(await get(`/sys/quartzJob/runs?id=${id}&pageSize=100`)).records as any[];
  /** Polls the run log until `done` holds (or gives up after `ms`), answering the last read. */
  const runsUntil = async (id: string, done: (r: any[]) => boolean, ms = 5_000) => {
    const end = Date.now() + ms;
    let r = await runs(id);
    while (!done(r) && Date.now() < end) { await sleep(150); r = await runs(id); }
    return r;
  };
  const finished = (r: any[]) => r.every((x) => x.status !== 'running');

  it('refuses an unknown job class with the known ones, and a cron croner cannot run', async () => {
    const add = (patch: Record<string, unknown>) => s.api.post('/sys/quartzJob/add', { jobClassName: STATS, cronExpression: '0 0 1 * * ?', status: -1, ...patch }, { token: admin });
    const unknown = expectEnvelope(await add({ jobClassName: 'org.example.ReportJob' }), { status: 400 });
    expect(unknown.message).toMatch(/^未知的任务类名：org\.example\.ReportJob。可用的任务类名：/);
    for (const known of [SAMPLE, DEADLINE, STATS, CONTENT, 'org.jeecg.modules.quartz.job.PurgeExpiredJob', 'org.jeecg.modules.quartz.job.ReviewReminderJob']) expect(unknown.message).toContain(known);
    expectEnvelope(await add({ cronExpression: '0 0 25 * * ?' }), { status: 400, message: 'Cron表达式的时字段取值应在 0-23 之间：25' });
    expectEnvelope(await add({ cronExpression: '0 0 0 30 2 ?' }), { status: 400, message: 'Cron表达式不会再触发：没有将来的执行时间' });
    expect(expectEnvelope(await add({ cronExpression: '0 0 12 L-3 * ?' }), { status: 400 }).message).toMatch(/^Cron表达式无法解析：/);
    const sample = await jobId(SAMPLE);
    expectEnvelope(await s.api.put('/sys/quartzJob/edit', { id: sample, jobClassName: 'org.example.Other' }, { token: admin }), { status: 400 });
    // JeecgBoot's modal offers a 7-field default with the year.
    expectOk(await add({ cronExpression: '0 0 1 * * ? *' }), '添加成功！');
  });

  it('a 1-second job runs on its cron, each run recorded; 停止 stops it', async () => {
    const id = await jobId(SAMPLE);
    expectOk(await s.api.put('/sys/quartzJob/edit', { id, cronExpression: EVERY_SECOND, parameter: 'hello', status: 0 }, { token: admin }), '编辑成功!');
    const fired = await runsUntil(id, (r) => r.filter((x) => x.status === 'success').length >= 2);
    const done = fired.filter((x) => x.status === 'success');
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done[0]).toMatchObject({ jobClassName: SAMPLE, triggerType: 'cron', message: '示例任务已执行，参数：hello' });
    expect(done[0].startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(done[0].endTime >= done[0].startTime).toBe(true);
    expect(new Set(done.map((x) => x.fireTime)).size).toBe(done.length);

    expectOk(await get(`/sys/quartzJob/pause?id=${id}`), '停止定时任务成功');
    const before = (await runsUntil(id, finished)).length;
    await sleep(2_200);
    expect((await runs(id)).length).toBe(before);
  });

  it('立即执行 runs a stopped job once now, without starting its schedule', async () => {
    const id = await jobId(SAMPLE);
    const before = (await runs(id)).length;
    expectOk(await get(`/sys/quartzJob/execute?id=${id}`), '执行成功!');
    const after = await runsUntil(id, (r) => r.length > before && finished(r));
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ triggerType: 'manual', fireTime: null, status: 'success', message: '示例任务已执行，参数：hello' });
    await sleep(1_200);
    expect((await runs(id)).length).toBe(before + 1);
    expectRefused(await get('/sys/quartzJob/execute?id=nope'), '未找到对应数据');
  });

  it('a run that throws is recorded as failed and the schedule goes on', async () => {
    expectOk(await s.api.post('/sys/quartzJob/add', { jobClassName: DEADLINE, cronExpression: EVERY_SECOND, parameter: 'no-such-race' }, { token: admin }), '添加成功！');
    const id = await jobId(DEADLINE);
    const r = await runsUntil(id, (x) => x.filter((y) => y.status === 'failed').length >= 2, 6_000);
    const failed = r.filter((x) => x.status === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]).toMatchObject({ triggerType: 'cron', message: '未找到参数指定的赛事：no-such-race' });
    expectOk(await get(`/sys/quartzJob/pause?id=${id}`), '停止定时任务成功');
  });

  it('the daily figures job writes one row per figure and day, again the same day overwriting', async () => {
    const id = await jobId(STATS);
    for (let i = 1; i <= 2; i += 1) {
      expectOk(await get(`/sys/quartzJob/execute?id=${id}`), '执行成功!');
      const r = await runsUntil(id, (x) => x.length >= i && finished(x));
      expect(r[0]).toMatchObject({ status: 'success' });
    }
    const rows = await (s.db as any).selectFrom('sys_daily_stat').selectAll().execute();
    const users = await (s.db as any).selectFrom('sys_user').select((eb: any) => eb.fn.countAll().as('n')).where('delFlag', '=', 0).executeTakeFirst();
    expect(rows.find((x: any) => x.figure === 'users')?.value).toBe(Number(users.n));
    expect(rows.some((x: any) => x.figure === 'projects.draft' && x.value > 0)).toBe(true);
    expect(new Set(rows.map((x: any) => x.figure)).size).toBe(rows.length);
    expect(new Set(rows.map((x: any) => x.statDate)).size).toBe(1);
  });

  it('the content job publishes and withdraws the mini-program content whose times have passed', async () => {
    const db = s.db as any;
    const notice = (id: string, publishStatus: string, at: Record<string, string>) => db.insertInto('pms_applet_notice')
      .values({ id, title: `定时${id}`, content: '<p>x</p>', publishStatus, createBy: 'admin', createTime: '2026-01-01 00:00:00', ...at }).execute();
    await notice('jobpub1', '0', { publishAt: '2020-01-01 00:00:00' });
    await notice('jobwd1', '1', { withdrawAt: '2020-01-01 00:00:00' });
    await notice('jobnot1', '0', { publishAt: '2099-01-01 00:00:00' });
    expectOk(await s.api.post('/sys/quartzJob/add', { jobClassName: CONTENT, cronExpression: '0 0/5 * * * ?', status: -1 }, { token: admin }), '添加成功！');
    const id = await jobId(CONTENT);
    expectOk(await get(`/sys/quartzJob/execute?id=${id}`), '执行成功!');
    const [run] = await runsUntil(id, (r) => r.length === 1 && finished(r));
    expect(run).toMatchObject({ status: 'success', message: '发布 1 条，下线 1 条' });
    const states = await db.selectFrom('pms_applet_notice').select(['id', 'publishStatus']).where('id', 'in', ['jobpub1', 'jobwd1', 'jobnot1']).orderBy('id').execute();
    expect(states).toEqual([{ id: 'jobnot1', publishStatus: '0' }, { id: 'jobpub1', publishStatus: '1' }, { id: 'jobwd1', publishStatus: '0' }]);
  });

  it('the reminders tell applicants with unsubmitted projects and experts with unsubmitted sheets of the current contest', async () => {
    const db = s.db as any;
    const race = await db.selectFrom('pms_race').select(['id', 'title']).where('isCurrent', '=', 1).executeTakeFirstOrThrow();
    const project = await db.selectFrom('pms_project').select('id').where('raceId', '=', race.id).executeTakeFirstOrThrow();
    await db.insertInto('pms_project_review').values({ id: 'jobrev1', projectId: project.id, raceId: race.id, expert: 'expert', state: 'pending', createBy: 'admin', createTime: '2026-01-01 00:00:00' }).execute();
    expectOk(await s.api.post('/sys/quartzJob/add', { jobClassName: REVIEWS, cronExpression: '0 0 9 * * ?', status: -1 }, { token: admin }), '添加成功！');
    // The failing test's row named no contest; emptied, it reminds about the current one.
    expectOk(await s.api.put('/sys/quartzJob/edit', { id: await jobId(DEADLINE), parameter: '' }, { token: admin }), '编辑成功!');
    for (const [cls, told, title] of [[DEADLINE, 'applicant', `「${race.title}」申报即将截止`], [REVIEWS, 'expert', `「${race.title}」有待完成的评分`]]) {
      const id = await jobId(cls);
      const before = (await runs(id)).length;
      expectOk(await get(`/sys/quartzJob/execute?id=${id}`), '执行成功!');
      const [run] = await runsUntil(id, (r) => r.length > before && finished(r));
      expect(run.status).toBe('success');
      expect(run.message).toMatch(new RegExp(`^已提醒 \\d+ 位.*${told}`));
      const token = await s.login(told);
      const mine = expectOk(await s.api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50', { token })).records;
      expect(mine.map((m: any) => m.titile)).toContain(title);
    }
  });

  it('starting, stopping, executing need system:quartzJob:edit; the run log the page', async () => {
    const id = await jobId(SAMPLE);
    for (const path of ['execute', 'pause', 'resume']) {
      expectEnvelope(await get(`/sys/quartzJob/${path}?id=${id}`, applicant), { status: 403, message: '没有权限，请联系管理员授权' });
    }
    expectEnvelope(await get(`/sys/quartzJob/runs?id=${id}`, applicant), { status: 403 });
    expectEnvelope(await get(`/sys/quartzJob/runs?id=${id}&pageSize=0`), { status: 400, message: '参数 pageSize 应为正整数' });
    expectEnvelope(await get('/sys/quartzJob/runs'), { status: 400, message: '缺少参数 id' });
  });

  it('deleting a job deletes its run log', async () => {
    const id = await jobId(DEADLINE);
    expect((await runs(id)).length).toBeGreaterThan(0);
    expectOk(await s.api('DELETE', `/sys/quartzJob/delete?id=${id}`, { token: admin }));
    expect(await (s.db as any).selectFrom('sys_quartz_job_run').select('id').where('jobId', '=', id).execute()).toEqual([]);
  });
  it('records as failed the runs a stopped instance left 运行中: at once for a dead process of this machine, after the timeout for another machine', async () => {
    const id = await jobId(SAMPLE);
    const run = (instance: string, startedAgoMs: number) => ({
      id: `ab${Math.random().toString(36).slice(2, 12)}`, jobId: id, jobClassName: SAMPLE, triggerType: 'manual', fireTime: null, instance,
      startTime: formatDateTime(new Date(Date.now() - startedAgoMs)), status: 'running',
    });
    // pid 2^22+1 is above Linux's pid_max: no such process.
    const rows = [run(`${os.hostname()}:4194305:dead`, 1_000), run('other-host:7:tag', RUN_TIMEOUT_MS + 60_000), run('other-host:8:tag', 60_000)];
    await (s.db as any).insertInto('sys_quartz_job_run').values(rows).execute();
    expect(await closeAbandonedRuns(s.db as any, `${os.hostname()}:${process.pid}:self`, os.hostname())).toBe(2);
    const after = new Map((await runs(id)).map((r) => [r.id, r]));
    expect(after.get(rows[0].id)).toMatchObject({ status: 'failed', message: '运行中断：执行该任务的服务实例在运行结束前停止' });
    expect(after.get(rows[1].id)?.status).toBe('failed');
    expect(after.get(rows[2].id)?.status).toBe('running');
    await (s.db as any).deleteFrom('sys_quartz_job_run').where('id', '=', rows[2].id).execute();
  });
});
