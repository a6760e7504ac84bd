/* eslint-disable @typescript-eslint/no-explicit-any */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeContestSeed } from '../../src/server/modules/pms/contest-upgrade.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface Node { path: string; meta: { title?: string }; hidden?: boolean; children?: Node[] }

/** Each menu folder's title with its entries' paths, as a role's sidebar shows them (hidden entries left out). */
const sidebar = (nodes: Node[]): Record<string, string[]> => Object.fromEntries(nodes.filter((n) => n.children?.length && !n.hidden)
  .map((n) => [n.meta.title, n.children!.filter((c) => !c.hidden).map((c) => c.path)]));

/** What each role saw under 项目申报 before the grouping (issue 37), and must still reach. */
const BEFORE: Record<string, string[]> = {
  applicant: ['/pms/myProject', '/pms/activity', '/pms/activitySignup', '/pms/feedback'],
  reviewer: ['/pms/allProject', '/pms/audit', '/pms/dailyWork', '/pms/task', '/pms/activity', '/pms/activitySignup', '/pms/feedback'],
  expert: ['/pms/score', '/pms/activity', '/pms/activitySignup', '/pms/feedback'],
};
const GROUPS = {
  赛事与评审: ['/pms/race', '/pms/allProject', '/pms/myProject', '/pms/audit', '/pms/score', '/pms/expert'],
  门户内容: ['/pms/news', '/pms/banner', '/pms/organ', '/pms/tradeUnion', '/pms/raceService', '/pms/showcase', '/pms/goodExample'],
  活动与服务: ['/pms/activity', '/pms/activitySignup', '/pms/enterprise', '/pms/feedback'],
  日常办公: ['/pms/dailyWork', '/pms/task'],
};

/**
 * The contest's seed as an organiser reads it (issue 37): its twenty entries grouped in folders,
 * each role still reaching what it did (and the folders above), an older database regrouped once;
 * the current contest's dates holding its declaration window; the race form's cross-field checks.
 */
describe(`contest seed: menu groups, contest dates, date checks [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const db = () => s.db as any;
  const menuOf = async (username: string) => (expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: await s.login(username) })).menu) as Node[];
  const pmsEntries = (menu: Node[]) => Object.values(sidebar(menu)).flat().filter((p) => p.startsWith('/pms/'));

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  it('groups the contest’s entries the way an organiser thinks, every route path unchanged', async () => {
    const menu = sidebar(await menuOf('admin'));
    for (const [title, paths] of Object.entries(GROUPS)) expect(menu[title], title).toEqual(paths);
    expect(menu['小程序管理']).toEqual(['/applet/banner', '/applet/article', '/pms/appletNotice']);
    expect(menu['项目申报']).toBeUndefined();
  });

  it('lets each role reach what it reached before, under the folders above it', async () => {
    for (const [role, paths] of Object.entries(BEFORE)) {
      expect(pmsEntries(await menuOf(role)).sort(), role).toEqual([...paths].sort());
    }
    expect(sidebar(await menuOf('applicant'))).toMatchObject({ 赛事与评审: ['/pms/myProject'], 活动与服务: ['/pms/activity', '/pms/activitySignup', '/pms/feedback'] });
  });

  it('regroups an older database’s 项目申报 once, where still as seeded, and each role keeps its entries', async () => {
    const id = async (url: string) => (await db().selectFrom('sysPermission').select('id').where('url', '=', url).executeTakeFirstOrThrow()).id as string;
    const pms = await id('/pms');
    // As the first seed left it: all twenty under 项目申报, no other folder, and an entry the administrator moved.
    const moved = Object.values(GROUPS).flat().filter((u) => u !== '/pms/dailyWork').concat('/pms/appletNotice');
    await db().updateTable('sysPermission').set({ parentId: pms }).where('url', 'in', moved).execute();
    await db().updateTable('sysPermission').set({ name: '项目申报' }).where('id', '=', pms).execute();
    const folders = await Promise.all(['/portal', '/service', '/office'].map(id));
    await db().updateTable('sysPermission').set({ parentId: await id('/assess') }).where('url', '=', '/pms/dailyWork').execute();
    await db().deleteFrom('sysRolePermission').where('permissionId', 'in', folders).execute();
    await db().deleteFrom('sysPermission').where('id', 'in', folders).execute();
    await db().deleteFrom('sysSetting').where('key', '=', 'upgrade:contest-groups-37').execute();
    expect(Object.keys(sidebar(await menuOf('applicant')))).toEqual(['项目申报']);

    expect(await upgradeContestSeed(db(), { seedDir: path.resolve('schemas/seed') })).toBe(true);
    const menu = sidebar(await menuOf('admin'));
    for (const [title, paths] of Object.entries(GROUPS)) expect(menu[title], title).toEqual(paths.filter((p) => p !== '/pms/dailyWork'));
    expect(menu['小程序管理']).toContain('/pms/appletNotice');
    expect(menu['人员考核']).toContain('/pms/dailyWork'); // where the administrator put it
    for (const [role, paths] of Object.entries(BEFORE)) {
      expect(pmsEntries(await menuOf(role)).sort(), role).toEqual([...paths].sort());
    }
    // Once: a folder taken back out stays out.
    await db().updateTable('sysPermission').set({ parentId: pms }).where('url', '=', '/pms/news').execute();
    expect(await upgradeContestSeed(db(), { seedDir: path.resolve('schemas/seed') })).toBe(false);
    expect(sidebar(await menuOf('admin'))['赛事与评审']).toContain('/pms/news');
  });

  it('dates the current contest around its declaration and review windows, so the public site never says it is over meanwhile', async () => {
    const race = await db().selectFrom('pmsRace').selectAll().where('isCurrent', '=', 1).executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    expect(race.startDate <= race.declareStart.slice(0, 10)).toBe(true);
    expect(race.declareStart.slice(0, 10) <= today && today <= race.declareEnd.slice(0, 10)).toBe(true);
    expect(race.endDate >= race.reviewEnd.slice(0, 10)).toBe(true);
    expect(race.year).toBe(Number(race.startDate.slice(0, 4)));
    const site = expectOk(await s.api.get('/web/index/getCurRace'));
    expect([site.startDate, site.endDate]).toEqual([race.startDate, race.endDate]);
  });

  it('widens an older database’s contest dates (as first seeded, 2025) to hold its windows', async () => {
    await db().updateTable('pmsRace').set({ startDate: '2025-03-01', endDate: '2025-11-30', year: 2025, declareStart: '2026-10-30 09:00:00', declareEnd: '2027-01-28 09:00:00', reviewStart: '2027-01-28 09:00:00', reviewEnd: '2027-02-27 09:00:00' })
      .where('isCurrent', '=', 1).execute();
    await db().deleteFrom('sysSetting').where('key', '=', 'upgrade:contest-groups-37').execute();
    expect(await upgradeContestSeed(db(), { seedDir: path.resolve('schemas/seed') })).toBe(true);
    const race = await db().selectFrom('pmsRace').select(['startDate', 'endDate', 'year']).where('isCurrent', '=', 1).executeTakeFirstOrThrow();
    expect(race).toEqual({ startDate: '2025-03-01', endDate: '2027-04-13', year: 2025 });
  });

  describe('the race form’s cross-field checks', () => {
    const expectRefused = (res: any, message: string) => expectEnvelope(res, { status: 400, success: false, message });
    const race = (body: Record<string, unknown>) => s.api.post('/pms/race/add', { title: '日期校验赛', pms_race_indicatorList: [], ...body }, { token: admin });

    it('refuses an end before its start and a declaration window outside the contest’s dates, naming both fields', async () => {
      expectRefused(await race({ startDate: '2026-03-01', endDate: '2026-02-01' }), '「结束日期」不能早于「开始日期」');
      expectRefused(await race({ startDate: '2026-03-01', endDate: '2026-11-30', declareStart: '2026-02-01 09:00:00', declareEnd: '2026-12-01 09:00:00' }),
        '「申报开始」不能早于赛事「开始日期」：申报须在赛事日期之内；「申报截止」不能晚于赛事「结束日期」：申报须在赛事日期之内');
      expectRefused(await race({ declareStart: '2026-05-01 09:00:00', declareEnd: '2026-04-01 09:00:00' }), '「申报截止」须晚于「申报开始」');
      expectOk(await race({ startDate: '2026-03-01', endDate: '2026-11-30', declareStart: '2026-03-01 09:00:00', declareEnd: '2026-11-30 18:00:00' }));
    });

    it('checks an edit over the stored row, for the fields it sends', async () => {
      const stored = await db().selectFrom('pmsRace').select(['id']).where('title', '=', '日期校验赛').executeTakeFirstOrThrow();
      expectRefused(await s.api.put('/pms/race/edit', { id: stored.id, endDate: '2026-01-01' }, { token: admin }),
        '「结束日期」不能早于「开始日期」；「申报开始」不能晚于赛事「结束日期」：申报须在赛事日期之内；「申报截止」不能晚于赛事「结束日期」：申报须在赛事日期之内');
      expectOk(await s.api.put('/pms/race/edit', { id: stored.id, title: '日期校验赛（改）' }, { token: admin }));
    });
  });
});
