/* eslint-disable @typescript-eslint/no-explicit-any */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

/**
 * 数据规则 configured by an administrator (contract §3.2, §13): rules attached to the menu 任务管理
 * (/pms/task), ticked per role in 角色管理 › 授权, bind every data path of the page on top of the
 * schema's own row rules (a reviewer reaches the tasks they created or are assigned).
 */
describe(`data rules: an administrator narrows what a role reaches, without code [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  let taskMenu: string;
  let reviewerRole: string;
  let adminRole: string;
  const id: Record<string, string> = {};
  const rule: Record<string, string> = {};

  const addTask = async (title: string, priority: string, assignee: string, token = admin) => {
    expectOk(await s.api.post('/pms/task/add', { title, assignee, deadline: '2026-12-31', priority }, { token }), '添加成功！');
    id[title] = (await (s.db as any).selectFrom('pms_task').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
  };
  const addRule = (body: Record<string, unknown>, token = admin) => s.api.post('/sys/permission/addPermissionRule', { permissionId: taskMenu, status: '1', ...body }, { token });
  const tick = async (ruleIds: string[], roleId = reviewerRole, permissionId = taskMenu) =>
    s.api.post('/sys/role/datarule', { permissionId, roleId, dataRuleIds: ruleIds.join(',') }, { token: admin });
  const titles = async (token: string) => expectOk(await s.api.get('/pms/task/list?pageSize=50', { token })).records.map((r: any) => r.title).sort();
  const gone = (res: any) => expect([403, 404].includes(res.status) || res.body?.success === false, res.text).toBe(true);

  beforeAll(async () => {
    s = await startServer();
    await (s.db as any).deleteFrom('pms_task').execute(); // the seed's demo tasks are not this test's
    admin = await s.login('admin');
    reviewer = await s.login('reviewer');
    await addUserWithRole(s, admin, 'reviewer2', '审核人二', 'reviewer');
    taskMenu = (await (s.db as any).selectFrom('sys_permission').select('id').where('url', '=', '/pms/task').executeTakeFirstOrThrow()).id;
    reviewerRole = (await (s.db as any).selectFrom('sys_role').select('id').where('roleCode', '=', 'reviewer').executeTakeFirstOrThrow()).id;
    adminRole = (await (s.db as any).selectFrom('sys_role').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).id;
    await addTask('高-审核人', 'H', 'reviewer');
    await addTask('高-审核人-删', 'H', 'reviewer', reviewer);
    await addTask('低-审核人', 'L', 'reviewer');
    await addTask('高-审核人二', 'H', 'reviewer2');
    await addTask('高-审核人派给二', 'H', 'reviewer2', reviewer);
  });
  afterAll(async () => { await s?.close(); });

  it('adds a rule to a menu: listed with the menu, rule_flag set, nothing changes before a role ticks it', async () => {
    const added = expectOk(await addRule({ ruleName: '高优先级', ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H' }), '添加成功！');
    rule.high = added.id;
    expect(added).toMatchObject({ permissionId: taskMenu, ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H', status: '1', createBy: 'admin' });
    const listed = expectOk(await s.api.get(`/sys/permission/getPermRuleListByPermId?permissionId=${taskMenu}`, { token: admin }));
    expect(listed.map((r: any) => r.ruleName)).toEqual(['高优先级']);
    expect((await (s.db as any).selectFrom('sys_permission').select('ruleFlag').where('id', '=', taskMenu).executeTakeFirstOrThrow()).ruleFlag).toBe(1);
    expect(expectOk(await s.api.get(`/sys/permission/queryPermissionRule?permissionId=${taskMenu}&ruleName=${encodeURIComponent('高')}`, { token: admin }))).toHaveLength(1);
    expect(expectOk(await s.api.get(`/sys/permission/queryPermissionRule?permissionId=${taskMenu}&ruleName=x`, { token: admin }))).toHaveLength(0);
    // unticked: the reviewer still reaches their own and assigned tasks, whatever the priority
    expect(await titles(reviewer)).toEqual(['低-审核人', '高-审核人', '高-审核人-删', '高-审核人派给二'].sort());
  });

  it('refuses at save a column the page does not have, a sensitive one, a custom SQL rule and an unknown variable', async () => {
    expectEnvelope(await addRule({ ruleName: 'x', ruleColumn: 'nosuch', ruleConditions: '=', ruleValue: '1' }), { status: 400, message: /规则字段“nosuch”不是页面“任务管理”的字段/ });
    expectEnvelope(await addRule({ ruleName: 'x', ruleColumn: 'priority', ruleConditions: 'USE_SQL_RULES', ruleValue: "priority = 'H'" }), { status: 400, message: /不支持自定义SQL表达式（USE_SQL_RULES）/ });
    expectEnvelope(await addRule({ ruleName: 'x', ruleColumn: 'priority', ruleConditions: 'BETWEEN', ruleValue: 'H' }), { status: 400, message: /条件规则“BETWEEN”不支持/ });
    expectEnvelope(await addRule({ ruleName: 'x', ruleColumn: 'assignee', ruleConditions: '=', ruleValue: '#{sys_password}' }), { status: 400, message: /系统变量 #\{sys_password\} 不存在/ });
    expectEnvelope(await addRule({ ruleName: 'x', ruleColumn: 'priority', ruleConditions: '=', ruleValue: ' ' }), { status: 400, message: '规则值不能为空' });
    const userMenu = (await (s.db as any).selectFrom('sys_permission').select('id').where('component', '=', 'system/UserList').executeTakeFirstOrThrow()).id;
    expectEnvelope(await addRule({ permissionId: userMenu, ruleName: 'x', ruleColumn: 'password', ruleConditions: '=', ruleValue: 'a' }), { status: 400, message: /敏感字段/ });
    const roleMenu = (await (s.db as any).selectFrom('sys_permission').select('id').where('component', '=', 'system/RoleList').executeTakeFirstOrThrow()).id;
    expectEnvelope(await addRule({ permissionId: roleMenu, ruleName: 'x', ruleColumn: 'roleCode', ruleConditions: '=', ruleValue: 'a' }), { status: 400, message: /“角色管理”页面不能配置数据规则/ });
    const button = (await (s.db as any).selectFrom('sys_permission').select('id').where('perms', '=', 'pms:task:add').executeTakeFirstOrThrow()).id;
    expectEnvelope(await addRule({ permissionId: button, ruleName: 'x', ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H' }), { status: 400, message: /按钮不能配置数据规则/ });
    expectEnvelope(await s.api.put('/sys/permission/editPermissionRule', { id: rule.high, ruleColumn: 'content2' }, { token: admin }), { status: 400, message: /不是页面“任务管理”的字段/ });
    expect(await (s.db as any).selectFrom('sys_permission_data_rule').select('id').execute()).toHaveLength(1);
  });

  it('lets only menu managers manage rules and only role managers tick them', async () => {
    expectEnvelope(await addRule({ ruleName: 'x', ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H' }, reviewer), { status: 403 });
    expectEnvelope(await s.api.get(`/sys/permission/getPermRuleListByPermId?permissionId=${taskMenu}`, { token: reviewer }), { status: 403 });
    expectEnvelope(await s.api('DELETE', `/sys/permission/deletePermissionRule?id=${rule.high}`, { token: reviewer }), { status: 403 });
    expectEnvelope(await s.api.get(`/sys/role/datarule/${taskMenu}/${reviewerRole}`, { token: reviewer }), { status: 403 });
    expectEnvelope(await s.api.post('/sys/role/datarule', { permissionId: taskMenu, roleId: reviewerRole, dataRuleIds: '' }, { token: reviewer }), { status: 403 });
  });

  it('ticks a rule for a role: the role data rule screen shows it', async () => {
    const before = expectOk(await s.api.get(`/sys/role/datarule/${taskMenu}/${reviewerRole}`, { token: admin }));
    expect(before.datarule.map((r: any) => r.id)).toEqual([rule.high]);
    expect(before.drChecked).toBe('');
    expectOk(await tick([rule.high]), '保存成功!');
    expect(expectOk(await s.api.get(`/sys/role/datarule/${taskMenu}/${reviewerRole}`, { token: admin })).drChecked).toBe(rule.high);
    // a menu without rules, a role without the menu, a rule of another menu
    const dailyMenu = (await (s.db as any).selectFrom('sys_permission').select('id').where('url', '=', '/pms/dailyWork').executeTakeFirstOrThrow()).id;
    expectEnvelope(await s.api.get(`/sys/role/datarule/${dailyMenu}/${reviewerRole}`, { token: admin }), { success: false, message: '未找到权限配置信息' });
    const applicantRole = (await (s.db as any).selectFrom('sys_role').select('id').where('roleCode', '=', 'applicant').executeTakeFirstOrThrow()).id;
    expectEnvelope(await tick([rule.high], applicantRole), { status: 400, message: '请先保存角色菜单权限!' });
    expectEnvelope(await tick([rule.high], reviewerRole, dailyMenu), { status: 400, message: `数据规则不存在或不属于该菜单: ${rule.high}` });
  });

  it('binds every data path of the reviewer: list, queryById, export', async () => {
    expect(await titles(reviewer)).toEqual(['高-审核人', '高-审核人-删', '高-审核人派给二'].sort());
    expectEnvelope(await s.api.get(`/pms/task/queryById?id=${id['低-审核人']}`, { token: reviewer }), { success: false, message: '未找到对应数据' });
    expect(expectOk(await s.api.get(`/pms/task/queryById?id=${id['高-审核人']}`, { token: reviewer })).title).toBe('高-审核人');
    const res = await fetch(`${s.apiUrl}/pms/task/exportXls?selections=${Object.values(id).join(',')}`, { headers: { 'X-Access-Token': reviewer } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as any);
    const cells = wb.worksheets[0].getColumn(1).values.filter(Boolean).map(String);
    expect(cells.filter((c) => Object.keys(id).includes(c)).sort()).toEqual(['高-审核人', '高-审核人-删', '高-审核人派给二'].sort());
    // the schema's own rules still hold underneath: another reviewer's high task stays out of reach
    expectEnvelope(await s.api.get(`/pms/task/queryById?id=${id['高-审核人二']}`, { token: reviewer }), { success: false, message: '未找到对应数据' });
    // nobody else is bound: the administrator's role ticked nothing
    expect(await titles(admin)).toHaveLength(5);
  });

  it('binds edit, delete and transitions: a low task cannot be changed, a high one can', async () => {
    const low = id['低-审核人'];
    gone(await s.api.put('/pms/task/edit', { id: low, title: '改掉' }, { token: reviewer }));
    gone(await s.api('DELETE', `/pms/task/delete?id=${low}`, { token: reviewer }));
    gone(await s.api('DELETE', `/pms/task/deleteBatch?ids=${low}`, { token: reviewer }));
    gone(await s.api.post('/pms/task/transition', { id: low, transition: 'start' }, { token: reviewer }));
    expect(await (s.db as any).selectFrom('pms_task').select(['title', 'state']).where('id', '=', low).executeTakeFirstOrThrow()).toEqual({ title: '低-审核人', state: 'todo' });
    // an assignee fires the task's transitions; only its creator (or a manager) edits it (the rule's reach)
    expectEnvelope(await s.api.put('/pms/task/edit', { id: id['高-审核人'], content: '说明' }, { token: reviewer }), { status: 403, message: '无权修改该数据' });
    expectOk(await s.api.put('/pms/task/edit', { id: id['高-审核人派给二'], content: '说明' }, { token: reviewer }));
    expectOk(await s.api.post('/pms/task/transition', { id: id['高-审核人'], transition: 'start' }, { token: reviewer }));
    expectOk(await s.api('DELETE', `/pms/task/delete?id=${id['高-审核人-删']}`, { token: reviewer }));
    delete id['高-审核人-删'];
  });

  it('resolves #{sys_user_code} for each user, ANDed with the other ticked rules', async () => {
    rule.mine = expectOk(await addRule({ ruleName: '本人负责', ruleColumn: 'assignee', ruleConditions: '=', ruleValue: '#{sys_user_code}' })).id;
    expectOk(await tick([rule.high, rule.mine]));
    // 高-审核人派给二 was created by the reviewer (reached by the schema rule) but is assigned to reviewer2
    expect(await titles(reviewer)).toEqual(['高-审核人']);
    expect(await titles(await s.login('reviewer2'))).toEqual(['高-审核人二', '高-审核人派给二'].sort());
    // a rule made invalid (status 无效) no longer binds
    expectOk(await s.api.put('/sys/permission/editPermissionRule', { id: rule.high, status: '0' }, { token: admin }), '修改成功！');
    expect(await titles(reviewer)).toEqual(['低-审核人', '高-审核人'].sort());
    expectOk(await s.api.put('/sys/permission/editPermissionRule', { id: rule.high, status: '1' }, { token: admin }));
  });

  it('binds the administrator role too once ticked for it (as JeecgBoot), and unticking frees it', async () => {
    expectOk(await tick([rule.high], adminRole));
    expect(await titles(admin)).toEqual(['高-审核人', '高-审核人二', '高-审核人派给二'].sort());
    expectOk(await tick([], adminRole));
    expect(await titles(admin)).toHaveLength(4);
  });

  it('refuses a request rather than ignore a rule that no longer fits the page', async () => {
    await (s.db as any).updateTable('sys_permission_data_rule').set({ ruleColumn: 'gone_column' }).where('id', '=', rule.mine).execute();
    expectEnvelope(await s.api.get('/pms/task/list', { token: reviewer }), { status: 403, message: /数据规则“本人负责”已失效/ });
    await (s.db as any).updateTable('sys_permission_data_rule').set({ ruleColumn: 'assignee', ruleConditions: 'USE_SQL_RULES' }).where('id', '=', rule.mine).execute();
    expectEnvelope(await s.api.get('/pms/task/list', { token: reviewer }), { status: 403, message: /USE_SQL_RULES/ });
    await (s.db as any).updateTable('sys_permission_data_rule').set({ ruleConditions: '=' }).where('id', '=', rule.mine).execute();
  });

  it('matches LIKE and IN with bound values, whatever characters the value holds', async () => {
    const like = expectOk(await addRule({ ruleName: '名称含', ruleColumn: 'title', ruleConditions: 'LIKE', ruleValue: "审核人二' or '1'='1" })).id;
    expectOk(await tick([like]));
    expect(await titles(reviewer)).toEqual([]);
    const starts = expectOk(await addRule({ ruleName: '高开头', ruleColumn: 'title', ruleConditions: 'RIGHT_LIKE', ruleValue: '高-' })).id;
    const inList = expectOk(await addRule({ ruleName: '优先级', ruleColumn: 'priority', ruleConditions: 'IN', ruleValue: 'L, M' })).id;
    expectOk(await tick([starts]));
    expect(await titles(reviewer)).toEqual(['高-审核人', '高-审核人派给二'].sort());
    expectOk(await tick([inList]));
    expect(await titles(reviewer)).toEqual(['低-审核人']);
    const ends = expectOk(await addRule({ ruleName: '以二结尾', ruleColumn: 'title', ruleConditions: 'LEFT_LIKE', ruleValue: '二' })).id;
    expectOk(await tick([ends]));
    expect(await titles(reviewer)).toEqual(['高-审核人派给二']);
    const notHigh = expectOk(await addRule({ ruleName: '非高', ruleColumn: 'priority', ruleConditions: '!=', ruleValue: 'H' })).id;
    expectOk(await tick([notHigh]));
    expect(await titles(reviewer)).toEqual(['低-审核人']);
  });

  it('deletes a rule: the roles forget it and the menu loses its flag with its last rule', async () => {
    expectOk(await tick([rule.high, rule.mine]));
    expectOk(await s.api('DELETE', `/sys/permission/deletePermissionRule?id=${rule.mine}`, { token: admin }), '删除成功！');
    expect(expectOk(await s.api.get(`/sys/role/datarule/${taskMenu}/${reviewerRole}`, { token: admin })).drChecked).toBe(rule.high);
    expect(await titles(reviewer)).toEqual(['高-审核人', '高-审核人派给二'].sort());
    for (const r of expectOk(await s.api.get(`/sys/permission/getPermRuleListByPermId?permissionId=${taskMenu}`, { token: admin }))) {
      expectOk(await s.api('DELETE', `/sys/permission/deletePermissionRule?id=${r.id}`, { token: admin }));
    }
    expect((await (s.db as any).selectFrom('sys_permission').select('ruleFlag').where('id', '=', taskMenu).executeTakeFirstOrThrow()).ruleFlag).toBe(0);
    expect((await (s.db as any).selectFrom('sys_role_permission').select('dataRuleIds').where('roleId', '=', reviewerRole).where('permissionId', '=', taskMenu).executeTakeFirstOrThrow()).dataRuleIds).toBeNull();
    expect(await titles(reviewer)).toEqual(['低-审核人', '高-审核人', '高-审核人派给二'].sort());
  });

  it('deletes a menu with its rules', async () => {
    const parentId = (await (s.db as any).selectFrom('sys_permission').select('parentId').where('id', '=', taskMenu).executeTakeFirstOrThrow()).parentId;
    expectOk(await s.api.post('/sys/permission/add', { menuType: 1, name: '任务副本', parentId, url: '/pms/taskCopy', component: 'pms/TaskList' }, { token: admin }));
    const copy = (await (s.db as any).selectFrom('sys_permission').select('id').where('url', '=', '/pms/taskCopy').executeTakeFirstOrThrow()).id;
    expectOk(await addRule({ permissionId: copy, ruleName: '高', ruleColumn: 'priority', ruleConditions: '=', ruleValue: 'H' }));
    expectOk(await s.api('DELETE', `/sys/permission/delete?id=${copy}`, { token: admin }));
    expect(await (s.db as any).selectFrom('sys_permission_data_rule').select('id').where('permissionId', '=', copy).execute()).toEqual([]);
  });
});
