import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface MenuNode { id: string; path: string; name: string; component: string | null; meta: any; children?: MenuNode[] }
const flat = <T extends { children?: T[] | null }>(nodes: T[]): T[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** Menus and buttons (schemas/system/sys_permission.json + src/server/modules/permission). */
describe(`menus: /sys/permission [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const add = (body: Record<string, unknown>, token = admin) => s.api.post('/sys/permission/add', body, { token });
  const row = (name: string) => s.db.selectFrom('sysPermission').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const adminMenus = async () => expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: admin }));

  it('a new menu with a button shows in the administrator’s menus and buttons at once', async () => {
    expectOk(await add({ menuType: 0, name: '报表中心', url: 'report', icon: 'bar-chart', sortNo: 50 }), '添加成功！');
    const top = await row('报表中心');
    expect(top).toMatchObject({ parentId: null, url: '/report', component: 'layouts/RouteView', isLeaf: 1, isRoute: 1, hidden: 0, sortNo: 50 });
    expectOk(await add({ menuType: 1, name: '销售报表', parentId: top.id, url: '/report/sales', component: '/views/report/SalesList.vue', sortNo: 1 }), '添加成功！');
    const sales = await row('销售报表');
    expect(sales).toMatchObject({ parentId: top.id, component: 'report/SalesList', isLeaf: 1 });
    expect((await row('报表中心')).isLeaf).toBe(0);
    expectOk(await add({ menuType: 2, name: '导出销售', parentId: sales.id, perms: 'report:sales:export' }), '添加成功！');
    expect(await row('导出销售')).toMatchObject({ status: '1', permsType: '1', isRoute: 0, isLeaf: 1 });
    expect((await row('销售报表')).isLeaf).toBe(0);

    // the administrator role holds every menu and button: the new ones are granted to it, to nobody else
    const adminRole = await s.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow();
    const ids = [top.id, sales.id, (await row('导出销售')).id];
    const grants = await s.db.selectFrom('sysRolePermission').select(['roleId', 'permissionId']).where('permissionId', 'in', ids).execute();
    expect(grants.map((g) => g.roleId)).toEqual([adminRole.id, adminRole.id, adminRole.id]);

    const perms = await adminMenus();
    const report = perms.menu.find((n: MenuNode) => n.path === '/report');
    expect(report).toMatchObject({ name: 'report', component: 'layouts/RouteView', meta: { title: '报表中心', icon: 'bar-chart' } });
    expect(report.children.map((c: MenuNode) => [c.path, c.name, c.component])).toEqual([['/report/sales', 'report-sales', 'report/SalesList']]);
    expect(perms.auth).toContainEqual({ action: 'report:sales:export', type: '1', describe: '导出销售' });
    expect(perms.allAuth).toContainEqual({ action: 'report:sales:export', status: '1', type: '1', describe: '导出销售' });
    // and the user without the grant sees nothing of it
    const other = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: applicant }));
    expect(flat<MenuNode>(other.menu).map((n) => n.path)).not.toContain('/report');
  });

  it('treeList answers the whole menu tree with every column, in sort order', async () => {
    const tree = expectOk(await s.api.get('/sys/permission/treeList', { token: admin }));
    const report = tree.find((n: any) => n.name === '报表中心');
    expect(report).toMatchObject({ key: report.id, title: '报表中心', menuType: 0, leaf: false, url: '/report' });
    expect(report.children[0]).toMatchObject({ name: '销售报表', leaf: false });
    expect(report.children[0].children[0]).toMatchObject({ name: '导出销售', perms: 'report:sales:export', leaf: true });
    expect(report.children[0].children[0]).not.toHaveProperty('children');
    expect(tree[0].name).toBe('首页');
    const count = (await s.db.selectFrom('sysPermission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(flat<any>(tree)).toHaveLength(Number(count));
  });

  it('refuses menus that break the tree or the router', async () => {
    const sales = await row('销售报表');
    const button = await row('导出销售');
    const refusals: [Record<string, unknown>, string][] = [
      [{ menuType: 1, name: '无父子菜单', url: '/x1' }, '请选择上级菜单'],
      [{ menuType: 1, name: '错父', parentId: 'no-such-menu', url: '/x2' }, '上级菜单不存在'],
      [{ menuType: 2, name: '按钮下按钮', parentId: button.id, perms: 'x:y' }, '按钮下不能再添加菜单或按钮'],
      [{ menuType: 2, name: '无标识按钮', parentId: sales.id }, '按钮的授权标识不能为空'],
      [{ menuType: 1, name: '重复路径', parentId: sales.id, url: '/report/sales' }, '访问路径不能重复，请重新输入！'],
      [{ menuType: 3, name: '坏类型' }, '菜单类型不能大于2'],
      [{ name: '无类型' }, '菜单类型不能为空'],
      [{ menuType: 0, name: '坏开关', hidden: 5 }, '隐藏路由不能大于1'],
    ];
    for (const [body, message] of refusals) expectEnvelope(await add(body), { status: 400, success: false, message });
    const top = await row('报表中心');
    expectEnvelope(await s.api.put('/sys/permission/edit', { id: top.id, menuType: 1, parentId: sales.id }, { token: admin }), { status: 400, message: '上级菜单不能是当前菜单或其下级' });
    expectEnvelope(await s.api.put('/sys/permission/edit', { id: sales.id, menuType: 2, perms: 'a:b' }, { token: admin }), { status: 400, message: '该菜单下有子菜单或按钮，不能改为按钮' });
    // a null switch is its default, not a database error
    expectOk(await s.api.put('/sys/permission/edit', { id: sales.id, hidden: null, sortNo: null }, { token: admin }), '编辑成功!');
    expect(await row('销售报表')).toMatchObject({ hidden: 0, sortNo: 0 });
  });

  it('moving a menu keeps both parents’ leaf flags right', async () => {
    const top = await row('报表中心');
    expectOk(await add({ menuType: 1, name: '库存报表', parentId: top.id, url: '/report/stock' }));
    const stock = await row('库存报表');
    const system = await s.db.selectFrom('sysPermission').select(['id', 'isLeaf']).where('url', '=', '/isystem').executeTakeFirstOrThrow();
    const workplace = await s.db.selectFrom('sysPermission').select(['id', 'isLeaf']).where('url', '=', '/dashboard/workplace').executeTakeFirstOrThrow();
    expect(workplace.isLeaf).toBe(1);
    expectOk(await s.api.put('/sys/permission/edit', { id: stock.id, parentId: workplace.id }, { token: admin }));
    expect((await s.db.selectFrom('sysPermission').select('isLeaf').where('id', '=', workplace.id).executeTakeFirstOrThrow()).isLeaf).toBe(0);
    expectOk(await s.api.put('/sys/permission/edit', { id: stock.id, parentId: system.id }, { token: admin }));
    expect((await s.db.selectFrom('sysPermission').select('isLeaf').where('id', '=', workplace.id).executeTakeFirstOrThrow()).isLeaf).toBe(1);
    expectOk(await s.api('DELETE', `/sys/permission/delete?id=${stock.id}`, { token: admin }), '删除成功!');
  });

  it('deleting a menu deletes its sub-menus, buttons and role grants, and the menus follow', async () => {
    const top = await row('报表中心');
    const sales = await row('销售报表');
    const button = await row('导出销售');
    const all = [top.id, sales.id, button.id];
    expect((await s.db.selectFrom('sysRolePermission').select('id').where('permissionId', 'in', all).execute()).length).toBe(3);
    expectOk(await s.api('DELETE', `/sys/permission/delete?id=${top.id}`, { token: admin }), '删除成功!');
    expect(await s.db.selectFrom('sysPermission').select('id').where('id', 'in', all).execute()).toEqual([]);
    expect(await s.db.selectFrom('sysRolePermission').select('id').where('permissionId', 'in', all).execute()).toEqual([]);
    const perms = await adminMenus();
    expect(flat<MenuNode>(perms.menu).map((n) => n.path)).not.toContain('/report');
    expect(perms.allAuth.map((a: any) => a.action)).not.toContain('report:sales:export');

    // deleting a button alone makes its menu a leaf again
    const workplace = await s.db.selectFrom('sysPermission').select('id').where('url', '=', '/dashboard/workplace').executeTakeFirstOrThrow();
    expectOk(await add({ menuType: 2, name: '临时按钮', parentId: workplace.id, perms: 'tmp:btn' }));
    const leafOf = async () => (await s.db.selectFrom('sysPermission').select('isLeaf').where('id', '=', workplace.id).executeTakeFirstOrThrow()).isLeaf;
    expect(await leafOf()).toBe(0);
    expectOk(await s.api('DELETE', `/sys/permission/delete?id=${(await row('临时按钮')).id}`, { token: admin }));
    expect(await leafOf()).toBe(1);
  });

  it('only holders of the menu buttons may change menus', async () => {
    const home = await s.db.selectFrom('sysPermission').select(['id', 'name']).where('url', '=', '/dashboard/analysis').executeTakeFirstOrThrow();
    expectEnvelope(await add({ menuType: 0, name: '偷加', url: '/steal' }, applicant), { status: 403, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await s.api.put('/sys/permission/edit', { id: home.id, name: '改名' }, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api('DELETE', `/sys/permission/delete?id=${home.id}`, { token: applicant }), { status: 403 });
    expect((await row('首页')).id).toBe(home.id);
  });
});
