import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type ApiResponse, type TestServer } from '../helpers/server.js';

/**
 * The JeecgBoot Vue 2 client (jeecgboot/ant-design-vue-jeecg) as it talks to the server: per screen,
 * the requests exactly as its code sends them (method, JSON or multipart, parameter names, the list
 * mixin's `_t`/`field`/`column`/`order`/paging, trailing commas in id lists, empty values, form state
 * sent back with a row) and the fields and types its views read. Routes another test covers
 * (jeecg-client-routes.test.ts) are left out.
 */

type Params = Record<string, string | number | boolean | null | undefined>;

/** What JeecgListMixin.getQueryParams sends: sort, `field`, paging, the query; filterObj drops null and ''. */
function listParams(query: Params, columns: string[], extra: Params = {}): Params {
  return { column: 'createTime', order: 'desc', ...query, field: `id,${columns.map((c) => `,${c}`).join('')}`, pageNo: 1, pageSize: 10, ...extra };
}

/** axios getAction: `_t` (seconds) first, then the params, URL-encoded. */
function qs(params: Params, filterEmpty = true): string {
  const all: Params = { _t: Math.floor(Date.now() / 1000), ...params };
  return Object.entries(all)
    .filter(([, v]) => v !== undefined && (!filterEmpty || (v !== null && v !== '')))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v ?? ''))}`).join('&');
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Each named field present with one of the given JSON types (what the screen's columns and forms read). */
function expectFields(row: Record<string, unknown>, fields: Record<string, string>): void {
  for (const [name, types] of Object.entries(fields)) {
    expect(row, `field ${name} of ${JSON.stringify(row).slice(0, 200)}`).toHaveProperty(name);
    expect(types.split('|'), `type of ${name}`).toContain(typeOf(row[name]));
  }
}

describe(`the JeecgBoot Vue client's screens [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  const get = (path: string, params: Params = {}, filterEmpty = true) => s.api.get(`${path}?${qs(params, filterEmpty)}`, { token });
  const post = (path: string, body: unknown) => s.api.post(path, body, { token });
  const put = (path: string, body: unknown) => s.api.put(path, body, { token });
  const del = (path: string, params: Params) => s.api('DELETE', `${path}?${qs(params)}`, { token });
  const page = (res: ApiResponse) => {
    const result = expectOk(res);
    expectFields(result, { records: 'array', total: 'number' });
    return result.records as Record<string, any>[];
  };

  beforeAll(async () => {
    s = await startServer({ loginCaptcha: true });
  });
  afterAll(async () => { await s?.close(); });

  it('login: randomImage with a millisecond key, POST sys/login with remember_me, then the menus', async () => {
    const checkKey = Date.now();
    expect(expectOk(await s.api.get(`/sys/randomImage/${checkKey}?_t=${Math.floor(checkKey / 1000)}`))).toMatch(/^data:image\//);
    const captcha = await s.captchaCode(String(checkKey));
    const login = await s.api.post('/sys/login', { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Adm1n-Test-2025', captcha, checkKey, remember_me: true });
    expect(login.body.code).toBe(200);
    const result = login.body.result;
    expectFields(result, { token: 'string', userInfo: 'object', sysAllDictItems: 'object', multi_depart: 'number', departs: 'array' });
    expectFields(result.userInfo, { id: 'string', username: 'string', realname: 'string', avatar: 'string|null', orgCode: 'string|null' });
    expectFields(result.sysAllDictItems.sex[0], { value: 'string', text: 'string', title: 'string', label: 'string' });
    token = result.token;
    const perms = expectOk(await get('/sys/permission/getUserPermissionByToken'));
    expectFields(perms, { menu: 'array', auth: 'array', allAuth: 'array', sysSafeMode: 'boolean' });
    expectFields(perms.menu[0], { path: 'string', component: 'string', meta: 'object' });
  });

  it('user: the list as the mixin asks, add with the whole form, edit with the list row sent back', async () => {
    const columns = ['username', 'realname', 'avatar', 'sex_dictText', 'birthday', 'phone', 'orgCodeTxt', 'departIds_dictText', 'status_dictText', 'action'];
    const departs = expectOk(await get('/sys/sysDepart/queryTreeList'));
    const roles = expectOk(await get('/sys/role/queryall'));
    const depart = departs[0].id as string;
    // UserModal.add: {activitiSync:'1', userIdentity:1} plus the form, selectedroles/selecteddeparts, id '' (no generated id)
    const form = {
      activitiSync: '1', userIdentity: 2, selectedroles: `${roles[0].id}`, selecteddeparts: depart, departIds: depart, relTenantIds: '',
      username: 'vue_user', password: 'Vue@pass123', confirmpassword: 'Vue@pass123', realname: '维优', workNo: 'V001', phone: '13800001111',
      post: '', avatar: '', birthday: '1990-01-02', sex: 1, email: 'vue@example.com', telephone: '', id: '',
    };
    expectOk(await post('/sys/user/add', form), '添加成功！');
    const [row] = page(await get('/sys/user/list', listParams({ username: '*vue_user*' }, columns)));
    expectFields(row, {
      id: 'string', username: 'string', realname: 'string', avatar: 'string|null', sex_dictText: 'string', birthday: 'string', phone: 'string',
      orgCodeTxt: 'string', departIds_dictText: 'string', status_dictText: 'string', status: 'number', userIdentity: 'number', departIds: 'string',
    });
    expect(row).toMatchObject({ userIdentity: 2, departIds: depart, departIds_dictText: departs[0].departName, orgCodeTxt: departs[0].departName, status: 1 });
    // UserList.handleEdit → UserModal.edit(record): the row as listed, the form's own keys, back through PUT
    const model = { selectedroles: '', selecteddeparts: '', ...row };
    expectOk(await put('/sys/user/edit', { ...model, realname: '维优二', selecteddeparts: depart, userIdentity: 1, departIds: '' }), '编辑成功!');
    const [edited] = page(await get('/sys/user/list', listParams({ username: 'vue_user' }, columns)));
    expect(edited).toMatchObject({ realname: '维优二', userIdentity: 1, departIds: '' });
    expect(expectOk(await get('/sys/user/queryUserRole', { userid: row.id }))).toEqual([roles[0].id]);
    // a declared field with a wrong type is still refused with its label
    expect((await put('/sys/user/edit', { ...row, sex: '男' })).body).toMatchObject({ success: false, message: '性别需要整数' });
    // frozenBatch with the trailing comma the list builds
    expectOk(await put('/sys/user/frozenBatch', { ids: `${row.id},`, status: 2 }));
    expectOk(await del('/sys/user/deleteBatch', { ids: `${row.id},` }));
  });

  it('role: list by roleName and createTime range, add and edit through the modal', async () => {
    const columns = ['roleName', 'roleCode', 'description', 'createTime', 'updateTime', 'action'];
    expectOk(await post('/sys/role/add', { roleName: 'Vue角色', roleCode: 'vue_role', description: '' }), '添加成功！');
    const rows = page(await get('/sys/role/list', listParams({ roleName: 'Vue角色', createTime_begin: '2000-01-01 00:00:00', createTime_end: '2099-12-31 23:59:59' }, columns)));
    expect(rows).toHaveLength(1);
    expectFields(rows[0], { id: 'string', roleName: 'string', roleCode: 'string', description: 'string|null', createTime: 'string', updateTime: 'string|null' });
    expectOk(await put('/sys/role/edit', { ...rows[0], description: '由Vue客户端编辑' }), '编辑成功!');
    expectOk(await del('/sys/role/deleteBatch', { ids: `${rows[0].id},` }));
  });

  it('menu: the whole tree as an array, queryTreeList nodes with leaf, a node edited with its tree keys sent back', async () => {
    const tree = expectOk(await get('/sys/permission/list'));
    expect(Array.isArray(tree)).toBe(true);
    const count = (nodes: any[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
    const total = expectOk(await get('/sys/permission/list', { pageNo: 1, pageSize: 1 })).total;
    expect(count(tree)).toBe(total);
    const parent = tree.find((n: any) => n.children?.length);
    expectFields(parent, { id: 'string', name: 'string', menuType: 'number', icon: 'string|null', component: 'string|null', url: 'string|null', sortNo: 'number', children: 'array', leaf: 'boolean' });
    const { treeList } = expectOk(await get('/sys/permission/queryTreeList'));
    expectFields(treeList[0], { key: 'string', title: 'string', leaf: 'boolean', isLeaf: 'boolean' });
    const flat = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const leaf = flat(tree).find((n) => n.leaf && n.menuType === 1);
    expect(leaf).not.toHaveProperty('children');
    // PermissionModal's switches (a-switch) answer booleans
    expect(leaf.route).toBe(true);
    expectOk(await put('/sys/permission/edit', { ...leaf, description: '由Vue编辑', hidden: true, keepAlive: false, route: false }), '编辑成功!');
    expect(expectOk(await get('/sys/permission/queryById', { id: leaf.id }))).toMatchObject({ description: '由Vue编辑', hidden: 1, keepAlive: 0, isRoute: 0 });
  });

  it('department: the tree, searchBy keyWord, add from the modal, edit with the selected tree node', async () => {
    const tree = expectOk(await get('/sys/sysDepart/queryTreeList'));
    expectFields(tree[0], { id: 'string', key: 'string', title: 'string', departName: 'string', orgCode: 'string', parentId: 'string|null', isLeaf: 'boolean' });
    expectOk(await post('/sys/sysDepart/add', { departOrder: 0, orgCategory: '2', departName: 'Vue部门', parentId: tree[0].id, mobile: '', fax: '', address: '', memo: '', directorUserIds: '' }), '添加成功！');
    const found = expectOk(await get('/sys/sysDepart/searchBy', { keyWord: 'Vue部门' }));
    expect(found).toHaveLength(1);
    expectOk(await put('/sys/sysDepart/edit', { ...found[0], memo: '由Vue编辑' }), '编辑成功!');
    expectOk(await del('/sys/sysDepart/deleteBatch', { ids: `${found[0].id},` }));
  });

  it('dictionary: list by name and code, add, items by dictId with status, item edit with its row', async () => {
    expectOk(await post('/sys/dict/add', { dictName: 'Vue字典', dictCode: 'vue_dict', description: '' }));
    const [dict] = page(await get('/sys/dict/list', listParams({ dictName: 'Vue字典', dictCode: 'vue_dict' }, ['dictName', 'dictCode', 'description', 'action'])));
    expectFields(dict, { id: 'string', dictName: 'string', dictCode: 'string', description: 'string|null' });
    expectOk(await post('/sys/dictItem/add', { sortOrder: 1, status: 1, itemText: '甲', itemValue: 'a', description: '', dictId: dict.id }));
    const [item] = page(await get('/sys/dictItem/list', listParams({ dictId: dict.id, itemText: '', status: '' }, ['itemText', 'itemValue', 'action'], { column: 'sortOrder', order: 'asc' })));
    expectFields(item, { id: 'string', itemText: 'string', itemValue: 'string', sortOrder: 'number', status: 'number' });
    expectOk(await put('/sys/dictItem/edit', { ...item, itemText: '乙', status: 1, dictId: dict.id }));
    expectOk(await put('/sys/dict/edit', { ...dict, description: '由Vue编辑' }));
  });

  it('numbers sent as strings, as Jackson binds them: 添加用户 "userIdentity":"1", 字典项 "sortOrder":"1","status":"1"', async () => {
    const roles = expectOk(await get('/sys/role/queryall'));
    const form = {
      activitiSync: '1', userIdentity: '1', selectedroles: `${roles[0].id}`, selecteddeparts: '', relTenantIds: '', departIds: '',
      username: 'vue_text_num', password: 'Vue@pass123', confirmpassword: 'Vue@pass123', realname: '文本数字', workNo: 'V009', phone: '13800001119', id: '',
    };
    expectOk(await post('/sys/user/add', form), '添加成功！');
    const [user] = page(await get('/sys/user/list', listParams({ username: 'vue_text_num' }, ['username'])));
    expect(user).toMatchObject({ userIdentity: 1 });
    // still refused: text that is no number, with the field's message
    expect((await put('/sys/user/edit', { ...user, userIdentity: '上级' })).body).toMatchObject({ success: false, message: '上级需要整数' });
    expect((await put('/sys/user/edit', { ...user, userIdentity: '1.0' })).body).toMatchObject({ success: false, message: '上级需要整数' });
    const [dict] = page(await get('/sys/dict/list', listParams({ dictCode: 'sex' }, ['dictName', 'dictCode'])));
    expectOk(await post('/sys/dictItem/add', { sortOrder: '1', status: '1', itemText: '未知', itemValue: '0', description: '', dictId: dict.id }));
    const items = page(await get('/sys/dictItem/list', listParams({ dictId: dict.id }, ['itemText', 'itemValue'], { column: 'sortOrder', order: 'asc' })));
    const item = items.find((i) => i.itemValue === '0')!;
    expect(item).toMatchObject({ sortOrder: 1, status: 1 });
    expectOk(await put('/sys/dictItem/edit', { ...item, sortOrder: ' 3 ', status: '0', dictId: dict.id }));
    expect(expectOk(await get('/sys/dictItem/queryById', { id: item.id }))).toMatchObject({ sortOrder: 3, status: 0 });
    expect((await post('/sys/dictItem/add', { sortOrder: 'x', status: '1', itemText: '坏', itemValue: 'bad', dictId: dict.id })).body)
      .toMatchObject({ success: false, message: expect.stringContaining('需要整数') });
  });

  it('the add forms\' bodies as the client sends them (issue 41): string numbers, empty strings, switches, trailing commas', async () => {
    const departs = expectOk(await get('/sys/sysDepart/queryTreeList'));
    // UserModal.add → {activitiSync:'1', userIdentity:1} and the drawer's inputs; the radio answers "1" once touched (observed in Chromium)
    expectOk(await post('/sys/user/add', {
      selectedroles: '', selecteddeparts: '', activitiSync: '1', userIdentity: '1', username: 'vue_form', password: 'Vue@pass123', confirmpassword: 'Vue@pass123',
      realname: '表单', workNo: 'VF01', phone: '13800002222', relTenantIds: '', departIds: '', id: '',
    }), '添加成功！');
    // DictItemModal.add → {sortOrder:1, status:1}; observed on the wire as text
    const [sex] = page(await get('/sys/dict/list', listParams({ dictCode: 'sex' }, ['dictCode'])));
    expectOk(await post('/sys/dictItem/add', { sortOrder: '1', status: '1', dictId: sex.id, itemText: '保密', itemValue: '3', description: '' }), '添加成功！');
    // PermissionModal.add → {status:'1', permsType:'1', sortNo:1.0, route:true, menuType:0, component:'layouts/RouteView'} and its switches
    expectOk(await post('/sys/permission/add', {
      status: '1', permsType: '1', sortNo: 1.0, route: true, menuType: 0, component: 'layouts/RouteView', name: 'Vue菜单', url: '/vueMenu', redirect: '',
      perms: '', icon: '', hidden: false, keepAlive: false, alwaysShow: false, internalOrExternal: false,
    }), '添加成功！');
    // DepartModal.add(depart) → {departOrder:0, orgCategory:'1'} and the form
    expectOk(await post('/sys/sysDepart/add', { departOrder: 0, orgCategory: '1', departName: 'Vue公司', parentId: '', mobile: '', fax: '', address: '', memo: '' }), '添加成功！');
    // SysPositionModal: postRank from the dictionary radio, a text
    expectOk(await post('/sys/position/add', { code: 'VUEF', name: 'Vue表单职务', postRank: '2' }), '添加成功！');
    // RoleModal: the three inputs
    expectOk(await post('/sys/role/add', { roleName: 'Vue表单角色', roleCode: 'vue_form_role', description: '' }), '添加成功！');
    // SysDepartRoleModal: the three inputs plus the department it was opened from (observed in Chromium)
    expectOk(await post('/sys/sysDepartRole/add', { roleName: '客户端角色', roleCode: 'vue_form_drole', description: '', departId: departs[0].id }), '添加成功！');
    // SysUserAgentModal: {userName, status:"0"} from queryByUserName's miss, then the form
    expectOk(await post('/sys/sysUserAgent/add', { userName: 'vue_form', status: '1', agentUserName: 'admin', startTime: '2026-01-01 00:00:00', endTime: '2026-02-01 00:00:00' }));
    // DepartAuthModal / DeptRoleAuthModal: the checked keys joined, with the tree's state before
    expectOk(await post('/sys/permission/saveDepartPermission', { departId: departs[0].id, permissionIds: '', lastpermissionIds: '' }), '保存成功！');
    // DeptUserInfo: users chosen in the picker; and their removal with the list's trailing comma
    const [user] = page(await get('/sys/user/list', listParams({ username: 'vue_form' }, ['username'])));
    expectOk(await post('/sys/user/editSysDepartWithUser', { depId: departs[0].id, userIdList: [user.id] }), '添加成功!');
    expectOk(await del('/sys/user/deleteUserInDepartBatch', { depId: departs[0].id, userIds: `${user.id},` }));
    // UserRecycleBinModal: ids joined with commas
    expectOk(await del('/sys/user/deleteBatch', { ids: `${user.id},` }));
    expectOk(await put('/sys/user/putRecycleBin', { userIds: `${user.id}` }), '还原成功');
  });

  it('announcement: list rows with delFlag, add with the trailing-comma user list, edit the row sent back', async () => {
    const me = expectOk(await get('/sys/user/list', listParams({ username: 'admin' }, ['username'])));
    const form = { titile: 'Vue通告', msgCategory: '1', priority: 'H', msgType: 'USER', userIds: `${me.records[0].id},`, startTime: '2025-01-01 00:00:00', endTime: '2099-01-01 00:00:00', msgAbstract: '摘要', msgContent: '<p>内容</p>' };
    expectOk(await post('/sys/annountCement/add', form));
    const columns = ['titile', 'msgCategory', 'sender', 'priority', 'msgType', 'sendStatus', 'sendTime', 'cancelTime', 'action'];
    const [row] = page(await get('/sys/annountCement/list', listParams({ titile: 'Vue通告', msgContent: '' }, columns)));
    expectFields(row, { id: 'string', titile: 'string', msgCategory: 'string', priority: 'string', msgType: 'string', sendStatus: 'string', delFlag: 'string', sender: 'string|null', sendTime: 'string|null', cancelTime: 'string|null' });
    expect(row.delFlag).toBe('0');
    expectOk(await put('/sys/annountCement/edit', { ...row, msgAbstract: '改过' }));
    expectOk(await get('/sys/annountCement/doReleaseData', { id: row.id }));
  });

  it('home: the notice bell lists what was published to me and marks it read', async () => {
    const bell = expectOk(await get('/sys/annountCement/listByUser'));
    expectFields(bell, { anntMsgList: 'array', anntMsgTotal: 'number', sysMsgList: 'array', sysMsgTotal: 'number' });
    const mine = bell.anntMsgList.find((a: any) => a.titile === 'Vue通告');
    expectFields(mine, { id: 'string', titile: 'string', sendTime: 'string', priority: 'string' });
    expectOk(await put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: mine.id }));
    expect(expectOk(await get('/sys/annountCement/listByUser')).anntMsgTotal).toBe(bell.anntMsgTotal - 1);
  });

  it('position: list by code, name and rank with dictionary text, add and edit the row', async () => {
    expectOk(await post('/sys/position/add', { code: 'VUE1', name: 'Vue职务', postRank: '3' }), '添加成功！');
    const [row] = page(await get('/sys/position/list', listParams({ code: 'VUE1', name: '', postRank: '3' }, ['code', 'name', 'postRank_dictText', 'action'])));
    expectFields(row, { id: 'string', code: 'string', name: 'string', postRank: 'string', postRank_dictText: 'string' });
    expectOk(await put('/sys/position/edit', { ...row, name: 'Vue职务二' }), '编辑成功!');
  });

  it('job: list by class name and status, the row edited as the modal sends it back, pause and resume', async () => {
    const columns = ['jobClassName', 'cronExpression', 'parameter', 'description', 'status', 'action'];
    const [row] = page(await get('/sys/quartzJob/list', listParams({ jobClassName: 'org.jeecg.modules.quartz.job.SampleJob', status: '' }, columns)));
    expectFields(row, { id: 'string', jobClassName: 'string', cronExpression: 'string', parameter: 'string|null', description: 'string|null', status: 'number' });
    expect(expectEnvelope(await get('/sys/quartzJob/pause', { id: row.id }), { success: true }).message).toBe('停止定时任务成功');
    expectOk(await put('/sys/quartzJob/edit', { ...row, status: -1, description: '由Vue编辑' }));
    expect(page(await get('/sys/quartzJob/list', listParams({ jobClassName: row.jobClassName }, columns)))[0]).toMatchObject({ description: '由Vue编辑', status: -1 });
  });

  it('log: the first load of both tabs with the empty ipInfo, keyWord and operateType the screen holds; keyWord searches', async () => {
    const columns = ['logContent', 'userid', 'username', 'ip', 'costTime', 'logType_dictText', 'createTime'];
    for (const logType of ['1', '2']) {
      const res = await get('/sys/log/list', listParams({ ipInfo: '', logType, keyWord: '', operateType: '' }, columns), false);
      const rows = page(res);
      if (logType === '1') {
        expect(rows.length).toBeGreaterThan(0);
        expectFields(rows[0], { id: 'string', logContent: 'string', username: 'string|null', ip: 'string|null', logType_dictText: 'string', createTime: 'string' });
      }
      expect(rows.every((r) => String(r.logType) === logType)).toBe(true);
    }
    // the search box: keyWord is the log text's LIKE (JeecgBoot's controller), bound, wildcards literal
    const [first] = page(await get('/sys/log/list', listParams({ logType: '1' }, columns)));
    const word = String(first.logContent).slice(0, 4);
    const found = page(await get('/sys/log/list', listParams({ logType: '1', keyWord: word }, columns)));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => String(r.logContent).includes(word))).toBe(true);
    expect(page(await get('/sys/log/list', listParams({ logType: '1', keyWord: '%' }, columns)))).toEqual([]);
  });

  it('category: roots paged, children as an array from the list mixin, add under a parent, edit the row', async () => {
    expectOk(await post('/sys/category/add', { name: 'Vue分类', pid: '' }));
    const roots = page(await get('/sys/category/rootList', listParams({}, ['name', 'code', 'action'], { pageSize: 100 })));
    const root = roots.find((r) => r.name === 'Vue分类')!;
    expectFields(root, { id: 'string', name: 'string', code: 'string', pid: 'string', hasChild: 'string|null' });
    expectOk(await post('/sys/category/add', { pid: root.id, name: 'Vue子类' }));
    const children = expectOk(await get('/sys/category/childList', listParams({ pid: root.id }, ['name', 'code', 'action'])));
    expect(Array.isArray(children)).toBe(true);
    expect(children.map((c: any) => c.name)).toEqual(['Vue子类']);
    expect(children[0].code.startsWith(root.code)).toBe(true);
    expectOk(await put('/sys/category/edit', { ...children[0], name: 'Vue子类二' }));
  });

  it('部门管理 › 部门权限, 部门角色, 部门角色授权 and their 数据规则 as the client sends them (issue 41)', async () => {
    const [root] = expectOk(await get('/sys/sysDepart/queryTreeList'));
    const find = (nodes: any[], url: (n: any) => boolean): any => { for (const n of nodes ?? []) { if (url(n)) return n; const f = find(n.children, url); if (f) return f; } return null; };
    const menu = find(expectOk(await get('/sys/permission/list')), (n) => n.url === '/isystem/position');
    const [add, edit] = ['system:position:add', 'system:position:edit'].map((p) => menu.children.find((b: any) => b.perms === p).id);
    // DepartAuthModal: queryTreeListForRole, queryDepartPermission({departId}); save checked + half-checked keys, last = half-checked then checked as loaded
    const { treeList } = expectOk(await get('/sys/role/queryTreeList'));
    expect(find(treeList, (n) => n.key === add)).toMatchObject({ key: add, isLeaf: true });
    const before: string[] = expectOk(await get('/sys/permission/queryDepartPermission', { departId: root.id }));
    expectOk(await post('/sys/permission/saveDepartPermission', { departId: root.id, permissionIds: [add, menu.id, menu.parentId].join(','), lastpermissionIds: before.join(',') }), '保存成功！');
    const loaded: string[] = expectOk(await get('/sys/permission/queryDepartPermission', { departId: root.id }));
    expect(loaded).toEqual(expect.arrayContaining([add, menu.id, menu.parentId]));
    expectOk(await post('/sys/permission/saveDepartPermission', { departId: root.id, permissionIds: [add, edit, menu.id, menu.parentId].join(','), lastpermissionIds: [menu.parentId, menu.id, add].join(',') }), '保存成功！');
    // DepartDataruleModal: GET datarule/{functionId}/{departId}; the menu has no rule yet
    expect((await get(`/sys/sysDepartPermission/datarule/${menu.id}/${root.id}`)).body).toMatchObject({ success: false, message: '未找到权限配置信息' });
    expectOk(await post('/sys/permission/addPermissionRule', { permissionId: menu.id, ruleName: 'Vue规则', ruleColumn: 'code', ruleConditions: 'RIGHT_LIKE', ruleValue: 'VUE', status: '1' }));
    const { datarule } = expectOk(await get(`/sys/sysDepartPermission/datarule/${menu.id}/${root.id}`));
    expectFields(datarule[0], { id: 'string', ruleName: 'string', permissionId: 'string' });
    expectOk(await post('/sys/sysDepartPermission/datarule', { permissionId: menu.id, departId: root.id, dataRuleIds: datarule.map((r: any) => r.id).join(',') }), '保存成功!');
    expect(expectOk(await get(`/sys/sysDepartPermission/datarule/${menu.id}/${root.id}`)).drChecked).toBe(datarule[0].id);

    // DeptRoleInfo: the list mixin's params with the department as deptId
    const columns = ['roleName', 'roleCode', 'departId_dictText', 'description', 'action'];
    // SysDepartRoleModal: duplicateCheck on role_code, then the model ({} + the touched inputs) with departId
    expectOk(await get('/sys/duplicate/check', { tableName: 'sys_depart_role', fieldName: 'role_code', fieldVal: 'vue_drole', dataId: undefined }));
    expectOk(await post('/sys/sysDepartRole/add', { roleName: 'Vue部门角色', roleCode: 'vue_drole', departId: root.id }), '添加成功！');
    const row = page(await get('/sys/sysDepartRole/list', { ...listParams({}, columns), deptId: root.id })).find((r) => r.roleCode === 'vue_drole')!;
    expectFields(row, { id: 'string', roleName: 'string', roleCode: 'string', departId: 'string', departId_dictText: 'string', description: 'string|null' });
    expect((await get('/sys/duplicate/check', { tableName: 'sys_depart_role', fieldName: 'role_code', fieldVal: 'vue_drole' })).body).toMatchObject({ success: false });
    expectOk(await get('/sys/duplicate/check', { tableName: 'sys_depart_role', fieldName: 'role_code', fieldVal: 'vue_drole', dataId: row.id }));
    expectOk(await put('/sys/sysDepartRole/edit', { ...row, description: 'Vue编辑', departId: row.departId }));
    // DeptRoleAuthModal: queryTreeListForDeptRole({departId}), queryDeptRolePermission({roleId}); checkStrictly, so only the ticked keys
    const forRole = expectOk(await get('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId: root.id }));
    expectFields(forRole, { treeList: 'array', ids: 'array' });
    const held: string[] = expectOk(await get('/sys/sysDepartPermission/queryDeptRolePermission', { roleId: row.id }));
    expect(held).toEqual([]);
    expectOk(await post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId: row.id, permissionIds: [menu.id, add].join(','), lastpermissionIds: held.join(',') }), '保存成功！');
    // DeptRoleDataruleModal: GET datarule/{functionId}/{departId}/{roleId}, then the ticks
    const offered = expectOk(await get(`/sys/sysDepartRole/datarule/${menu.id}/${root.id}/${row.id}`));
    expect(offered.datarule.map((r: any) => r.id)).toEqual([datarule[0].id]);
    expectOk(await post('/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId: row.id, dataRuleIds: datarule[0].id }), '保存成功!');
    expectOk(await post('/sys/sysDepartRole/datarule', { permissionId: menu.id, roleId: row.id, dataRuleIds: '' }), '保存成功!');
    // DeptUserInfo › DeptRoleUserModal: the department's roles, the member's, then {userId, newRoleId, oldRoleId}
    const [admin] = page(await get('/sys/user/list', listParams({ username: 'admin' }, ['username'])));
    const roles = expectOk(await get('/sys/sysDepartRole/getDeptRoleList', { departId: root.id, userId: admin.id }));
    expect(roles.map((r: any) => r.id)).toContain(row.id);
    const mine = expectOk(await get('/sys/sysDepartRole/getDeptRoleByUserId', { userId: admin.id, departId: root.id })).map((r: any) => r.droleId);
    expectOk(await post('/sys/sysDepartRole/deptRoleUserAdd', { userId: admin.id, newRoleId: [...mine, row.id].join(','), oldRoleId: mine.join(',') }), '添加成功！');
    expectOk(await post('/sys/sysDepartRole/deptRoleUserAdd', { userId: admin.id, newRoleId: mine.join(','), oldRoleId: [...mine, row.id].join(',') }));
    expectOk(await del('/sys/sysDepartRole/delete', { id: row.id }));
  });

  it('upload: multipart file with biz, the path answered in message, served under static', async () => {
    const form = new FormData();
    form.append('biz', 'temp');
    form.append('file', new Blob(['vue upload'], { type: 'text/plain' }), 'vue.txt');
    const res = await fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
    const body = await res.json();
    expect(body).toMatchObject({ success: true });
    // <biz>/<name>: the name is random (128 bits) with the file's extension, the client's name kept for the download.
    expect(body.message).toMatch(/^temp\/[0-9a-f]{32}\.txt$/);
    const file = await s.api.get(`/sys/common/static/${body.message}`, { token });
    expect(file.status).toBe(200);
    expect(file.text).toBe('vue upload');
  });

  it('static/null, which the user recycle bin asks for a row without an avatar, is an empty 200 as in JeecgBoot; other missing files stay 404', async () => {
    const none = await s.api.get('/sys/common/static/null');
    expect(none.status).toBe(200);
    expect(none.text).toBe('');
    expect((await s.api.get('/sys/common/static/temp/null')).status).toBe(404);
  });
});
