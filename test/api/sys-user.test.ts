import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect401, expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface Node { path: string; children?: Node[] }
const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path, ...paths(n.children ?? [])]);

/** User management (schemas/system/sys_user.json + src/server/modules/user). */
describe(`users: /sys/user [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  const roleId: Record<string, string> = {};
  const departId: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    for (const r of await s.db.selectFrom('sysRole').select(['id', 'roleCode']).execute()) roleId[r.roleCode] = r.id;
    for (const d of await s.db.selectFrom('sysDepart').select(['id', 'orgCode']).execute()) departId[d.orgCode] = d.id;
  });
  afterAll(async () => { await s?.close(); });

  const add = (body: Record<string, unknown>, token = admin) => s.api.post('/sys/user/add', body, { token });
  const del = (path: string, token = admin) => s.api('DELETE', path, { token });
  const userByName = async (username: string) => {
    const page = expectOk(await s.api.get(`/sys/user/list?username=${username}`, { token: admin }));
    expect(page.total, username).toBe(1);
    return page.records[0];
  };
  const loginRes = (username: string, password: string) => s.api.post('/sys/login', { username, password });
  const newUser = async (username: string, extra: Record<string, unknown> = {}) => {
    expectOk(await add({ username, realname: `${username}姓名`, password: 'Passw0rd-1', ...extra }), '添加成功！');
    return userByName(username);
  };

  it('adds a user with roles and departments: they log in and get that role’s menus and those departments', async () => {
    const body = {
      username: 'zhangsan', realname: '张三', password: 'Zhang3-secret', confirmpassword: 'Zhang3-secret', sex: 1, phone: '13800000001',
      email: 'zs@example.com', workNo: 'Z001', selectedroles: roleId.reviewer, selecteddeparts: `${departId.A01A03},${departId.A02A01}`,
    };
    expectOk(await add(body), '添加成功！');
    const u = await userByName('zhangsan');
    expect(u).toMatchObject({ realname: '张三', sex: 1, sex_dictText: '男', status: 1, status_dictText: '正常', phone: '13800000001', workNo: 'Z001' });
    expect(u.selectedroles).toBe(roleId.reviewer);
    expect(u.selecteddeparts.split(',').sort()).toEqual([departId.A01A03, departId.A02A01].sort());
    expect(u.orgCodeTxt).toBe('赛事运营部,信息技术组');

    const login = expectOk(await loginRes('zhangsan', 'Zhang3-secret'), '登录成功');
    expect(login.departs.map((d: any) => d.orgCode)).toEqual(['A01A03', 'A02A01']);
    expect(login.multi_depart).toBe(2);
    const perms = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: login.token }));
    const menu = paths(perms.menu);
    expect(menu).toEqual(expect.arrayContaining(['/dashboard/analysis', '/pms/audit', '/pms/allProject']));
    expect(menu).not.toContain('/isystem/user');
    // The reviewer role's buttons: its task page's, none of user management.
    expect(perms.auth.map((a: any) => a.action)).toContain('pms:task:start');
    expect(perms.auth.map((a: any) => a.action).filter((a: string) => a.startsWith('system:'))).toEqual([]);
  });

  it('never returns the password or salt: list, queryById, export, dictionaries, duplicate check, query and sort', async () => {
    const u = await userByName('zhangsan');
    for (const row of [u, expectOk(await s.api.get(`/sys/user/queryById?id=${u.id}`, { token: admin }))]) {
      expect(row).not.toHaveProperty('password');
      expect(row).not.toHaveProperty('salt');
      expect(row.username).toBe('zhangsan');
    }
    const stored = await s.db.selectFrom('sysUser').select('password').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^scrypt\$/);
    const all = expectOk(await s.api.get('/sys/user/list?pageSize=-521', { token: admin }));
    expect(JSON.stringify(all)).not.toContain('scrypt$');

    const xlsx = await fetch(`${s.apiUrl}/sys/user/exportXls`, { headers: { 'X-Access-Token': admin } });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const cells: string[] = [];
    wb.worksheets[0].eachRow((row) => (row.values as unknown[]).forEach((v) => cells.push(String(v))));
    expect(cells).toContain('zhangsan');
    expect(cells).not.toContain('登录密码');
    expect(cells.some((c) => c.includes('scrypt$'))).toBe(false);

    const sensitive = '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!';
    for (const dict of ['sys_user,password,username', 'sys_user,username,salt']) {
      expectEnvelope(await s.api.get(`/sys/dict/getDictItems/${dict}`, { token: admin }), { status: 400, success: false, message: sensitive });
    }
    expectEnvelope(await s.api.get('/sys/dict/loadDict/sys_user,password,username?keyword=a', { token: admin }), { status: 400, message: sensitive });
    expectEnvelope(await s.api.get('/sys/duplicate/check?tableName=sys_user&fieldName=password&fieldVal=x', { token: admin }), { status: 400, message: sensitive });
    // a sensitive field is no filter at all: the parameter is ignored like any undeclared one, never reaching SQL
    const everyone = expectOk(await s.api.get('/sys/user/list?pageSize=100', { token: admin })).total;
    expect(expectOk(await s.api.get('/sys/user/list?pageSize=100&password=x&salt=y', { token: admin })).total).toBe(everyone);
    expectEnvelope(await s.api.get('/sys/user/list?column=password&order=asc', { token: admin }), { status: 400, message: /将要排序的列字段不存在/ });
  });

  it('refuses a weak password, a wrong confirmation and missing required fields', async () => {
    for (const password of ['short1', 'abcdefgh', '12345678']) {
      expectEnvelope(await add({ username: 'weak', realname: '弱', password }), { status: 400, success: false, message: '密码至少8位，且需包含数字、字母' });
    }
    expectEnvelope(await add({ username: 'weak', realname: '弱', password: 'Good-pass1', confirmpassword: 'Other-pass1' }), { status: 400, message: '两次输入密码不一致!' });
    expectEnvelope(await add({ username: 'weak', realname: '弱' }), { status: 400, message: '登录密码不能为空' });
    expectEnvelope(await add({ username: 'bad name', realname: '弱', password: 'Good-pass1' }), { status: 400, message: '用户账号只能由字母、数字、下划线、点、@和短横线组成' });
    expectEnvelope(await add({ username: 'weak2', realname: '弱', password: 'Good-pass1', phone: '123' }), { status: 400, message: '请输入正确格式的手机号码!' });
    expectEnvelope(await add({ username: 'weak2', realname: '弱', password: 'Good-pass1', selectedroles: 'no-such-role' }), { status: 400, message: '所选角色不存在' });
    expect(await s.db.selectFrom('sysUser').select('id').where('username', 'in', ['weak', 'weak2']).execute()).toEqual([]);
  });

  it('refuses a duplicate username, phone, e-mail or work number', async () => {
    expectEnvelope(await add({ username: 'zhangsan', realname: '重名', password: 'Passw0rd-1' }), { status: 400, message: '用户账号已存在' });
    expectEnvelope(await add({ username: 'other1', realname: '重号', password: 'Passw0rd-1', phone: '13800000001' }), { status: 400, message: '手机号已存在' });
    expectEnvelope(await add({ username: 'other1', realname: '重邮', password: 'Passw0rd-1', email: 'zs@example.com' }), { status: 400, message: '电子邮件已存在' });
    expectEnvelope(await add({ username: 'other1', realname: '重工号', password: 'Passw0rd-1', workNo: 'Z001' }), { status: 400, message: '工号已存在' });
    // empty values are no values: two users without a phone are fine
    await newUser('nophone1', { phone: '', email: '' });
    await newUser('nophone2', { phone: '', email: '' });
  });

  it('checkOnlyUser answers per field, without a token, and ignores the user being edited', async () => {
    const zs = await userByName('zhangsan');
    expectRefused(await s.api.get('/sys/user/checkOnlyUser?username=zhangsan'), '用户账号已存在');
    expectRefused(await s.api.get('/sys/user/checkOnlyUser?phone=13800000001'), '手机号已存在');
    expect(expectOk(await s.api.get('/sys/user/checkOnlyUser?username=nobody-here'))).toBe(true);
    expect(expectOk(await s.api.get(`/sys/user/checkOnlyUser?username=zhangsan&id=${zs.id}`))).toBe(true);
    expectEnvelope(await s.api.get('/sys/user/checkOnlyUser'), { status: 400, message: '缺少参数 username、phone、email 或 workNo' });
  });

  it('checkOnlyUser without a session answers an address 60 times in 15 minutes (it tells which phones are registered); signed in, it is not limited', async () => {
    let answered = 0;
    let last: Awaited<ReturnType<typeof s.api.get>> | undefined;
    for (let i = 0; i < 70; i++) {
      last = await s.api.get(`/sys/user/checkOnlyUser?phone=1390000${String(i).padStart(4, '0')}`);
      if (last.body.code !== 429) answered += 1;
    }
    // The test above asked 4 times from the same address (a call naming nothing is refused before counting).
    expect(answered).toBe(56);
    expectRefused(last!, '操作过于频繁，请15分钟后再试', 429);
    expect(expectOk(await s.api.get('/sys/user/checkOnlyUser?username=nobody-here', { token: admin }))).toBe(true);
  });

  it('edit keeps the password, replaces roles and departments, refuses renaming the account', async () => {
    const u = await newUser('lisi', { selectedroles: roleId.expert, selecteddeparts: departId.A02A02 });
    expectOk(await s.api.put('/sys/user/edit', { id: u.id, realname: '李四改', password: 'Changed-pass9', selectedroles: `${roleId.reviewer},${roleId.expert}`, selecteddeparts: departId.A01A04 }, { token: admin }), '编辑成功!');
    const after = await userByName('lisi');
    expect(after.realname).toBe('李四改');
    expect(after.selectedroles.split(',').sort()).toEqual([roleId.reviewer, roleId.expert].sort());
    expect(after.orgCodeTxt).toBe('技术服务部');
    expectRefused(await loginRes('lisi', 'Changed-pass9'), '用户名或密码错误');
    const login = expectOk(await loginRes('lisi', 'Passw0rd-1'));
    expect(login.userInfo.orgCode).toBe('A01A04');
    expect(expectOk(await s.api.get(`/sys/user/queryUserRole?userid=${u.id}`, { token: admin })).sort()).toEqual([roleId.reviewer, roleId.expert].sort());
    expect(expectOk(await s.api.get(`/sys/user/userDepartList?userId=${u.id}`, { token: admin }))).toEqual([{ key: departId.A01A04, value: departId.A01A04, title: '技术服务部' }]);

    // a body without the relation keys leaves them alone; an empty list clears them
    expectOk(await s.api.put('/sys/user/edit', { id: u.id, realname: '李四' }, { token: admin }));
    expect((await userByName('lisi')).selectedroles.split(',')).toHaveLength(2);
    expectOk(await s.api.put('/sys/user/edit', { id: u.id, selectedroles: '' }, { token: admin }));
    expect((await userByName('lisi')).selectedroles).toBe('');
    expectRefused(await s.api.get(`/sys/user/queryUserRole?userid=${u.id}`, { token: admin }), '未找到用户相关角色信息');

    expectEnvelope(await s.api.put('/sys/user/edit', { id: u.id, username: 'lisi2' }, { token: admin }), { status: 400, message: '用户账号不允许修改' });
    expectEnvelope(await s.api.put('/sys/user/edit', { id: u.id, phone: '13800000001' }, { token: admin }), { status: 400, message: '手机号已存在' });
    // status and orgCode are not the edit form's to set
    expectOk(await s.api.put('/sys/user/edit', { id: u.id, status: 2, orgCode: 'A01' }, { token: admin }));
    expect(await userByName('lisi')).toMatchObject({ status: 1, orgCode: 'A01A04' });
  });

  it('freezing ends the user’s sessions and refuses login; unfreezing lets them back in', async () => {
    const u = await newUser('wangwu', { selectedroles: roleId.expert });
    const token = await s.login('wangwu', 'Passw0rd-1');
    expectOk(await s.api.get('/sys/user/getUserInfo', { token }));
    expectOk(await s.api.put('/sys/user/frozenBatch', { ids: u.id, status: '2' }, { token: admin }), '操作成功!');
    expect((await userByName('wangwu')).status_dictText).toBe('冻结');
    expect401(await s.api.get('/sys/user/getUserInfo', { token }), 'Token失效，请重新登录!');
    expectRefused(await loginRes('wangwu', 'Passw0rd-1'), '该用户已冻结');

    expectOk(await s.api.put('/sys/user/frozenBatch', { ids: `${u.id},`, status: 1 }, { token: admin }), '操作成功!');
    expect((await userByName('wangwu')).status).toBe(1);
    expectOk(await loginRes('wangwu', 'Passw0rd-1'), '登录成功');
  });

  it('refuses freezing the admin account or yourself, and bad freeze requests', async () => {
    const adminRow = await userByName('admin');
    expectEnvelope(await s.api.put('/sys/user/frozenBatch', { ids: adminRow.id, status: 2 }, { token: admin }), { status: 400, message: 'admin用户，不允许冻结！' });
    expectEnvelope(await s.api.put('/sys/user/frozenBatch', { ids: adminRow.id, status: 3 }, { token: admin }), { status: 400, message: 'status 只能是 1（解冻）或 2（冻结）' });
    expectEnvelope(await s.api.put('/sys/user/frozenBatch', { ids: ',', status: 2 }, { token: admin }), { status: 400, message: '请选择用户' });
    expectRefused(await s.api.put('/sys/user/frozenBatch', { ids: 'no-such-user', status: 2 }, { token: admin }), '未找到对应数据');
    expect((await userByName('admin')).status).toBe(1);
  });

  it('an administrator resets a password: the old one and the user’s sessions stop working', async () => {
    await newUser('zhaoliu');
    const token = await s.login('zhaoliu', 'Passw0rd-1');
    expectEnvelope(await s.api.put('/sys/user/changePassword', { username: 'zhaoliu', password: 'weak' }, { token: admin }), { status: 400, message: '密码至少8位，且需包含数字、字母' });
    expectEnvelope(await s.api.put('/sys/user/changePassword', { username: 'zhaoliu', password: 'New-pass-77', confirmpassword: 'New-pass-78' }, { token: admin }), { status: 400, message: '两次输入密码不一致!' });
    expectRefused(await s.api.put('/sys/user/changePassword', { username: 'nobody', password: 'New-pass-77' }, { token: admin }), '用户不存在！');
    expectEnvelope(await s.api.put('/sys/user/changePassword', { password: 'New-pass-77' }, { token: admin }), { status: 400, message: '缺少参数 username' });
    expectOk(await s.api.put('/sys/user/changePassword', { username: 'zhaoliu', password: 'New-pass-77', confirmpassword: 'New-pass-77' }, { token: admin }), '密码修改成功!');
    expect401(await s.api.get('/sys/user/getUserInfo', { token }), 'Token失效，请重新登录!');
    expectRefused(await loginRes('zhaoliu', 'Passw0rd-1'), '用户名或密码错误');
    expectOk(await loginRes('zhaoliu', 'New-pass-77'), '登录成功');
    // the administrator's own session is untouched
    expectOk(await s.api.get('/sys/user/getUserInfo', { token: admin }));
  });

  it('a user without the buttons gets 403 on every write, checked on the server', async () => {
    const target = await userByName('zhaoliu');
    const refusals = [
      await add({ username: 'sneaky', realname: 'x', password: 'Passw0rd-1' }, applicant),
      await s.api.put('/sys/user/edit', { id: target.id, realname: 'x' }, { token: applicant }),
      await del(`/sys/user/delete?id=${target.id}`, applicant),
      await del(`/sys/user/deleteBatch?ids=${target.id}`, applicant),
      await s.api.put('/sys/user/frozenBatch', { ids: target.id, status: 2 }, { token: applicant }),
      await s.api.put('/sys/user/changePassword', { username: 'zhaoliu', password: 'Hacked-pass1' }, { token: applicant }),
      await s.api.get('/sys/user/exportXls', { token: applicant }),
    ];
    for (const res of refusals) expectEnvelope(res, { status: 403, success: false, code: 403, message: '没有权限，请联系管理员授权' });
    expect(await userByName('zhaoliu')).toMatchObject({ realname: 'zhaoliu姓名', status: 1 });
    expectOk(await loginRes('zhaoliu', 'New-pass-77'));
  });

  it('deleting a user removes their roles, departments and sessions; admin and yourself cannot be deleted', async () => {
    const u = await newUser('todelete', { selectedroles: roleId.expert, selecteddeparts: departId.A01A01 });
    const token = await s.login('todelete', 'Passw0rd-1');
    expectOk(await del(`/sys/user/delete?id=${u.id}`), '删除成功!');
    expect(await s.db.selectFrom('sysUserRole').select('id').where('userId', '=', u.id).execute()).toEqual([]);
    expect(await s.db.selectFrom('sysUserDepart').select('id').where('userId', '=', u.id).execute()).toEqual([]);
    expect(await s.db.selectFrom('sysSession').select('userId').where('userId', '=', u.id).execute()).toEqual([]);
    expect401(await s.api.get('/sys/user/getUserInfo', { token }), 'Token失效，请重新登录!');

    const adminRow = await userByName('admin');
    const other = await userByName('nophone1');
    expectEnvelope(await del(`/sys/user/deleteBatch?ids=${other.id},${adminRow.id}`), { status: 400, message: 'admin用户，不允许删除！' });
    await userByName('nophone1');
    // another administrator cannot delete themselves either
    const boss = await newUser('boss', { selectedroles: roleId.admin });
    expectEnvelope(await del(`/sys/user/delete?id=${boss.id}`, await s.login('boss', 'Passw0rd-1')), { status: 400, message: '不能删除当前登录用户' });
  });

  it('lists users by department for the picker: sub-departments included, filtered, paged, newest first', async () => {
    await newUser('pick1', { realname: '挑选甲', selecteddeparts: departId.A01A02A01 });
    await newUser('pick2', { realname: '挑选乙', selecteddeparts: departId.A01A02 });
    await newUser('pick3', { realname: '挑选丙', selecteddeparts: departId.A02A01 });
    const picker = (query: string) => s.api.get(`/sys/user/queryUserComponentData?${query}`, { token: applicant });

    const all = expectOk(await picker(`departId=${departId.A01A02}&pageSize=50`));
    expect(all.records.map((r: any) => r.username)).toEqual(['pick2', 'pick1', 'reviewer', 'applicant']);
    expect(all.total).toBe(4);
    // No contacts: the picker is open to every signed-in user (test/api/user-directory.test.ts).
    expect(Object.keys(all.records[0]).sort()).toEqual(['avatar', 'createTime', 'id', 'orgCode', 'orgCodeTxt', 'realname', 'sex', 'sex_dictText', 'status', 'username', 'workNo']);
    expect(all.records[0]).toMatchObject({ username: 'pick2', realname: '挑选乙', orgCodeTxt: '项目管理部' });

    const paged = expectOk(await picker(`departId=${departId.A01A02}&pageNo=2&pageSize=3`));
    expect(paged).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
    expect(paged.records.map((r: any) => r.username)).toEqual(['applicant']);
    expect(expectOk(await picker(`realname=${encodeURIComponent('挑选')}`)).records.map((r: any) => r.username)).toEqual(['pick3', 'pick2', 'pick1']);
    expect(expectOk(await picker('username=%25')).total).toBe(0);

    const byDep = expectOk(await s.api.get(`/sys/user/queryUserByDepId?id=${departId.A01A02A01}`, { token: applicant }));
    expect(byDep.map((r: any) => r.username)).toEqual(['pick1', 'applicant']);
    expectEnvelope(await picker('departId=no-such-depart'), { status: 400, message: '部门不存在' });
    expectEnvelope(await picker('pageSize=0'), { status: 400, message: /^参数错误/ });
  });
});
