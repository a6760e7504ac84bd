/* eslint-disable @typescript-eslint/no-explicit-any */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeCategoryTracks } from '../../src/server/modules/category/track-upgrade.js';
import { newId } from '../../src/server/util/ids.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const TRACKS = ['信息技术', '生物医药', '先进制造', '新能源新材料', '现代农业', '文化创意'];
const SEED_DIR = path.resolve('schemas/seed');

/**
 * 所属领域 follows 赛道 (issue 37): 行业领域 holds one branch per 赛道, a declaration's category must
 * lie in its track's branch on add, edit and import (a 400 naming both fields), the JeecgBoot
 * category endpoints answer as before, and an older database's 行业领域 is regrown once.
 */
describe(`category branches: 所属领域 follows 赛道 [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let raceId: string;
  const db = () => s.db as any;
  const idOf = async (name: string) => (await db().selectFrom('sys_category').select('id').where('name', '=', name).where('code', 'like', 'A02%').executeTakeFirstOrThrow()).id as string;
  const refused = (res: any, message: string) => expectEnvelope(res, { status: 400, success: false, message });

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    raceId = (await db().selectFrom('pms_race').select('id').where('isCurrent', '=', 1).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await s?.close(); });

  const project = (name: string, more: Record<string, unknown> = {}) => ({
    raceId, name, track: 'it', orgName: '星火科技有限公司', leader: '王工', leaderPhone: '13800138000', ...more,
  });
  const stored = (name: string) => db().selectFrom('pms_project').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('seeds 行业领域 with one branch per 赛道, named as its dictionary text, each with its 领域', async () => {
    const branches = expectOk(await s.api.get('/sys/category/loadTreeData?pcode=A02', { token: applicant }));
    expect(branches.map((n: any) => [n.title, n.leaf])).toEqual(TRACKS.map((t) => [t, false]));
    const it = expectOk(await s.api.get(`/sys/category/loadTreeData?pid=${branches[0].key}`, { token: applicant }));
    expect(it.map((n: any) => n.title)).toEqual(['人工智能', '集成电路', '软件与信息服务', '物联网', '大数据与云计算']);
    for (const b of branches) {
      expect(expectOk(await s.api.get(`/sys/category/loadTreeData?pid=${b.key}`, { token: applicant })).length, b.title).toBeGreaterThanOrEqual(4);
    }
  });

  it('keeps the JeecgBoot answers: loadTreeRoot nests children, loadTreeChildren and childList answer arrays', async () => {
    const roots = expectOk(await s.api.get('/sys/category/loadTreeRoot?pcode=A02&async=false', { token: admin }));
    expect(roots.map((n: any) => n.title)).toEqual(TRACKS);
    expect(roots[0]).toMatchObject({ key: expect.any(String), title: '信息技术', value: roots[0].key, code: 'A02A01', leaf: false, isLeaf: false });
    expect(roots[0].children.map((n: any) => [n.title, n.code, n.leaf])).toEqual([
      ['人工智能', 'A02A01A01', true], ['集成电路', 'A02A01A02', true], ['软件与信息服务', 'A02A01A03', true], ['物联网', 'A02A01A04', true], ['大数据与云计算', 'A02A01A05', true],
    ]);
    const children = expectOk(await s.api.get(`/sys/category/loadTreeChildren?pid=${roots[1].key}`, { token: admin }));
    expect(children.map((n: any) => n.title)).toEqual(['创新药', '医疗器械', '生物技术', '中医药']);
    const list = expectOk(await s.api.get(`/sys/category/childList?pid=${roots[1].key}`, { token: admin }));
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((r: any) => [r.name, r.code, r.hasChild])).toEqual([['创新药', 'A02A02A01', '0'], ['医疗器械', 'A02A02A02', '0'], ['生物技术', 'A02A02A03', '0'], ['中医药', 'A02A02A04', '0']]);
  });

  it('refuses a declaration whose 所属领域 lies outside its 赛道, and takes one inside', async () => {
    refused(await s.api.post('/pms/project/add', project('越界领域', { category: await idOf('创新药') }), { token: applicant }), '「所属领域」不属于赛道「信息技术」');
    // The branch itself is not one of its 领域.
    refused(await s.api.post('/pms/project/add', project('越界领域', { category: await idOf('信息技术') }), { token: applicant }), '「所属领域」不属于赛道「信息技术」');
    refused(await s.api.post('/pms/project/add', project('越界领域', { category: 'no-such-category' }), { token: applicant }), '「所属领域」不属于赛道「信息技术」');
    expect(await db().selectFrom('pms_project').select('id').where('name', '=', '越界领域').execute()).toEqual([]);
    expectOk(await s.api.post('/pms/project/add', project('领域在赛道内', { category: await idOf('人工智能') }), { token: applicant }), '添加成功！');
    expectOk(await s.api.post('/pms/project/add', project('尚无领域', { category: null }), { token: applicant }), '添加成功！');
    expect((await stored('领域在赛道内')).category).toBe(await idOf('人工智能'));
  });

  it('checks an edit that changes the 赛道 or the 所属领域, over the stored row', async () => {
    const row = await stored('领域在赛道内');
    // 赛道 changed, 所属领域 kept from the old one: refused, naming the new 赛道.
    refused(await s.api.put('/pms/project/edit', { id: row.id, track: 'bio' }, { token: applicant }), '「所属领域」不属于赛道「生物医药」');
    refused(await s.api.put('/pms/project/edit', { id: row.id, category: await idOf('种业') }, { token: applicant }), '「所属领域」不属于赛道「信息技术」');
    expectOk(await s.api.put('/pms/project/edit', { id: row.id, track: 'bio', category: await idOf('医疗器械') }, { token: applicant }), '编辑成功!');
    expect(await stored('领域在赛道内')).toMatchObject({ track: 'bio', category: await idOf('医疗器械') });
    // A row kept from an older tree stays editable around it.
    await db().updateTable('pms_project').set({ category: await idOf('集成电路') }).where('id', '=', row.id).execute();
    expectOk(await s.api.put('/pms/project/edit', { ...project('领域在赛道内'), id: row.id, track: 'bio', category: await idOf('集成电路'), leader: '李工' }, { token: applicant }), '编辑成功!');
    expectOk(await s.api.put('/pms/project/edit', { id: row.id, track: 'it' }, { token: applicant }), '编辑成功!');
  });

  it('refuses an imported row whose 所属领域 lies outside its 赛道, by its line, and imports a sheet that fits', async () => {
    // No seeded role imports projects: the administrator is given the button here.
    const menu = await db().selectFrom('sysPermission').select('id').where('component', '=', 'pms/AllProjectList').executeTakeFirstOrThrow();
    const button = newId();
    await db().insertInto('sysPermission').values({
      id: button, parentId: menu.id, name: '导入项目', url: null, component: null, componentName: null, redirect: null, menuType: 2, perms: 'pms:project:import', permsType: '1',
      sortNo: 9, alwaysShow: 0, icon: null, isRoute: 0, isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0, description: null, delFlag: 0, ruleFlag: 0, status: '1',
      internalOrExternal: 0, createBy: 'admin', createTime: '2026-01-01 00:00:00', updateBy: null, updateTime: null,
    }).execute();
    const role = await db().selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    await db().insertInto('sysRolePermission').values({ id: newId(), roleId: role.id, permissionId: button }).execute();
    const importer = await s.login('admin');
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('项目');
      ws.addRow(['所属赛事', '项目名称', '赛道', '所属领域', '申报单位', '项目负责人', '联系电话']);
      for (const r of rows) ws.addRow(r);
      const form = new FormData();
      form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'projects.xlsx');
      return (await fetch(`${s.apiUrl}/pms/project/importExcel`, { method: 'POST', body: form, headers: { 'X-Access-Token': importer } })).json();
    };
    const line = (name: string, track: string, category: string) => [raceId, name, track, category, '导入单位', '赵工', '13800138001'];
    const bad = await sheet([line('导入一', '现代农业', await idOf('智慧农业')), line('导入二', '文化创意', await idOf('创新药'))]);
    expect(bad).toMatchObject({ success: false, message: '导入失败，未导入任何数据。第3行: 「所属领域」不属于赛道「文化创意」' });
    expect(await db().selectFrom('pms_project').select('id').where('name', 'in', ['导入一', '导入二']).execute()).toEqual([]);
    expect(await sheet([line('导入一', '现代农业', await idOf('智慧农业')), line('导入二', '文化创意', await idOf('数字文化'))]))
      .toMatchObject({ success: true, message: '文件导入成功！数据行数：2' });
    expect(await stored('导入二')).toMatchObject({ track: 'culture', category: await idOf('数字文化') });

    // The export writes 所属赛事 and 所属领域 as names: a sheet as it writes them imports back to their ids,
    // and a name two categories of the tree share is refused by its line rather than guessed.
    const race = await db().selectFrom('pms_race').select('title').where('id', '=', raceId).executeTakeFirstOrThrow();
    const named = (name: string, category: string) => [race.title, name, '现代农业', category, '导入单位', '赵工', '13800138001'];
    expect(await sheet([named('按名称导入', '智慧农业')])).toMatchObject({ success: true, message: '文件导入成功！数据行数：1' });
    expect(await stored('按名称导入')).toMatchObject({ raceId, track: 'agri', category: await idOf('智慧农业') });
    const farm = await db().selectFrom('sys_category').select(['id', 'pid']).where('id', '=', await idOf('智慧农业')).executeTakeFirstOrThrow();
    await db().insertInto('sys_category').values({
      id: newId(), pid: farm.pid, code: 'A02Z99', name: '智慧农业', hasChild: '0', createBy: 'admin', createTime: '2026-01-01 00:00:00', updateBy: null, updateTime: null, sysOrgCode: null,
    }).execute();
    expect(await sheet([named('同名领域', '智慧农业')])).toMatchObject({ success: false, message: '导入失败，未导入任何数据。第2行: 所属领域「智慧农业」对应2条记录，请填写其编号' });
    await db().deleteFrom('sys_category').where('code', '=', 'A02Z99').execute();
  });

  describe('an older database', () => {
    /** 行业领域 as the first seed left it. */
    const OLD: [string, string, string][] = [
      ['A02A01', '电子信息', 'A02'], ['A02A01A01', '人工智能', 'A02A01'], ['A02A01A02', '集成电路', 'A02A01'], ['A02A01A03', '软件与信息服务', 'A02A01'],
      ['A02A02', '生物医药', 'A02'], ['A02A03', '新材料', 'A02'], ['A02A04', '先进制造', 'A02'], ['A02A05', '新能源与节能环保', 'A02'],
    ];
    const tree = async () => (await db().selectFrom('sys_category').select(['id', 'code', 'name', 'hasChild']).where('code', 'like', 'A02%').orderBy('code').execute()) as any[];
    const plant = async () => {
      const a02 = (await db().selectFrom('sys_category').select('id').where('code', '=', 'A02').executeTakeFirstOrThrow()).id;
      await db().deleteFrom('sys_category').where('code', 'like', 'A02A%').execute();
      const ids = new Map<string, string>([['A02', a02]]);
      for (const [code, name, parent] of OLD) {
        ids.set(code, newId());
        await db().insertInto('sys_category').values({
          id: ids.get(code), pid: ids.get(parent), code, name, hasChild: code === 'A02A01' ? '1' : '0', createBy: 'admin', createTime: '2025-01-01 00:00:00', updateBy: null, updateTime: null, sysOrgCode: null,
        }).execute();
      }
      await db().deleteFrom('sys_setting').where('key', '=', 'upgrade:category-tracks-37').execute();
      return ids;
    };

    it('regrows 行业领域 once, where still as first seeded, every old node kept with its id', async () => {
      const ids = await plant();
      // A project and an enterprise naming old categories.
      const p = await stored('尚无领域');
      await db().updateTable('pms_project').set({ category: ids.get('A02A01A02') }).where('id', '=', p.id).execute();
      await db().updateTable('pms_enterprise').set({ industry: ids.get('A02A03') }).where('name', '=', '成都锐材新材料有限公司').execute();

      expect(await upgradeCategoryTracks(db(), { seedDir: SEED_DIR })).toBe(true);
      const after = await tree();
      const byCode = new Map(after.map((r) => [r.code, r]));
      expect(after.filter((r) => r.code.length === 6).map((r) => [r.code, r.name, r.hasChild])).toEqual(TRACKS.map((t, i) => [`A02A0${i + 1}`, t, '1']));
      expect(after).toHaveLength(1 + 6 + 5 + 4 + 4 + 5 + 4 + 4); // 行业领域, its branches, their 领域
      // Old nodes live on: 电子信息 is 信息技术, 新材料 moved under 新能源新材料, 先进制造 recoded.
      expect(byCode.get('A02A01')).toMatchObject({ id: ids.get('A02A01'), name: '信息技术' });
      expect(byCode.get('A02A01A02')).toMatchObject({ id: ids.get('A02A01A02'), name: '集成电路', hasChild: '0' });
      expect(byCode.get('A02A02')).toMatchObject({ id: ids.get('A02A02'), name: '生物医药', hasChild: '1' });
      expect(byCode.get('A02A03')).toMatchObject({ id: ids.get('A02A04'), name: '先进制造' });
      expect(byCode.get('A02A04')).toMatchObject({ id: ids.get('A02A05'), name: '新能源新材料' });
      expect(byCode.get('A02A04A04')).toMatchObject({ id: ids.get('A02A03'), name: '新材料', hasChild: '0' });
      const pid = async (code: string) => (await db().selectFrom('sys_category').select('pid').where('code', '=', code).executeTakeFirstOrThrow()).pid;
      expect(await pid('A02A04A04')).toBe(ids.get('A02A05'));
      expect(await pid('A02A03')).toBe(ids.get('A02'));
      // What named an old category still names it, and reads its name.
      const enterprise = expectOk(await s.api.get(`/pms/enterprise/list?name=${encodeURIComponent('成都锐材*')}`, { token: admin })).records[0];
      expect(enterprise.industry_dictText).toBe('新材料');
      const declared = expectOk(await s.api.get(`/pms/project/queryById?id=${p.id}`, { token: applicant }));
      expect(declared.category).toBe(ids.get('A02A01A02'));
      // A new declaration follows the regrown tree.
      refused(await s.api.post('/pms/project/add', project('升级后', { track: 'energy', category: ids.get('A02A01A01') }), { token: applicant }), '「所属领域」不属于赛道「新能源新材料」');
      expectOk(await s.api.post('/pms/project/add', project('升级后', { track: 'energy', category: ids.get('A02A03') }), { token: applicant }));

      // Once: the marker stays, and a second run changes nothing.
      expect(await upgradeCategoryTracks(db(), { seedDir: SEED_DIR })).toBe(false);
    });

    it('leaves alone a 行业领域 an administrator changed', async () => {
      await plant();
      await db().updateTable('sys_category').set({ name: '电子信息技术' }).where('code', '=', 'A02A01').execute();
      const before = await tree();
      expect(await upgradeCategoryTracks(db(), { seedDir: SEED_DIR })).toBe(false);
      expect(await tree()).toEqual(before);
      expect(await db().selectFrom('sys_setting').select('key').where('key', '=', 'upgrade:category-tracks-37').executeTakeFirst()).toBeTruthy();
    });
  });
});
