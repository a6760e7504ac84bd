/* eslint-disable @typescript-eslint/no-explicit-any */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeForJeecgClient } from '../../src/server/modules/system/client-upgrade.js';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * What the stock JeecgBoot Vue 2 client (jeecgboot/ant-design-vue-jeecg 3.4.3) needs of the server
 * beyond the pages' CRUD (issue 41): the dictionaries its system screens read, and the routes of its
 * system screens, asked as its code asks them (getAction's `_t`, the list mixin's paging).
 */
const t = () => `_t=${Math.floor(Date.now() / 1000)}`;

/** Every dictCode the client's src/views/system (and the components they use) reads. */
const SYSTEM_VIEW_DICTS = ['sex', 'activiti_sync', 'global_perms_type', 'operate_type', 'position_rank', 'quartz_status', 'rule_conditions', 'valid_status', 'database_type'];

describe(`the Vue 2 client's system screens, issue 41 [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const get = (p: string, token = admin) => s.api.get(`${p}${p.includes('?') ? '&' : '?'}${t()}`, { token });
  const post = (p: string, body: unknown, token = admin) => s.api.post(p, body, { token });
  const put = (p: string, body: unknown, token = admin) => s.api.put(p, body, { token });
  const del = (p: string, token = admin) => s.api('DELETE', p, { token });
  const userId = async (username: string) => (await (s.db as any).selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id as string;
  const departs = async () => expectOk(await get('/sys/sysDepart/queryTreeList')) as any[];

  it('dictionaries: every one the system screens read has items, in the login map too; an unknown code (and `undefined`) has none', async () => {
    const all = expectOk(await get('/sys/dict/queryAllDictItems'));
    for (const code of SYSTEM_VIEW_DICTS) {
      const items = expectOk(await s.api.get(`/sys/dict/getDictItems/${code}`, { token: admin }));
      expect(items.length, code).toBeGreaterThan(0);
      expect(all[code]?.length, code).toBe(items.length);
    }
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/activiti_sync', { token: admin })).map((i: any) => [i.value, i.text])).toEqual([['1', '同步'], ['0', '不同步']]);
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/global_perms_type', { token: admin })).map((i: any) => i.value)).toEqual(['1', '2']);
    for (const code of ['undefined', 'no_such_dict']) expect(expectOk(await s.api.get(`/sys/dict/getDictItems/${code}`, { token: admin }))).toEqual([]);
  });

  it('a database seeded before issue 41 gets the dictionaries and buttons once; one deleted later stays deleted', async () => {
    const db = s.db as any;
    const dict = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'activiti_sync').executeTakeFirstOrThrow();
    await db.deleteFrom('sysDictItem').where('dictId', '=', dict.id).execute();
    await db.deleteFrom('sysDict').where('id', '=', dict.id).execute();
    await db.deleteFrom('sysSetting').where('key', '=', 'upgrade:jeecg-client-41').execute();
    const button = await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:departRole:auth').executeTakeFirstOrThrow();
    await db.deleteFrom('sysRolePermission').where('permissionId', '=', button.id).execute();
    await db.deleteFrom('sysPermission').where('id', '=', button.id).execute();
    expect(await upgradeForJeecgClient(db, { seedDir: path.resolve('schemas/seed') })).toBe(true);
    const back = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'activiti_sync').executeTakeFirstOrThrow();
    expect((await db.selectFrom('sysDictItem').select('itemValue').where('dictId', '=', back.id).orderBy('sortOrder').execute()).map((r: any) => r.itemValue)).toEqual(['1', '0']);
    expect(await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'global_perms_type').execute()).toHaveLength(1);
    // the new buttons come in where missing (and to the administrator role), once
    expect(await db.selectFrom('sysPermission').select('id').where('perms', '=', 'system:departRole:auth').execute()).toHaveLength(1);
    await db.deleteFrom('sysDictItem').where('dictId', '=', back.id).execute();
    await db.deleteFrom('sysDict').where('id', '=', back.id).execute();
    expect(await upgradeForJeecgClient(db, { seedDir: path.resolve('schemas/seed') })).toBe(false);
    expect(await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'activiti_sync').execute()).toEqual([]);
  });

  it('第三方APP: neither WeChat Work nor DingTalk is enabled here', async () => {
    expect(expectOk(await get('/sys/thirdApp/getEnabledType'))).toEqual({ wechatEnterprise: false, dingtalk: false });
  });

  it('JVM信息 and Tomcat信息: every metric the two tables ask for answers, in the actuator shape', async () => {
    const names = ['jvm.memory.max', 'jvm.memory.committed', 'jvm.memory.used', 'jvm.buffer.memory.used', 'jvm.buffer.count', 'jvm.threads.daemon', 'jvm.threads.live',
      'jvm.threads.peak', 'jvm.classes.loaded', 'jvm.classes.unloaded', 'jvm.gc.memory.allocated', 'jvm.gc.memory.promoted', 'jvm.gc.max.data.size', 'jvm.gc.live.data.size',
      'jvm.gc.pause', 'tomcat.sessions.created', 'tomcat.sessions.expired', 'tomcat.sessions.active.current', 'tomcat.sessions.active.max', 'tomcat.sessions.rejected',
      'tomcat.global.sent', 'tomcat.global.request.max', 'tomcat.global.request', 'tomcat.threads.current', 'tomcat.threads.config.max', 'tomcat.servlet.request', 'tomcat.servlet.request.max'];
    for (const name of names) {
      const res = await s.api.get(`/actuator/metrics/${name}?${t()}`, { token: admin });
      expect(res.status, name).toBe(200);
      expect(res.body.name).toBe(name);
      expect(typeof res.body.measurements[0].value, name).toBe('number');
    }
    const value = async (name: string) => (await s.api.get(`/actuator/metrics/${name}`, { token: admin })).body.measurements[0].value as number;
    expect(await value('jvm.classes.loaded')).toBe(0);
    expect(await value('tomcat.sessions.created')).toBeGreaterThanOrEqual(2);
    expect(await value('tomcat.sessions.active.max')).toBeGreaterThanOrEqual(await value('tomcat.sessions.active.current'));
    expect(await value('tomcat.global.sent')).toBeGreaterThan(0);
    expect((await s.api.get('/actuator/metrics/jvm.classes.loaded', { token: applicant })).status).toBe(403);
  });

  it('users by id (the announcement form) and the address book, for readers of users', async () => {
    const [a, r] = [await userId('applicant'), await userId('reviewer')];
    const found = expectOk(await get(`/sys/user/queryByIds?userIds=${a},${r},`));
    expect(found.map((u: any) => u.username).sort()).toEqual(['applicant', 'reviewer']);
    expect(found[0]).not.toHaveProperty('password');
    const all = expectOk(await get('/sys/user/queryByOrgCodeForAddressList?pageNo=1&pageSize=100'));
    const row = all.records.find((x: any) => x.userId === a);
    expect(row).toMatchObject({ realname: '申报人', departName: expect.any(String), departId: expect.any(String) });
    const [root] = await departs();
    const inRoot = expectOk(await get(`/sys/user/queryByOrgCodeForAddressList?orgCode=${root.orgCode}&realname=${encodeURIComponent('申报')}`));
    expect(inRoot.records.map((x: any) => x.userId)).toContain(a);
    expectEnvelope(await get(`/sys/user/queryByIds?userIds=${a}`, applicant), { status: 403 });
    expectEnvelope(await get('/sys/user/queryByOrgCodeForAddressList', applicant), { status: 403 });
  });

  it('我的部门: a 上级\'s departments as trees; anyone else\'s identity 1 and no tree', async () => {
    expect(expectEnvelope(await get('/sys/sysDepart/queryMyDeptTreeList'), { success: true }).message).toBe('1');
    const [root] = await departs();
    const me = await userId('admin');
    await (s.db as any).updateTable('sysUser').set({ userIdentity: 2, departIds: root.id }).where('id', '=', me).execute();
    const mine = await s.login('admin');
    const res = await get('/sys/sysDepart/queryMyDeptTreeList', mine);
    expect(res.body.message).toBe('2');
    expect(res.body.result.map((d: any) => d.id)).toEqual([root.id]);
    expect(res.body.result[0].children?.length ?? 0).toBe(root.children?.length ?? 0);
    await (s.db as any).updateTable('sysUser').set({ userIdentity: 1, departIds: null }).where('id', '=', me).execute();
  });

  it('部门用户: a department\'s people (its subtree\'s), users added to it and taken out', async () => {
    const [root] = await departs();
    const leaf = root.children?.[0] ?? root;
    const expert = await userId('expert');
    const before = expectOk(await get(`/sys/user/departUserList?depId=${leaf.id}&pageNo=1&pageSize=100`)).records.map((u: any) => u.id);
    expectOk(await post('/sys/user/editSysDepartWithUser', { depId: leaf.id, userIdList: [expert] }), '添加成功!');
    const listed = expectOk(await get(`/sys/user/departUserList?depId=${leaf.id}&pageNo=1&pageSize=100`));
    const row = listed.records.find((u: any) => u.id === expert);
    expect(row).toMatchObject({ username: 'expert', orgCode: expect.stringContaining(leaf.departName) });
    expect(listed.records.length).toBe(new Set([...before, expert]).size);
    // the root's list holds its subtree's people
    expect(expectOk(await get(`/sys/user/departUserList?depId=${root.id}&pageNo=1&pageSize=100`)).records.map((u: any) => u.id)).toContain(expert);
    expect(expectOk(await get(`/sys/user/departUserList?depId=${leaf.id}&username=xper`)).records.map((u: any) => u.username)).toEqual(['expert']);
    expectOk(await del(`/sys/user/deleteUserInDepart?depId=${leaf.id}&userId=${expert}`), '删除成功!');
    expectRefused(await del(`/sys/user/deleteUserInDepart?depId=${leaf.id}&userId=${expert}`), '当前选中部门与用户无关联关系!');
    expectEnvelope(await post('/sys/user/editSysDepartWithUser', { depId: leaf.id, userIdList: [expert] }, applicant), { status: 403 });
  });

  it('我的部门 › 编辑: the row carries what the user form sends back (上级, 负责部门, 职务), so saving it unchanged keeps them', async () => {
    const [root] = await departs();
    const me = await userId('admin');
    const before = expectOk(await get(`/sys/user/queryById?id=${me}`));
    await (s.db as any).updateTable('sysUser').set({ userIdentity: 2, departIds: root.id }).where('id', '=', me).execute();
    const row = expectOk(await get(`/sys/user/departUserList?depId=${root.id}&pageNo=1&pageSize=100`)).records.find((u: any) => u.id === me);
    expect(row).toMatchObject({ userIdentity: 2, departIds: root.id });
    expect(row).toHaveProperty('post');
    // UserModal.handleSubmit: departIds = '' unless userIdentity === 2 (a number), then the row with the form's lists
    const body = { ...row, selectedroles: before.selectedroles ?? '', selecteddeparts: root.id, departIds: row.userIdentity === 2 ? row.departIds : '' };
    expectOk(await put('/sys/user/edit', body));
    const after = await (s.db as any).selectFrom('sysUser').select(['userIdentity', 'departIds']).where('id', '=', me).executeTakeFirstOrThrow();
    expect(after).toEqual({ userIdentity: 2, departIds: root.id });
    await (s.db as any).updateTable('sysUser').set({ userIdentity: 1, departIds: null }).where('id', '=', me).execute();
  });

  it('部门权限, 部门角色 and 部门角色授权: grants within the department\'s, roles held by its members', async () => {
    const [root] = await departs();
    const { ids } = expectOk(await get('/sys/role/queryTreeList'));
    const tree = expectOk(await get('/sys/permission/list'));
    const userMenu = (function find(nodes: any[]): any { for (const n of nodes) { if (n.url === '/isystem/user') return n; const f = find(n.children ?? []); if (f) return f; } return null; })(tree);
    expect(ids).toContain(userMenu.id);
    // 部门权限: the department may hand out 用户管理 (its folder comes with it)
    expect(expectOk(await get(`/sys/permission/queryDepartPermission?departId=${root.id}`))).toEqual([]);
    expectOk(await post('/sys/permission/saveDepartPermission', { departId: root.id, permissionIds: `${userMenu.id},`, lastpermissionIds: '' }), '保存成功！');
    const held = expectOk(await get(`/sys/permission/queryDepartPermission?departId=${root.id}`));
    expect(held).toEqual(expect.arrayContaining([userMenu.id, userMenu.parentId]));
    // 部门角色: added from the modal with the department, listed by the client's deptId only
    expectOk(await post('/sys/sysDepartRole/add', { roleName: '部门管理员', roleCode: 'dept_admin', description: '', departId: root.id }), '添加成功！');
    const [role] = expectOk(await get(`/sys/sysDepartRole/list?deptId=${root.id}&pageNo=1&pageSize=10`)).records;
    expect(role).toMatchObject({ roleName: '部门管理员', roleCode: 'dept_admin', departId: root.id });
    const leaf = root.children?.[0];
    if (leaf) expect(expectOk(await get(`/sys/sysDepartRole/list?deptId=${leaf.id}&pageNo=1&pageSize=10`)).records).toEqual([]);
    expectOk(await put('/sys/sysDepartRole/edit', { ...role, description: '管部门' }), '编辑成功!');
    // 部门角色授权: the tree is the department's; a grant outside it is refused
    const forRole = expectOk(await get(`/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${root.id}`));
    expect(forRole.ids.sort()).toEqual([...held].sort());
    expectOk(await post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.id, permissionIds: `${userMenu.id}`, lastpermissionIds: '' }), '保存成功！');
    expect(expectOk(await get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`))).toEqual(expect.arrayContaining([userMenu.id]));
    const outside = ids.find((id: string) => !held.includes(id));
    expectEnvelope(await post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.id, permissionIds: outside, lastpermissionIds: '' }), { status: 400, message: '只能授予部门已有的权限' });
    // a member holds the role; one outside the department may not
    const adminId = await userId('admin');
    expect(expectOk(await get(`/sys/sysDepartRole/getDeptRoleList?departId=${root.id}&userId=${adminId}`)).map((r: any) => r.id)).toEqual([role.id]);
    expectOk(await post('/sys/sysDepartRole/deptRoleUserAdd', { userId: adminId, newRoleId: `${role.id}`, oldRoleId: '' }), '添加成功！');
    expect(expectOk(await get(`/sys/sysDepartRole/getDeptRoleByUserId?userId=${adminId}&departId=${root.id}`))).toEqual([expect.objectContaining({ userId: adminId, droleId: role.id })]);
    expectOk(await post('/sys/sysDepartRole/deptRoleUserAdd', { userId: adminId, newRoleId: '', oldRoleId: `${role.id}` }));
    expect(expectOk(await get(`/sys/sysDepartRole/getDeptRoleByUserId?userId=${adminId}&departId=${root.id}`))).toEqual([]);
    // taking 用户管理 back from the department takes it from its roles too
    expectOk(await post('/sys/permission/saveDepartPermission', { departId: root.id, permissionIds: '', lastpermissionIds: held.join(',') }));
    expect(expectOk(await get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role.id}`))).toEqual([]);
    for (const [method, path, body] of [['POST', '/sys/permission/saveDepartPermission', { departId: root.id, permissionIds: '' }], ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: adminId }], ['POST', '/sys/sysDepartRole/add', { roleName: 'x', roleCode: 'x', departId: root.id }]] as const) {
      expectEnvelope(await s.api(method, path, { token: applicant, body }), { status: 403 });
    }
    expectEnvelope(await get(`/sys/sysDepartRole/getDeptRoleList?departId=${root.id}&userId=${adminId}`, applicant), { status: 403 });
    expectOk(await del(`/sys/sysDepartRole/delete?id=${role.id}`));
  });

  it('用户代理人: the user\'s agency asked by name, added, then edited', async () => {
    expectRefused(await get('/sys/sysUserAgent/queryByUserName?userName=reviewer'), '未找到对应实体');
    const form = { userName: 'reviewer', status: '1', agentUserName: 'expert', startTime: '2026-01-01 00:00:00', endTime: '2026-12-31 23:59:59' };
    expectOk(await post('/sys/sysUserAgent/add', form));
    const agency = expectOk(await get('/sys/sysUserAgent/queryByUserName?userName=reviewer'));
    expect(agency).toMatchObject(form);
    expectOk(await put('/sys/sysUserAgent/edit', { ...agency, agentUserName: 'expert2', status: '0' }));
    expect(expectOk(await get('/sys/sysUserAgent/queryByUserName?userName=reviewer'))).toMatchObject({ agentUserName: 'expert2', status: '0' });
    expectEnvelope(await post('/sys/sysUserAgent/add', { ...form, userName: 'expert', agentUserName: 'nobody' }), { status: 400, message: '用户不存在: nobody' });
    expectEnvelope(await get('/sys/sysUserAgent/queryByUserName?userName=reviewer', applicant), { status: 403 });
  });

  it('用户回收站: a deleted user waits there with roles and departments, is restored as they were, or purged', async () => {
    const roles = expectOk(await get('/sys/role/queryall'));
    const [root] = await departs();
    const form = { username: 'binned', password: 'Bin@pass123', confirmpassword: 'Bin@pass123', realname: '回收', workNo: 'B001', phone: '13900000001', selectedroles: roles[0].id, selecteddeparts: root.id, userIdentity: 1, activitiSync: '1', id: '' };
    expectOk(await post('/sys/user/add', form));
    const id = await userId('binned');
    expectOk(await del(`/sys/user/deleteBatch?ids=${id},`));
    expect(expectOk(await get('/sys/user/list?username=binned')).records).toEqual([]);
    const [binned] = expectOk(await get('/sys/user/recycleBin')).filter((u: any) => u.id === id);
    expect(binned).toMatchObject({ username: 'binned', realname: '回收', orgCode: root.departName });
    expect(binned).not.toHaveProperty('password');
    expectOk(await put('/sys/user/putRecycleBin', { userIds: `${id}` }), '还原成功');
    const [back] = expectOk(await get('/sys/user/list?username=binned')).records;
    expect(back).toMatchObject({ id, selectedroles: roles[0].id, selecteddeparts: root.id });
    expect(expectOk(await get('/sys/user/recycleBin')).some((u: any) => u.id === id)).toBe(false);
    // purged: gone for good
    expectOk(await del(`/sys/user/delete?id=${id}`));
    expectOk(await del(`/sys/user/deleteRecycleBin?userIds=${id},`), '删除成功');
    expect(expectOk(await get('/sys/user/recycleBin')).some((u: any) => u.id === id)).toBe(false);
    // a restore whose account was taken meanwhile is refused
    expectOk(await post('/sys/user/add', { ...form, username: 'binned2', workNo: 'B002', phone: '13900000002' }));
    const id2 = await userId('binned2');
    expectOk(await del(`/sys/user/delete?id=${id2}`));
    expectOk(await post('/sys/user/add', { ...form, username: 'binned2', workNo: 'B003', phone: '13900000003' }));
    expectEnvelope(await put('/sys/user/putRecycleBin', { userIds: id2 }), { status: 400, message: '无法还原用户 binned2：用户账号已存在' });
    expectEnvelope(await get('/sys/user/recycleBin', applicant), { status: 403 });
  });

  it('字典回收站: a deleted dictionary waits there with its items, comes back, or is purged', async () => {
    expectOk(await post('/sys/dict/add', { dictName: '回收字典', dictCode: 'bin_dict', description: '' }));
    const dict = expectOk(await get('/sys/dict/list?dictCode=bin_dict')).records[0];
    expectOk(await post('/sys/dictItem/add', { dictId: dict.id, itemText: '一', itemValue: '1', sortOrder: '1', status: '1' }));
    expectOk(await del(`/sys/dict/delete?id=${dict.id}`));
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/bin_dict', { token: admin }))).toEqual([]);
    const binned = expectOk(await get('/sys/dict/deleteList'));
    expect(binned.find((d: any) => d.id === dict.id)).toMatchObject({ dictName: '回收字典', dictCode: 'bin_dict' });
    expectOk(await put(`/sys/dict/back/${dict.id}`, {}));
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/bin_dict', { token: admin })).map((i: any) => i.text)).toEqual(['一']);
    expectOk(await del(`/sys/dict/delete?id=${dict.id}`));
    expectOk(await del(`/sys/dict/deletePhysic/${dict.id}`));
    expect(expectOk(await get('/sys/dict/deleteList')).some((d: any) => d.id === dict.id)).toBe(false);
    expectEnvelope(await get('/sys/dict/deleteList', applicant), { status: 403 });
  });

  it('the demo accounts have phone numbers (the client\'s user form requires one to save an edit)', async () => {
    const rows = await (s.db as any).selectFrom('sysUser').select(['username', 'phone']).where('username', 'in', ['admin', 'applicant', 'reviewer', 'expert']).execute();
    for (const r of rows) expect(r.phone, r.username).toMatch(/^1[3-9]\d{9}$/);
  });
});
