import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const PHONE = '13912345678';
const EMAIL = 'expert-contact@example.org';
const ADMIN_EMAIL = 'admin@example.com';
const BIRTHDAY = '1980-02-03';
const TELEPHONE = '010-88886666';
const CONTACTS = [PHONE, EMAIL, ADMIN_EMAIL, BIRTHDAY, TELEPHONE];

const leaked = (body: unknown) => CONTACTS.filter((c) => JSON.stringify(body).includes(c));
const enc = encodeURIComponent;

/**
 * The user directory: pickers show a person (name, account, department), never their contacts;
 * contacts (the personal fields of sys_user.json) go only to those who may read the user page, and
 * role internals only to those who may read the role page. Registration is open, so a signed-in
 * applicant is anyone with a phone.
 */
describe(`user directory: contacts and role internals [${BACKEND}]`, () => {
  let s: TestServer;
  const token: Record<string, string> = {};
  let expertId: string;
  let expertRoleId: string;
  let expertDepartId: string;

  beforeAll(async () => {
    s = await startServer();
    for (const name of ['admin', 'applicant', 'reviewer']) token[name] = await s.login(name);
    await s.db.updateTable('sysUser').set({ phone: PHONE, email: EMAIL, birthday: BIRTHDAY, telephone: TELEPHONE }).where('username', '=', 'expert').execute();
    const expert = await s.db.selectFrom('sysUser').select('id').where('username', '=', 'expert').executeTakeFirstOrThrow();
    expertId = expert.id;
    expertRoleId = (await s.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', expertId).executeTakeFirstOrThrow()).roleId;
    expertDepartId = (await s.db.selectFrom('sysUserDepart').select('depId').where('userId', '=', expertId).executeTakeFirstOrThrow()).depId;
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string, who: string) => s.api.get(path, { token: token[who] });

  /** Where choosing a person is enough: open to every signed-in user. */
  const pickerPaths = () => [
    '/sys/user/queryUserComponentData?pageNo=1&pageSize=100',
    '/sys/user/queryUserComponentData?username=expert&realname=%E8%AF%84%E5%AE%A1%E4%B8%93%E5%AE%B6',
    `/sys/user/queryUserByDepId?id=${expertDepartId}`,
    `/sys/user/userDepartList?userId=${expertId}`,
    `/sys/dict/getDictItems/${enc('sys_user,realname,username')}`,
    `/sys/dict/loadDictItem/${enc('sys_user,realname,id')}?key=${expertId}`,
  ];

  /** Role internals: which roles a user holds, which users and permissions a role holds, all roles. */
  const rolePaths = () => [
    `/sys/user/userRoleList?roleId=${expertRoleId}`,
    `/sys/user/queryUserRole?userid=${expertId}`,
    `/sys/permission/queryRolePermission?roleId=${expertRoleId}`,
    '/sys/role/queryall',
    '/sys/role/checkRoleCode?roleCode=expert',
  ];

  /** Every generic path that reads a column of a declared table, asked for a personal one. */
  const personalColumnPaths = [
    `/sys/dict/getDictItems/${enc('sys_user,phone,username')}`,
    `/sys/dict/getDictItems/${enc('sys_user,username,email')}`,
    `/sys/dict/getDictItems/${enc('sys_user,birthday,username')}`,
    `/sys/dict/getDictItems/${enc(`sys_user,realname,username,${JSON.stringify({ phone: PHONE })}`)}`,
    `/sys/dict/loadDict/${enc('sys_user,phone,username')}?keyword=139`,
    `/sys/dict/loadDictItem/${enc('sys_user,email,username')}?key=expert`,
    `/sys/duplicate/check?tableName=sys_user&fieldName=phone&fieldVal=${PHONE}`,
    `/sys/dict/loadTreeData?tableName=sys_user&text=phone&code=id&pidField=orgCode&pid=0`,
    `/sys/dict/loadTreeData?tableName=sys_user&text=realname&code=id&pidField=orgCode&condition=${enc(JSON.stringify({ email: EMAIL }))}`,
    '/online/cgform/api/querySelectOptions?table=sys_user&txt=telephone&key=id&idField=id&pidField=orgCode',
  ];

  for (const who of ['applicant', 'reviewer']) {
    it(`${who}: pickers list people with their departments, never anyone's contacts`, async () => {
      for (const path of pickerPaths()) {
        const result = expectOk(await get(path, who));
        expect(leaked(result), path).toEqual([]);
      }
      const page = expectOk(await get('/sys/user/queryUserComponentData?username=expert&realname=%E8%AF%84%E5%AE%A1%E4%B8%93%E5%AE%B6', who));
      expect(page.records).toHaveLength(1);
      expect(Object.keys(page.records[0]).sort()).toEqual(['avatar', 'createTime', 'id', 'orgCode', 'orgCodeTxt', 'realname', 'sex', 'sex_dictText', 'status', 'username', 'workNo']);
      expect(page.records[0]).toMatchObject({ username: 'expert', realname: '评审专家' });
    });

    it(`${who}: role internals are refused`, async () => {
      for (const path of rolePaths()) {
        expectEnvelope(await get(path, who), { status: 403, success: false, message: /^没有权限：需要“角色管理”/ });
      }
    });

    it(`${who}: no table dictionary, duplicate check, tree or cascade reads a personal column`, async () => {
      for (const path of personalColumnPaths) {
        const res = await get(path, who);
        expectEnvelope(res, { status: 403, success: false, message: /^“(手机号|邮箱|生日|座机)”是个人信息，需要“用户管理”的查看权限$/ });
        expect(leaked(res.body), path).toEqual([]);
      }
    });
  }

  it('admin still reads contacts in pickers, role lists and dictionaries, and role internals', async () => {
    const page = expectOk(await get('/sys/user/queryUserComponentData?username=expert&realname=%E8%AF%84%E5%AE%A1%E4%B8%93%E5%AE%B6', 'admin'));
    expect(page.records[0]).toMatchObject({ username: 'expert', phone: PHONE, email: EMAIL });
    expect(expectOk(await get(`/sys/user/queryUserByDepId?id=${expertDepartId}`, 'admin')).find((u: any) => u.username === 'expert')).toMatchObject({ phone: PHONE });
    const members = expectOk(await get(`/sys/user/userRoleList?roleId=${expertRoleId}`, 'admin'));
    expect(members.records.find((u: any) => u.username === 'expert')).toMatchObject({ phone: PHONE, email: EMAIL });
    expect(expectOk(await get(`/sys/user/queryUserRole?userid=${expertId}`, 'admin'))).toEqual([expertRoleId]);
    expect(expectOk(await get('/sys/role/queryall', 'admin')).map((r: any) => r.id)).toContain(expertRoleId);
    expect(expectOk(await get(`/sys/permission/queryRolePermission?roleId=${expertRoleId}`, 'admin')).length).toBeGreaterThan(0);

    expect(expectOk(await get(`/sys/dict/loadDictItem/${enc('sys_user,phone,username')}?key=expert`, 'admin'))).toEqual([PHONE]);
    expect(expectOk(await get(`/sys/dict/loadDict/${enc('sys_user,email,username')}?keyword=expert-contact`, 'admin'))).toEqual([
      { value: 'expert', text: EMAIL, title: EMAIL, label: EMAIL },
    ]);
    expectEnvelope(await get(`/sys/duplicate/check?tableName=sys_user&fieldName=phone&fieldVal=${PHONE}`, 'admin'), { success: false, message: '该值不可用，系统中已存在！' });
    const list = expectOk(await get('/sys/user/list?username=expert', 'admin'));
    expect(list.records[0]).toMatchObject({ phone: PHONE, email: EMAIL, birthday: BIRTHDAY, telephone: TELEPHONE });
  });

  it('the guest (a token one public call away) reads no table dictionary, so no account or name either', async () => {
    const guest = expectOk(await s.api.post('/sys/guestLogin', {})).token as string;
    for (const code of ['sys_user,realname,username', 'sys_user,phone,username', 'sys_depart,departName,id']) {
      expectEnvelope(await s.api.get(`/sys/dict/getDictItems/${enc(code)}`, { token: guest }), { status: 403, success: false, message: '访客不能使用该功能，请先登录' });
    }
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/sex', { token: guest }))).toHaveLength(2);
  });

  it('what a person is, not how to reach them, stays open: accounts are still checked for duplicates', async () => {
    expectEnvelope(await get('/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=expert', 'applicant'), {
      success: false, message: '该值不可用，系统中已存在！',
    });
    expect(expectOk(await get(`/sys/dict/loadDictItem/${enc('sys_user,realname,username')}?key=expert`, 'applicant'))).toEqual(['评审专家']);
  });

  it('holding the user page grants contacts; holding the role page grants role internals, each without the other', async () => {
    const roleOf = async (code: string) => (await s.db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirstOrThrow()).id;
    const grant = async (roleCode: string, component: string) => {
      const menu = await s.db.selectFrom('sysPermission').select('id').where('component', '=', component).executeTakeFirstOrThrow();
      await s.db.insertInto('sysRolePermission').values({ id: `dir-${roleCode}`, roleId: await roleOf(roleCode), permissionId: menu.id }).execute();
    };
    await grant('reviewer', 'system/UserList');
    await grant('applicant', 'system/RoleList');

    const reviewerPage = expectOk(await get('/sys/user/queryUserComponentData?username=expert&realname=%E8%AF%84%E5%AE%A1%E4%B8%93%E5%AE%B6', 'reviewer'));
    expect(reviewerPage.records[0]).toMatchObject({ phone: PHONE, email: EMAIL });
    expect(expectOk(await get(`/sys/dict/loadDictItem/${enc('sys_user,phone,username')}?key=expert`, 'reviewer'))).toEqual([PHONE]);
    // Its user form assigns roles: the role list and a user's roles, not the roles' permissions or members.
    expect(expectOk(await get(`/sys/user/queryUserRole?userid=${expertId}`, 'reviewer'))).toEqual([expertRoleId]);
    expect(expectOk(await get('/sys/role/queryall', 'reviewer')).length).toBeGreaterThan(0);
    expectEnvelope(await get(`/sys/permission/queryRolePermission?roleId=${expertRoleId}`, 'reviewer'), { status: 403 });
    expectEnvelope(await get(`/sys/user/userRoleList?roleId=${expertRoleId}`, 'reviewer'), { status: 403 });

    for (const path of rolePaths()) expectEnvelope(await get(path, 'applicant'));
    const members = expectOk(await get(`/sys/user/userRoleList?roleId=${expertRoleId}`, 'applicant'));
    expect(members.records.map((u: any) => u.username)).toContain('expert');
    expect(leaked(members)).toEqual([]);
    expectEnvelope(await get(`/sys/dict/loadDictItem/${enc('sys_user,phone,username')}?key=expert`, 'applicant'), { status: 403 });
  });
});
