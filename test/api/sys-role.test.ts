import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface TreeNode { key: string; title: string; slotTitle: string; value: string; isLeaf: boolean; menuType: number; children: TreeNode[] | null }
interface MenuNode { path: string; children?: MenuNode[] }
const flat = <T extends { children?: T[] | null }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** Roles and role authorisation (schemas/system/sys_role.json + src/server/modules/role). */
describe(`roles: /sys/role and role permissions [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  let permIdByUrl: Map<string, string>;
  let permIdByPerms: Map<string, string>;

  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
    const perms = await s.db.selectFrom('sysPermission').select(['id', 'url', 'perms']).execute();
    permIdByUrl = new Map(perms.filter((p) => p.url).map((p) => [p.url!, p.id]));
    permIdByPerms = new Map(perms.filter((p) => p.perms).map((p) => [p.perms!, p.id]));
  });
  afterAll(async () => { await s?.close(); });

  const roleByCode = async (roleCode: string) => {
    const page = expectOk(await s.api.get(`/sys/role/list?roleCode=${roleCode}`, { token: admin }));
    expect(page.total, roleCode).toBe(1);
    return page.records[0];
  };
  const menuOf = async (token: string) => {
    const p = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token }));
    return { paths: flat<MenuNode>(p.menu).map((n) => n.path), actions: p.auth.map((a: any) => a.action) };
  };

  it('the permission tree holds every menu and button once, nested, buttons as leaves', async () => {
    const { treeList, ids } = expectOk(await s.api.get('/sys/permission/queryTreeList', { token: admin }));
    const count = (await s.db.selectFrom('sysPermission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(ids).toHaveLength(Number(count));
    const nodes = flat<TreeNode>(treeList);
    expect(nodes.map((n) => n.key).sort()).toEqual([...ids].sort());
    const system = treeList.find((n: TreeNode) => n.title === '系统管理');
    expect(system).toMatchObject({ slotTitle: '系统管理', value: system.key, isLeaf: false, menuType: 0 });
    const users = system.children.find((n: TreeNode) => n.title === '用户管理');
    expect(users.children.map((n: TreeNode) => n.title)).toEqual(['添加用户', '编辑用户', '删除用户', '冻结用户', '导入用户', '导出用户', '重置密码', '设置代理人', '修改代理人']);
    for (const b of users.children) expect(b).toMatchObject({ isLeaf: true, children: null, menuType: 2 });
  });

  it('adds a role, grants it menus and buttons, reads them back, and its users’ menus follow', async () => {
    expectOk(await s.api.post('/sys/role/add', { roleName: '审计员', roleCode: 'auditor', description: '只看日志' }, { token: admin }), '添加成功！');
    const role = await roleByCode('auditor');
    expectOk(await s.api.post('/sys/user/add', { username: 'audit1', realname: '审计一', password: 'Audit-pass1', selectedroles: role.id }, { token: admin }));
    const userToken = await s.login('audit1', 'Audit-pass1');
    expect((await menuOf(userToken)).paths).toEqual(['/dashboard/analysis']);

    const grant = [permIdByUrl.get('/isystem')!, permIdByUrl.get('/isystem/user')!, permIdByPerms.get('system:user:add')!];
    expectOk(await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: grant.join(','), lastpermissionIds: '' }, { token: admin }), '保存成功！');
    expect(expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin })).sort()).toEqual([...grant].sort());
    const granted = await menuOf(userToken);
    expect(granted.paths).toEqual(['/dashboard/analysis', '/isystem', '/isystem/user']);
    expect(granted.actions).toEqual(['system:user:add']);
    // the new button is honoured by the server at once
    expectOk(await s.api.post('/sys/user/add', { username: 'audit2', realname: '审计二', password: 'Audit-pass2' }, { token: userToken }), '添加成功！');
    expectEnvelope(await s.api.put('/sys/user/edit', { id: role.id, realname: 'x' }, { token: userToken }), { status: 403 });

    // only the difference between before and after is written: the user menu goes, the button stays
    const next = [permIdByUrl.get('/isystem')!, permIdByPerms.get('system:user:add')!, permIdByUrl.get('/isystem/role')!];
    expectOk(await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: next.join(','), lastpermissionIds: grant.join(',') }, { token: admin }));
    expect(expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin })).sort()).toEqual([...next].sort());
    expect((await menuOf(userToken)).paths).toEqual(['/dashboard/analysis', '/isystem', '/isystem/role']);

    // without lastpermissionIds the list replaces the role's grants
    expectOk(await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: permIdByUrl.get('/dashboard/workplace')! }, { token: admin }));
    expect(expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }))).toEqual([permIdByUrl.get('/dashboard/workplace')]);
    expect(await menuOf(userToken)).toEqual({ paths: ['/dashboard/analysis', '/dashboard/workplace'], actions: [] });
  });

  it('refuses unknown permission ids, unknown roles and callers without the 授权 button', async () => {
    const role = await roleByCode('auditor');
    const before = expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }));
    const res = await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: `${permIdByUrl.get('/isystem')},no-such-permission` }, { token: admin });
    expectEnvelope(res, { status: 400, success: false, message: '权限不存在: no-such-permission' });
    expect(expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }))).toEqual(before);
    expectEnvelope(await s.api.post('/sys/permission/saveRolePermission', { roleId: 'nope', permissionIds: '' }, { token: admin }), { status: 400, message: '角色不存在' });
    expectEnvelope(await s.api.post('/sys/permission/saveRolePermission', { permissionIds: '' }, { token: admin }), { status: 400, message: '缺少参数 roleId' });
    expectEnvelope(await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: { a: 1 } }, { token: admin }), { status: 400, message: /^参数错误/ });
    expectEnvelope(await s.api.get('/sys/permission/queryRolePermission', { token: admin }), { status: 400, message: '缺少参数 roleId' });
    expectEnvelope(await s.api.post('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: permIdByUrl.get('/isystem')! }, { token: applicant }),
      { status: 403, message: '没有权限，请联系管理员授权' });
    expect(expectOk(await s.api.get(`/sys/permission/queryRolePermission?roleId=${role.id}`, { token: admin }))).toEqual(before);
  });

  it('role codes are unique and the admin role cannot be renamed or deleted', async () => {
    expectEnvelope(await s.api.post('/sys/role/add', { roleName: '又一个', roleCode: 'auditor' }, { token: admin }), { status: 400, message: '角色编码已存在' });
    expectEnvelope(await s.api.post('/sys/role/add', { roleName: '坏编码', roleCode: '1x y' }, { token: admin }), { status: 400, message: '角色编码需以字母开头，只能包含字母、数字和下划线' });
    expectRefused(await s.api.get('/sys/role/checkRoleCode?roleCode=auditor', { token: admin }), '角色编码已存在');
    const auditor = await roleByCode('auditor');
    expectOk(await s.api.get(`/sys/role/checkRoleCode?roleCode=auditor&id=${auditor.id}`, { token: admin }), '该值可用！');
    const adminRole = await roleByCode('admin');
    expectEnvelope(await s.api.put('/sys/role/edit', { id: adminRole.id, roleCode: 'boss' }, { token: admin }), { status: 400, message: 'admin角色编码不允许修改' });
    expectOk(await s.api.put('/sys/role/edit', { id: adminRole.id, roleName: '超级管理员' }, { token: admin }), '编辑成功!');
    expectEnvelope(await s.api('DELETE', `/sys/role/deleteBatch?ids=${auditor.id},${adminRole.id}`, { token: admin }), { status: 400, message: 'admin角色，不允许删除！' });
    expectEnvelope(await s.api('DELETE', `/sys/role/delete?id=${adminRole.id}`, { token: admin }), { status: 400, message: 'admin角色，不允许删除！' });
    expect((await roleByCode('admin')).roleName).toBe('超级管理员');
    expect((await roleByCode('auditor')).roleName).toBe('审计员');
    expect(expectOk(await s.api.get('/sys/role/queryall', { token: admin })).map((r: any) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'auditor', 'applicant']));
  });

  it('the role’s users: list, add and remove, and a role delete takes its links with it', async () => {
    const role = await roleByCode('auditor');
    const users = (query: string) => s.api.get(`/sys/user/userRoleList?roleId=${role.id}&${query}`, { token: admin });
    expect(expectOk(await users('')).records.map((u: any) => u.username)).toEqual(['audit1']);
    const reviewer = (await s.db.selectFrom('sysUser').select('id').where('username', '=', 'reviewer').executeTakeFirstOrThrow()).id;
    const audit1 = (await s.db.selectFrom('sysUser').select('id').where('username', '=', 'audit1').executeTakeFirstOrThrow()).id;
    expectOk(await s.api.post('/sys/user/addSysUserRole', { roleId: role.id, userIdList: [reviewer, audit1] }, { token: admin }), '添加成功!');
    const listed = expectOk(await users('pageSize=1'));
    expect(listed.total).toBe(2);
    expect(listed.records[0]).not.toHaveProperty('password');
    expect(expectOk(await users('username=rev')).records.map((u: any) => u.username)).toEqual(['reviewer']);
    expectEnvelope(await s.api.post('/sys/user/addSysUserRole', { roleId: role.id, userIdList: ['ghost'] }, { token: admin }), { status: 400, message: '所选用户不存在' });
    expectEnvelope(await s.api.post('/sys/user/addSysUserRole', { roleId: role.id, userIdList: [reviewer] }, { token: applicant }), { status: 403 });
    expectOk(await s.api('DELETE', `/sys/user/deleteUserRole?roleId=${role.id}&userId=${reviewer}`, { token: admin }), '删除成功!');
    expect(expectOk(await users('')).total).toBe(1);

    expectOk(await s.api('DELETE', `/sys/role/delete?id=${role.id}`, { token: admin }), '删除成功!');
    expect(await s.db.selectFrom('sysUserRole').select('id').where('roleId', '=', role.id).execute()).toEqual([]);
    expect(await s.db.selectFrom('sysRolePermission').select('id').where('roleId', '=', role.id).execute()).toEqual([]);
    expect((await menuOf(await s.login('audit1', 'Audit-pass1'))).paths).toEqual(['/dashboard/analysis']);
    expectEnvelope(await users(''), { status: 400, message: '角色不存在' });
  });

  it('a user without role buttons gets 403 on role writes', async () => {
    const expert = await roleByCode('expert');
    expectEnvelope(await s.api.post('/sys/role/add', { roleName: 'x', roleCode: 'x1' }, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api.put('/sys/role/edit', { id: expert.id, roleName: 'x' }, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api('DELETE', `/sys/role/delete?id=${expert.id}`, { token: applicant }), { status: 403 });
    expect((await roleByCode('expert')).roleName).toBe('评审专家');
  });
});
