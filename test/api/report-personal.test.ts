/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

const pg = BACKEND === 'postgres';
const PHONE = '13912340077';
const EMAIL = 'personal-7@example.com';
const LANDLINE = '010-55501234';

const userField = (column: string) => new RegExp(`^查询包含敏感字段 sys_user\\.${column}（需要「用户管理」权限）$`);
const PHONE_OR_EMAIL = userField('(phone|email)');
const DATA_LOG = /^查询包含敏感表 sys_data_log（需要「数据日志」权限）$/;

/**
 * Personal data in report SQL (issue 36): a user's phone, e-mail and landline (`personal` fields of
 * sys_user.json) and the rows of pages personal as a whole (数据日志, 日志管理, 多数据源管理) are read
 * by a report only within the reach of both its author (checked when saved) and the user running
 * it: the pages each may read whole. The database decides what a statement reads (SQLite: its
 * compiled program; PostgreSQL: a role per reach), so aliases, subqueries, CTEs, joins, unions and
 * `*` are all seen; every refusal names the table, the column and the page, as a 400.
 */
describe(`report SQL reads personal data only within its author's and runner's pages [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  /** Holds the report and chart designers, not 用户管理 nor 数据日志. */
  let designer: string;
  /** The designers and 用户管理. */
  let hr: string;
  /** Only the menu entries of the reports and the chart below. */
  let viewer: string;
  const roleIds: Record<string, string> = {};
  const granted: Record<string, string[]> = {};
  let userPage: string[];

  const permissionIds = async (where: { component?: string; url?: string }) => {
    const db = s.db as any;
    let q = db.selectFrom('sys_permission').select('id').where('delFlag', '=', 0);
    if (where.component) q = q.where('component', '=', where.component);
    if (where.url) q = q.where('url', '=', where.url);
    const menu = await q.executeTakeFirstOrThrow();
    const buttons = await db.selectFrom('sys_permission').select('id').where('parentId', '=', menu.id).where('delFlag', '=', 0).execute();
    return [menu.id, ...buttons.map((b: any) => b.id)] as string[];
  };
  const grant = async (role: string, ids: string[]) => {
    const before = granted[role] ?? [];
    expectOk(await s.api.post('/sys/permission/saveRolePermission', { roleId: roleIds[role], permissionIds: ids.join(','), lastpermissionIds: before.join(',') }, { token: admin }));
    granted[role] = ids;
  };
  /** A menu entry opening a report or chart by its code, as 菜单管理 stores it. */
  const menuEntry = async (url: string) => {
    const id = randomUUID().replace(/-/g, '');
    await (s.db as any).insertInto('sys_permission').values({
      id, parentId: null, name: url, url, component: 'modules/online/cgreport/auto/OnlCgreportAutoList', componentName: null, redirect: null,
      menuType: 1, perms: null, permsType: null, sortNo: 1, alwaysShow: 0, icon: null, isRoute: 1, isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0,
      description: null, delFlag: 0, ruleFlag: 0, status: null, internalOrExternal: 0, createBy: 'admin', createTime: '2025-01-01 00:00:00', updateBy: null, updateTime: null,
    }).execute();
    return id;
  };
  const addRoleUser = async (code: string, username: string) => {
    expectOk(await s.api.post('/sys/role/add', { roleName: code, roleCode: code }, { token: admin }));
    roleIds[code] = expectOk(await s.api.get(`/sys/role/list?roleCode=${code}`, { token: admin })).records[0].id;
    expectOk(await s.api.post('/sys/user/add', { username, realname: username, password: ADMIN_PASSWORD, selectedroles: roleIds[code] }, { token: admin }));
  };

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    const applicant = await (s.db as any).selectFrom('sys_user').select(['id', 'realname']).where('username', '=', 'applicant').executeTakeFirstOrThrow();
    // Through the user page, so the data log keeps a copy of the row, phone and all.
    expectOk(await s.api.put('/sys/user/edit', { id: applicant.id, realname: applicant.realname, phone: PHONE, email: EMAIL, telephone: LANDLINE }, { token: admin }));
    expect(await (s.db as any).selectFrom('sys_data_log').select('id').where('dataContent', 'like', `%${PHONE}%`).executeTakeFirst()).toBeTruthy();

    const designers = [
      ...await permissionIds({ component: 'modules/online/cgreport/OnlCgreportHeadList' }),
      ...await permissionIds({ component: 'modules/online/graphreport/OnlGraphreportHeadList' }),
    ];
    userPage = await permissionIds({ url: '/isystem/user' });
    const entries = await Promise.all(['/online/cgreport/phones', '/online/cgreport/everything_logged', '/online/cgreport/hr_phones', '/online/graphreport/chart/email_chart']
      .map((url) => menuEntry(url)));
    await addRoleUser('report_designer', 'designer1');
    await addRoleUser('report_hr', 'hr1');
    await addRoleUser('report_viewer', 'viewer1');
    await grant('report_designer', designers);
    await grant('report_hr', [...designers, ...userPage]);
    await grant('report_viewer', entries);
    designer = await s.login('designer1');
    hr = await s.login('hr1');
    viewer = await s.login('viewer1');
  });
  afterAll(async () => { await s?.close(); });

  const save = (sql: string, token: string, code = `p_${randomUUID().slice(0, 8)}`) =>
    s.api.post('/online/cgreport/head/add', { code, name: code, cgrSql: sql }, { token });
  const parse = (sql: string, token: string) => s.api.get(`/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}`, { token });
  const noPersonal = (text: string) => { for (const v of [PHONE, EMAIL, LANDLINE]) expect(text).not.toContain(v); };
  const refused = (res: Awaited<ReturnType<typeof save>>, message: RegExp | string) => {
    expectEnvelope(res, { status: 400, success: false, code: 400, message });
    noPersonal(res.text);
  };

  /** [statement, the refusal]: every way around a column the guard already knows, aimed at personal data. */
  const corpus: [string, RegExp | string][] = [
    ['select phone, email from sys_user', PHONE_OR_EMAIL],
    ['select * from sys_user', '表 sys_user 含敏感字段，报表SQL不能用 * 查询它，请写出需要的字段'],
    ['select * from sys_data_log', DATA_LOG],
    ['select u.phone as p from sys_user u', userField('phone')],
    ['select "email" as e from sys_user', userField('email')],
    ['select length(u.telephone) as n from sys_user u', userField('telephone')],
    ["select count(*) as n from sys_user where phone like '139%'", userField('phone')],
    ['select username from sys_user order by email', userField('email')],
    ["select realname from sys_user where id in (select x.id from sys_user x where x.phone like '139%')", userField('phone')],
    ['with t as (select email as e from sys_user) select e from t', userField('email')],
    ['select d.depart_name, u.phone from sys_depart d join sys_user u on u.org_code = d.org_code', userField('phone')],
    ['select realname from sys_user union select email from sys_user', userField('email')],
    ['select count(*) as n from sys_data_log', DATA_LOG],
    ['select (select max(data_content) from sys_data_log) as c', DATA_LOG],
    ["select l.data_content from sys_data_log l where l.data_table = 'sys_user'", DATA_LOG],
    ['with t as (select * from sys_data_log) select data_content from t', DATA_LOG],
    ['select ip, username from sys_log', /^查询包含敏感表 sys_log（需要「日志管理」权限）$/],
    ['select code, db_url from sys_data_source', /^查询包含敏感表 sys_data_source（需要「多数据源管理」权限）$/],
    ['select name, leader_phone from pms_project', /^查询包含敏感字段 pms_project\.leader_phone（需要「全部项目」权限）$/],
    ...(pg ? [
      // A whole row as one value names no column: it still reads the personal ones.
      ['select length(p::text) as n from pms_project p', /^查询包含敏感字段 pms_project\.leader_phone（需要「全部项目」权限）$/],
      ['select l::text as t from sys_data_log l', DATA_LOG],
    ] as [string, RegExp][] : []),
  ];

  it.each(corpus)('the designer without the page may not save nor parse %s', async (sql, message) => {
    refused(await save(sql, designer), message);
    refused(await parse(sql, designer), message);
  });

  it('the designer still writes reports over what they may read: names, departments, counts', async () => {
    for (const sql of ['select username, realname from sys_user', 'select d.depart_name, count(*) as n from sys_user u join sys_depart d on d.org_code = u.org_code group by d.depart_name']) {
      expectOk(await save(sql, designer));
    }
  });

  it('the administrator saves and runs them: phones, e-mails and the data log', async () => {
    expectOk(await save('select username, phone, email, telephone from sys_user', admin, 'phones'));
    const phones = expectOk(await s.api.get('/online/cgreport/api/getData/phones?pageSize=100', { token: admin }));
    expect(phones.records.find((r: any) => r.phone === PHONE)).toMatchObject({ email: EMAIL, telephone: LANDLINE });
    expectOk(await save('select * from sys_data_log', admin, 'everything_logged'));
    const logged = expectOk(await s.api.get('/online/cgreport/api/getData/everything_logged?pageSize=100', { token: admin }));
    expect(logged.records.some((r: any) => String(r.data_content).includes(PHONE))).toBe(true);
    const parsed = expectOk(await parse('with t as (select email as e from sys_user) select e from t', admin));
    expect(parsed.fields.map((f: any) => f.fieldName)).toEqual(['e']);
  });

  it("an administrator's report run by the holder of its menu entry alone shows no personal data", async () => {
    for (const [code, message] of [['phones', PHONE_OR_EMAIL], ['everything_logged', DATA_LOG]] as const) {
      for (const path of [`getData/${code}`, `exportXls/${code}`]) refused(await s.api.get(`/online/cgreport/api/${path}`, { token: viewer }), message);
    }
    // The report's columns are no secret: only its rows are refused.
    expectOk(await s.api.get('/online/cgreport/api/getRpColumns/phones', { token: viewer }));
  });

  it('a holder of 用户管理 runs it and writes their own; 数据日志 stays the administrator\'s', async () => {
    const phones = expectOk(await s.api.get('/online/cgreport/api/getData/phones?pageSize=100', { token: hr }));
    expect(phones.records.some((r: any) => r.phone === PHONE)).toBe(true);
    refused(await s.api.get('/online/cgreport/api/getData/everything_logged', { token: hr }), DATA_LOG);
    expectOk(await save('select realname, phone from sys_user', hr, 'hr_phones'));
    expect(expectOk(await s.api.get('/online/cgreport/api/getData/hr_phones?pageSize=100', { token: admin })).records.some((r: any) => r.phone === PHONE)).toBe(true);
  });

  it('an edit makes the editor the author: the designer cannot take over a report reading phones, even to rename it', async () => {
    const head = expectOk(await s.api.get('/online/cgreport/head/list?code=phones', { token: admin })).records[0];
    refused(await s.api.put('/online/cgreport/head/edit', { id: head.id, name: '改名' }, { token: designer }), PHONE_OR_EMAIL);
    refused(await s.api.put('/online/cgreport/head/edit', { id: head.id, cgrSql: 'select username, email from sys_user' }, { token: designer }), userField('email'));
    const after = expectOk(await s.api.get('/online/cgreport/head/list?code=phones', { token: admin })).records[0];
    expect(after).toMatchObject({ name: head.name, cgrSql: head.cgrSql });
  });

  it('a chart is held to the same rule: saved by its author, drawn for its runner', async () => {
    const chart = {
      code: 'email_chart', name: '邮箱图', cgrSql: 'select email, count(*) as n from sys_user group by email',
      xaxisField: 'email', yaxisField: 'n', yaxisText: '人数', graphType: 'bar', displayTemplate: 'tab', isShowList: 'Y', dataType: 'sql',
    };
    refused(await s.api.post('/online/graphreport/head/add', chart, { token: designer }), userField('email'));
    expectOk(await s.api.post('/online/graphreport/head/add', chart, { token: admin }));
    const id = expectOk(await s.api.get('/online/graphreport/head/list?code=email_chart', { token: admin })).records[0].id;
    const drawn = expectOk(await s.api.get(`/online/graphreport/api/getChartsData?id=${id}`, { token: admin }));
    expect(drawn.data.some((r: any) => r.email === EMAIL)).toBe(true);
    refused(await s.api.get(`/online/graphreport/api/getChartsData?id=${id}`, { token: viewer }), userField('email'));
  });

  it('a report whose author is unknown (written behind the designer) reads no personal column, not even for the administrator', async () => {
    const id = randomUUID().replace(/-/g, '');
    await (s.db as any).insertInto('onl_cgreport_head').values({ id, code: 'smuggled_phones', name: '夹带', cgrSql: 'select username, phone from sys_user' }).execute();
    refused(await s.api.get('/online/cgreport/api/getData/smuggled_phones', { token: admin }), userField('phone'));
  });

  it("the author's reach is asked as it stands: once hr loses 用户管理, their report shows phones to no one", async () => {
    await grant('report_hr', granted.report_hr.filter((p) => !userPage.includes(p)));
    refused(await s.api.get('/online/cgreport/api/getData/hr_phones', { token: admin }), userField('phone'));
    await grant('report_hr', [...granted.report_hr, ...userPage]);
    expectOk(await s.api.get('/online/cgreport/api/getData/hr_phones', { token: admin }));
  });
});
