/* eslint-disable @typescript-eslint/no-explicit-any */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * A department role (部门角色) takes effect as in JeecgBoot (issue 41): its holder is granted what
 * 部门角色授权 gave it, within the department's 部门权限, in their menu and in every server check; a
 * change to any of it is seen at once, though the holder's grants and menu were just cached; and
 * the 数据规则 a department offers and its role selects restrict the holder's rows.
 */
describe(`department roles grant their holders menus, buttons and data rules [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let clerk: string;
  let clerkId: string;
  let depart: string;
  let role: string;
  let menu: any;
  let addButton: any;
  let editButton: any;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    [depart] = expectOk(await s.api.get('/sys/sysDepart/queryTreeList', { token: admin })).map((d: any) => d.id);
    // A member of the department holding no role at all.
    expectOk(await s.api.post('/sys/user/add', { username: 'deptclerk', realname: '部门文员', password: ADMIN_PASSWORD, phone: '13900000077', selectedroles: '', selecteddeparts: depart }, { token: admin }));
    clerk = await s.login('deptclerk');
    clerkId = (await (s.db as any).selectFrom('sysUser').select('id').where('username', '=', 'deptclerk').executeTakeFirstOrThrow()).id;
    const tree = expectOk(await s.api.get('/sys/permission/list', { token: admin }));
    menu = (function find(nodes: any[]): any { for (const n of nodes) { if (n.url === '/isystem/position') return n; const f = find(n.children ?? []); if (f) return f; } return null; })(tree);
    addButton = menu.children.find((b: any) => b.perms === 'system:position:add');
    editButton = menu.children.find((b: any) => b.perms === 'system:position:edit');
    expectOk(await post('/sys/sysDepartRole/add', { roleName: '职务专员', roleCode: 'position_clerk', description: '', departId: depart }));
    role = expectOk(await s.api.get(`/sys/sysDepartRole/list?deptId=${depart}&pageNo=1&pageSize=10`, { token: admin })).records.find((r: any) => r.roleCode === 'position_clerk').id;
  });
  afterAll(async () => { await s?.close(); });

  const post = (p: string, body: unknown, token = admin) => s.api.post(p, body, { token });
  const menuOf = async (token = clerk) => expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token }));
  const urls = (m: any): string[] => (function walk(nodes: any[]): string[] { return nodes.flatMap((n) => [n.path, ...walk(n.children ?? [])]); })(m.menu);
  const addPosition = (code: string, token = clerk) => post('/sys/position/add', { code, name: `职务${code}` }, token);
  const grantDepart = (ids: string[], last: string[] = []) => post('/sys/permission/saveDepartPermission', { departId: depart, permissionIds: ids.join(','), lastpermissionIds: last.join(',') });
  const grantRole = (ids: string[], last: string[] = []) => post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role, permissionIds: ids.join(','), lastpermissionIds: last.join(',') });
  const holdRole = (held: boolean) => post('/sys/sysDepartRole/deptRoleUserAdd', held ? { userId: clerkId, newRoleId: role, oldRoleId: '' } : { userId: clerkId, newRoleId: '', oldRoleId: role });
  /** Asks twice after the session cache's quiet second, so the clerk's grants and menu are cached when the next write comes. */
  const cached = async () => {
    await sleep(1100);
    await menuOf();
    await s.api.get('/sys/position/list', { token: clerk });
    expect(s.app.ctx.sessions.grantsOf(clerkId)).toBeDefined();
  };

  it('the holder of a department role alone sees its menu and may use its button; revoking it ends both at once', async () => {
    expect(urls(await menuOf())).not.toContain('/isystem/position');
    expectEnvelope(await addPosition('DR1'), { status: 403 });
    expectOk(await grantDepart([menu.id, addButton.id, editButton.id]), '保存成功！');
    expectOk(await grantRole([menu.id, addButton.id]), '保存成功！');
    expectOk(await holdRole(true), '添加成功！');

    const granted = await menuOf();
    expect(urls(granted)).toContain('/isystem/position');
    expect(granted.auth.map((a: any) => a.action)).toEqual(expect.arrayContaining(['system:position:add']));
    expect(granted.auth.map((a: any) => a.action)).not.toContain('system:position:edit');
    expectOk(await addPosition('DR1'), '添加成功！');
    expectOk(await s.api.get('/sys/position/list', { token: clerk }));

    // The role loses its button: the menu stays, the button's route is refused at once.
    await cached();
    expectOk(await grantRole([menu.id], [menu.id, addButton.id]));
    expectEnvelope(await addPosition('DR2'), { status: 403 });
    expect((await menuOf()).auth.map((a: any) => a.action)).not.toContain('system:position:add');
    expect(urls(await menuOf())).toContain('/isystem/position');

    // The clerk no longer holds the role: the menu goes at once.
    expectOk(await grantRole([menu.id, addButton.id], [menu.id]));
    await cached();
    expectOk(await holdRole(false));
    expect(urls(await menuOf())).not.toContain('/isystem/position');
    expectEnvelope(await s.api.get('/sys/position/list', { token: clerk }), { status: 403 });
    expectEnvelope(await addPosition('DR3'), { status: 403 });

    // Held again, then the department is taken out of the clerk's departments: the role counts no more.
    expectOk(await holdRole(true));
    expectOk(await addPosition('DR3'));
    await cached();
    await (s.db as any).deleteFrom('sysUserDepart').where('userId', '=', clerkId).execute();
    expectEnvelope(await addPosition('DR4'), { status: 403 });
    await (s.db as any).insertInto('sysUserDepart').values({ id: `ud${Date.now()}`, userId: clerkId, depId: depart }).execute();
    expectOk(await addPosition('DR4'));
  });

  it('never grants beyond the department\'s 部门权限: a grant outside it is refused, and one left behind grants nothing', async () => {
    expectOk(await grantDepart([menu.id, addButton.id], [menu.id, addButton.id, editButton.id]));
    expectOk(await holdRole(true));
    expectEnvelope(await grantRole([menu.id, addButton.id, editButton.id], [menu.id, addButton.id]), { status: 400, message: '只能授予部门已有的权限' });
    // A row written past the check (an older database, an import) is still bounded by the department's grants.
    await (s.db as any).insertInto('sys_depart_role_permission').values({ id: `drp${Date.now()}`, roleId: role, departId: depart, permissionId: editButton.id }).execute();
    const actions = (await menuOf()).auth.map((a: any) => a.action);
    expect(actions).toContain('system:position:add');
    expect(actions).not.toContain('system:position:edit');
    expectEnvelope(await s.api.put('/sys/position/edit', { id: 'x', name: 'y' }, { token: clerk }), { status: 403 });
    // The department takes the menu back: its role's grants go with it, at once.
    await cached();
    expectOk(await grantDepart([], [menu.id, addButton.id]));
    expect(expectOk(await s.api.get(`/sys/sysDepartPermission/queryDeptRolePermission?roleId=${role}`, { token: admin }))).not.toContain(addButton.id);
    expect(urls(await menuOf())).not.toContain('/isystem/position');
    expectEnvelope(await addPosition('DR5'), { status: 403 });
  });

  it('数据规则: the department offers a menu\'s rules, its role selects among them, and they restrict the holder\'s rows', async () => {
    expectOk(await grantDepart([menu.id, addButton.id]));
    expectOk(await grantRole([menu.id, addButton.id]));
    const rule = (name: string, value: string) => post('/sys/permission/addPermissionRule', { permissionId: menu.id, ruleName: name, ruleColumn: 'code', ruleConditions: 'RIGHT_LIKE', ruleValue: value, status: '1' });
    expectOk(await rule('只看DR', 'DR'));
    expectOk(await rule('只看DR1', 'DR1'));
    const rules = expectOk(await s.api.get(`/sys/permission/getPermRuleListByPermId?permissionId=${menu.id}`, { token: admin }));
    const [dr, dr1] = ['只看DR', '只看DR1'].map((n) => rules.find((r: any) => r.ruleName === n).id);

    // 部门权限 › 数据规则: every rule of the menu, none ticked; the department offers both.
    const offered = expectOk(await s.api.get(`/sys/sysDepartPermission/datarule/${menu.id}/${depart}`, { token: admin }));
    expect(offered.datarule.map((r: any) => r.id).sort()).toEqual([dr, dr1].sort());
    expect(offered.drChecked).toBe('');
    expectOk(await post('/sys/sysDepartPermission/datarule', { permissionId: menu.id, departId: depart, dataRuleIds: dr }), '保存成功!');
    expect(expectOk(await s.api.get(`/sys/sysDepartPermission/datarule/${menu.id}/${depart}`, { token: admin })).drChecked).toBe(dr);
    expectEnvelope(await post('/sys/sysDepartPermission/datarule', { permissionId: editButton.id, departId: depart, dataRuleIds: dr }), { status: 400, message: '请先保存部门菜单权限!' });

    // 部门角色授权 › 数据规则: only what the department offers; a rule it does not offer is refused.
    const forRole = expectOk(await s.api.get(`/sys/sysDepartRole/datarule/${menu.id}/${depart}/${role}`, { token: admin }));
    expect(forRole.datarule.map((r: any) => r.id)).toEqual([dr]);
    expectEnvelope(await post('/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId: role, dataRuleIds: `${dr},${dr1}` }), { status: 400, message: `只能选择部门已有的数据规则: ${dr1}` });
    expectEnvelope(await post('/sys/sysDepartRole/datarule', { permissionId: editButton.id, roleId: role, dataRuleIds: dr }), { status: 400, message: '请先保存角色菜单权限!' });
    const codes = async () => expectOk(await s.api.get('/sys/position/list?pageNo=1&pageSize=100', { token: clerk })).records.map((r: any) => r.code);
    expectOk(await post('/sys/position/add', { code: 'ZZ9', name: '别的职务' }));
    expect(await codes()).toContain('ZZ9');
    await cached();
    expectOk(await post('/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId: role, dataRuleIds: dr }), '保存成功!');
    expect(expectOk(await s.api.get(`/sys/sysDepartRole/datarule/${menu.id}/${depart}/${role}`, { token: admin })).drChecked).toBe(dr);
    const seen = await codes();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((c: string) => c.startsWith('DR'))).toBe(true);

    // The department offers the rule no more: its role forgets it, and the holder sees every row again.
    await cached();
    expectOk(await post('/sys/sysDepartPermission/datarule', { permissionId: menu.id, departId: depart, dataRuleIds: '' }));
    expectEnvelope(await s.api.get(`/sys/sysDepartRole/datarule/${menu.id}/${depart}/${role}`, { token: admin }), { success: false, message: '未找到权限配置信息' });
    expect((await (s.db as any).selectFrom('sys_depart_role_permission').select('dataRuleIds').where('roleId', '=', role).where('permissionId', '=', menu.id).executeTakeFirstOrThrow()).dataRuleIds).toBeNull();
    expect(await codes()).toContain('ZZ9');
    // A deleted rule is forgotten by the department that offered it.
    expectOk(await post('/sys/sysDepartPermission/datarule', { permissionId: menu.id, departId: depart, dataRuleIds: `${dr},${dr1}` }));
    expectOk(await s.api('DELETE', `/sys/permission/deletePermissionRule?id=${dr1}`, { token: admin }));
    expect((await (s.db as any).selectFrom('sys_depart_permission').select('dataRuleIds').where('departId', '=', depart).where('permissionId', '=', menu.id).executeTakeFirstOrThrow()).dataRuleIds).toBe(dr);
  });

  it('a report\'s menu entry granted through a department role runs the report for its holder', async () => {
    expectOk(await post('/online/cgreport/head/add', {
      code: 'depart_role_report', name: '部门角色报表', cgrSql: 'select username from sys_user',
      onl_cgreport_itemList: [{ fieldName: 'username', fieldTxt: '账号', isShow: 1, isSearch: 0, orderNum: 0 }],
    }));
    const reportId = expectOk(await s.api.get('/online/cgreport/api/getRpColumns/depart_role_report', { token: admin })).cgRpConfigId;
    expectOk(await post('/sys/permission/add', { menuType: 1, parentId: menu.parentId, name: '部门角色报表', url: `/online/cgreport/${reportId}`, component: 'modules/online/cgreport/auto/OnlCgreportAutoList', sortNo: 1 }));
    const entry = (await (s.db as any).selectFrom('sysPermission').select('id').where('url', '=', `/online/cgreport/${reportId}`).executeTakeFirstOrThrow()).id;
    expectEnvelope(await s.api.get(`/online/cgreport/api/getData/${reportId}`, { token: clerk }), { status: 403 });
    expectOk(await grantDepart([entry]));
    expectOk(await grantRole([entry]));
    expectOk(await holdRole(true));
    expectOk(await s.api.get(`/online/cgreport/api/getData/${reportId}`, { token: clerk }));
    expectOk(await holdRole(false));
    expectEnvelope(await s.api.get(`/online/cgreport/api/getData/${reportId}`, { token: clerk }), { status: 403 });
  });

  it('a deleted department takes its 部门权限 and 部门角色 with it, their grants and holders too', async () => {
    expectOk(await post('/sys/sysDepart/add', { departName: '临时科室', parentId: depart }));
    const temp = (await (s.db as any).selectFrom('sysDepart').select('id').where('departName', '=', '临时科室').executeTakeFirstOrThrow()).id;
    expectOk(await post('/sys/permission/saveDepartPermission', { departId: temp, permissionIds: menu.id, lastpermissionIds: '' }));
    expectOk(await post('/sys/sysDepartRole/add', { roleName: '临时角色', roleCode: 'temp_role', description: '', departId: temp }));
    const tempRole = expectOk(await s.api.get(`/sys/sysDepartRole/list?deptId=${temp}&pageNo=1&pageSize=10`, { token: admin })).records[0].id;
    expectOk(await post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: tempRole, permissionIds: menu.id, lastpermissionIds: '' }));
    // A holder left from when the clerk was a member.
    await (s.db as any).insertInto('sys_depart_role_user').values({ id: `dru${Date.now()}`, userId: clerkId, droleId: tempRole }).execute();
    expectOk(await s.api('DELETE', `/sys/sysDepart/delete?id=${temp}`, { token: admin }), '删除成功!');
    const left = async (table: string, column: string, value: string) => (await (s.db as any).selectFrom(table).select('id').where(column, '=', value).execute()).length;
    expect([await left('sys_depart_permission', 'departId', temp), await left('sys_depart_role', 'departId', temp),
      await left('sys_depart_role_permission', 'roleId', tempRole), await left('sys_depart_role_user', 'droleId', tempRole)]).toEqual([0, 0, 0, 0]);
  });

  it('the datarule routes are for 部门管理\'s holders and buttons only', async () => {
    const applicant = await s.login('applicant');
    expectEnvelope(await s.api.get(`/sys/sysDepartPermission/datarule/${menu.id}/${depart}`, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api.get(`/sys/sysDepartRole/datarule/${menu.id}/${depart}/${role}`, { token: applicant }), { status: 403 });
    expectEnvelope(await post('/sys/sysDepartPermission/datarule', { permissionId: menu.id, departId: depart, dataRuleIds: '' }, applicant), { status: 403 });
    expectEnvelope(await post('/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId: role, dataRuleIds: '' }, applicant), { status: 403 });
  });
});
