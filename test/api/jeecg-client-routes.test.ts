/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect401, expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * The routes the JeecgBoot Vue 2 client (jeecgboot/ant-design-vue-jeecg) calls from its system
 * screens, sent as that client sends them: getAction adds `_t`, JeecgListMixin adds column, order,
 * the `field` list (with its empty entries) and paging; the fields asserted are the ones its views read.
 */
const t = () => `_t=${Math.floor(Date.now() / 1000)}`;
const mixin = (columns: string[], extra = '') => `${t()}&column=createTime&order=desc&field=${encodeURIComponent(`id,,${columns.join(',')},action`)}&pageNo=1&pageSize=10${extra}`;

describe(`the Vue 2 client's system screens [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string, token = admin) => s.api.get(path, { token });

  it('home (IndexChart): loginfo counts successful logins today and in all, visitInfo one row per day of the last week', async () => {
    const before = expectOk(await get(`/sys/loginfo?${t()}`), '登录成功');
    for (const k of ['totalVisitCount', 'todayVisitCount', 'todayIp']) expect(typeof before[k], k).toBe('number');
    expect(before.todayVisitCount).toBeGreaterThanOrEqual(2);
    expect(before.todayIp).toBeGreaterThanOrEqual(1);
    await s.login('reviewer');
    expect((await s.api.post('/sys/login', { username: 'reviewer', password: 'wrong-password' })).body.success).toBe(false);
    const after = expectOk(await get(`/sys/loginfo?${t()}`));
    expect(after).toMatchObject({ totalVisitCount: before.totalVisitCount + 1, todayVisitCount: before.todayVisitCount + 1 });
    const week = expectOk(await get(`/sys/visitInfo?${t()}`));
    expect(week).toHaveLength(7);
    const now = new Date();
    const today = `${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(week[6]).toMatchObject({ type: today, visit: after.todayVisitCount, ip: after.todayIp });
    expect(week.slice(0, 6).every((d: any) => typeof d.visit === 'number' && typeof d.ip === 'number' && /^\d\d-\d\d$/.test(d.type))).toBe(true);
  });

  it('在线用户: sessions with the fields the table reads, the caller\'s own token to mark 我, force logout revoking the session', async () => {
    const victim = await s.login('expert');
    const page = expectOk(await get(`/sys/online/list?${mixin(['username', 'realname', 'avatar', 'birthday', 'sex', 'phone'])}`));
    expect(page.total).toBeGreaterThanOrEqual(3);
    const mine = page.records.find((r: any) => r.token === admin);
    expect(mine).toMatchObject({ username: 'admin' });
    const row = page.records.find((r: any) => r.username === 'expert');
    for (const k of ['id', 'token', 'username', 'realname', 'avatar', 'sex', 'phone']) expect(row, k).toHaveProperty(k);
    expect(row.token).not.toBe(victim);
    const narrowed = expectOk(await get(`/sys/online/list?${t()}&username=xper&pageNo=1&pageSize=10`));
    expect(narrowed.records.map((r: any) => r.username)).toEqual(['expert']);

    expectEnvelope(await s.api.post('/sys/online/forceLogout', { token: row.token }, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api.get(`/sys/online/list?${t()}`, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api.post('/sys/online/forceLogout', { token: '' }, { token: admin }), { status: 400, message: '缺少参数 token' });
    expectRefused(await s.api.post('/sys/online/forceLogout', { token: 'no-such-session' }, { token: admin }), 'Token无效!');
    expectOk(await s.api.get(`/sys/permission/getUserPermissionByToken?${t()}`, { token: victim }));
    expectOk(await s.api.post('/sys/online/forceLogout', { token: row.token }, { token: admin }), '退出登录成功！');
    expect401(await s.api.get(`/sys/permission/getUserPermissionByToken?${t()}`, { token: victim }), 'Token失效，请重新登录!');
    const left = expectOk(await get(`/sys/online/list?${t()}&username=expert`));
    expect(left.records.filter((r: any) => r.username === 'expert')).toEqual([]);
  });

  it('角色授权 and 菜单管理: the role tree, one level at a time, every menu id, a menu\'s data rules', async () => {
    const tree = expectOk(await get(`/sys/role/queryTreeList?${t()}`));
    const system = tree.treeList.find((n: any) => n.title === '系统管理');
    expect(system).toMatchObject({ key: expect.any(String), isLeaf: false });
    expect(system.children.map((c: any) => c.title)).toContain('用户管理');
    const all = expectOk(await get(`/sys/permission/loadAllRoleIds?${t()}`));
    expect(new Set(all)).toEqual(new Set(tree.ids));
    const roots = expectOk(await get(`/sys/permission/queryListAsync?${t()}`));
    expect(roots.map((n: any) => n.key)).toEqual(tree.treeList.map((n: any) => n.key));
    const level = expectOk(await get(`/sys/permission/queryListAsync?${t()}&pid=${system.key}`));
    expect(level.map((n: any) => n.title)).toEqual(system.children.map((c: any) => c.title));
    expect(level.find((n: any) => n.title === '用户管理')).toMatchObject({ parentId: system.key, isLeaf: false, children: null });
    expectEnvelope(await get(`/sys/permission/queryListAsync?${t()}&pid=nope`), { status: 400, message: '上级菜单不存在' });
    expectEnvelope(await get(`/sys/role/queryTreeList?${t()}`, applicant), { status: 403 });
    const users = level.find((n: any) => n.title === '用户管理');
    expect(expectOk(await get(`/sys/permission/getPermRuleListByPermId?${mixin(['ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue'], `&permissionId=${users.key}`)}`))).toEqual([]);
  });

  it('部门管理 and the user-by-department picker: the id tree, the lazy tree and its echo by org code', async () => {
    const ids = expectOk(await get(`/sys/sysDepart/queryIdTree?${t()}`));
    const root = ids.find((n: any) => n.title === '科创服务中心');
    expect(root).toMatchObject({ key: root.value });
    expect(root.children.map((c: any) => c.title)).toContain('项目管理部');
    const roots = expectOk(await get(`/sys/sysDepart/queryDepartTreeSync?${t()}`));
    expect(roots.find((n: any) => n.id === root.key)).toMatchObject({ key: root.key, title: '科创服务中心', departName: '科创服务中心', orgCode: 'A01', isLeaf: false, children: null });
    const level = expectOk(await get(`/sys/sysDepart/queryDepartTreeSync?${t()}&pid=${root.key}`));
    expect(level.find((n: any) => n.departName === '综合办公室')).toMatchObject({ parentId: root.key, isLeaf: true });
    expect(level.find((n: any) => n.departName === '项目管理部')).toMatchObject({ isLeaf: false });
    const echo = expectOk(await get(`/sys/sysDepart/queryDepartTreeSync?${t()}&ids=A01A01,A01A02,&primaryKey=orgCode`));
    expect(echo.map((n: any) => n.departName).sort()).toEqual(['综合办公室', '项目管理部'].sort());
    expectEnvelope(await get(`/sys/sysDepart/queryDepartTreeSync?primaryKey=name`), { status: 400 });
  });

  it('字典管理 treeList, and the new-user id', async () => {
    const dicts = expectOk(await get(`/sys/dict/treeList?${t()}&dictName=性别`));
    expect(dicts.find((d: any) => d.dictCode === 'sex')).toMatchObject({ key: expect.any(String), title: '性别', dictName: '性别' });
    expect(expectOk(await get(`/sys/dict/treeList?${t()}`)).length).toBeGreaterThan(dicts.length);
    expectEnvelope(await get(`/sys/dict/treeList?${t()}`, applicant), { status: 403 });
    const [a, b] = [expectOk(await get(`/sys/user/generateUserId?${t()}`)), expectOk(await get(`/sys/user/generateUserId?${t()}`))];
    expect(a).toMatch(/^\d{19}$/);
    expect(a).not.toBe(b);
    expectEnvelope(await get(`/sys/user/generateUserId?${t()}`, applicant), { status: 403 });
  });

  it('通告管理 syncNotic: a published announcement\'s recipients hold their receipt, so the bell shows it', async () => {
    const applicantId = (await (s.db as any).selectFrom('sysUser').select('id').where('username', '=', 'applicant').executeTakeFirstOrThrow()).id;
    expectOk(await s.api.post('/sys/annountCement/add', { titile: '同步测试', msgContent: '<p>内容</p>', msgCategory: '1', priority: 'H', msgType: 'USER', userIds: `${applicantId},` }, { token: admin }));
    const annt = await (s.db as any).selectFrom('sysAnnouncement').select('id').where('titile', '=', '同步测试').executeTakeFirstOrThrow();
    expect(expectOk(await get(`/sys/annountCement/syncNotic?${t()}&anntId=${annt.id}`))).toEqual({ receipts: 0 });
    expectEnvelope(await get(`/sys/annountCement/syncNotic?${t()}&anntId=${annt.id}`, await s.login('reviewer')), { status: 403 });
    expectOk(await get(`/sys/annountCement/doReleaseData?id=${annt.id}`));
    await (s.db as any).deleteFrom('sysAnnouncementSend').where('anntId', '=', annt.id).execute();
    expect(expectOk(await get(`/sys/annountCement/syncNotic?${t()}&anntId=${annt.id}`))).toEqual({ receipts: 1 });
    const bell = expectOk(await get('/sys/annountCement/listByUser', applicant));
    expect(bell.anntMsgList.map((a: any) => a.id)).toContain(annt.id);
    expectRefused(await get(`/sys/annountCement/syncNotic?${t()}&anntId=nope`), '未找到对应实体');
  });

  it('分类字典 and JTreeDict: roots under a code (the whole tree unless async), children, one node, a code\'s items, code check, children of expanded rows', async () => {
    const whole = expectOk(await get(`/sys/category/loadTreeRoot?${t()}&async=false&pcode=`));
    const field = whole.find((n: any) => n.title === '行业领域');
    expect(field).toMatchObject({ key: expect.any(String), leaf: false, code: expect.any(String) });
    const elec = field.children.find((n: any) => n.title === '信息技术');
    expect(elec.children.map((n: any) => n.title)).toContain('人工智能');
    expect(elec.children[0]).toMatchObject({ leaf: true });
    const lazy = expectOk(await get(`/sys/category/loadTreeRoot?${t()}&async=true&pcode=${field.code}`));
    expect(lazy.map((n: any) => n.title)).toEqual(field.children.map((n: any) => n.title));
    expect(lazy.every((n: any) => n.children === undefined)).toBe(true);
    expect(expectOk(await get(`/sys/category/loadTreeChildren?${t()}&pid=${elec.key}`)).map((n: any) => n.title)).toEqual(elec.children.map((n: any) => n.title));
    expect(expectOk(await get(`/sys/category/loadOne?${t()}&field=code&val=${elec.code}`))).toMatchObject({ id: elec.key, name: '信息技术', code: elec.code });
    expectEnvelope(await get(`/sys/category/loadOne?field=password&val=x`), { status: 400, message: '字段无效，请检查!' });
    expectRefused(await get(`/sys/category/loadOne?field=code&val=ZZZ`), '查询无果');
    const items = expectOk(await get(`/sys/category/loadAllData?${t()}&code=${elec.code}`));
    expect(items.map((i: any) => i.text).sort()).toEqual(['信息技术', ...elec.children.map((n: any) => n.title)].sort());
    expect(items[0]).toMatchObject({ value: expect.any(String), text: expect.any(String) });
    expectOk(await get(`/sys/category/checkCode?${t()}&pid=${elec.key}&code=${elec.code}A09`));
    expectRefused(await get(`/sys/category/checkCode?${t()}&pid=${elec.key}&code=B99`), `编码不符合规范,须以"${elec.code}"开头!`);
    expectEnvelope(await get(`/sys/category/checkCode?${t()}&pid=${elec.key}`), { status: 400, message: '错误,类型编码为空!' });
    expectEnvelope(await get(`/sys/category/checkCode?pid=${elec.key}&code=x`, applicant), { status: 403 });
    const batch = expectOk(await get(`/sys/category/getChildListBatch?${t()}&parentIds=${field.key},${elec.key}`));
    expect(batch.records.map((r: any) => r.name).sort()).toEqual([...field.children, ...elec.children].map((n: any) => n.title).sort());
    expect(batch.records[0]).toHaveProperty('hasChild');
    expect(batch.total).toBe(batch.records.length);
  });

  it('数据日志: an edit through a page records the row\'s versions (no sensitive column), listed, versioned and compared as the client asks', async () => {
    expectOk(await s.api.post('/sys/position/add', { code: 'dl_pos', name: '数据日志职务', postRank: '1' }, { token: admin }));
    const pos = await (s.db as any).selectFrom('sysPosition').select('id').where('code', '=', 'dl_pos').executeTakeFirstOrThrow();
    expectOk(await s.api.put('/sys/position/edit', { id: pos.id, name: '改名一次' }, { token: admin }));
    expectOk(await s.api.put('/sys/position/edit', { id: pos.id, name: '改名两次' }, { token: admin }));
    const list = expectOk(await get(`/sys/dataLog/list?${mixin(['dataTable', 'dataId', 'dataVersion', 'dataContent', 'createBy'], `&dataTable=sys_position&dataId=${pos.id}`)}`));
    expect(list.total).toBe(3);
    const byVersion = [...list.records].sort((a: any, b: any) => a.dataVersion - b.dataVersion);
    expect(byVersion.map((r: any) => [r.dataVersion, JSON.parse(r.dataContent).name])).toEqual([[1, '数据日志职务'], [2, '改名一次'], [3, '改名两次']]);
    expect(byVersion[2]).toMatchObject({ dataTable: 'sys_position', dataId: pos.id, createBy: 'admin' });
    const versions = expectOk(await get(`/sys/dataLog/queryDataVerList?${t()}&dataTable=sys_position&dataId=${pos.id}`));
    expect(versions.map((v: any) => v.dataVersion)).toEqual([3, 2, 1]);
    const pair = expectOk(await get(`/sys/dataLog/queryCompareList?${t()}&dataId1=${byVersion[0].id}&dataId2=${byVersion[2].id}`));
    expect(pair.map((r: any) => JSON.parse(r.dataContent).name)).toEqual(['数据日志职务', '改名两次']);
    expectEnvelope(await get(`/sys/dataLog/queryCompareList?dataId1=${byVersion[0].id}`), { status: 400, message: '请选择两条数据' });

    const userId = (await (s.db as any).selectFrom('sysUser').select('id').where('username', '=', 'reviewer').executeTakeFirstOrThrow()).id;
    expectOk(await s.api.put('/sys/user/edit', { id: userId, realname: '审核人改' }, { token: admin }));
    const userLog = expectOk(await get(`/sys/dataLog/list?${t()}&dataTable=sys_user&dataId=${userId}&pageNo=1&pageSize=10`)).records;
    expect(userLog.length).toBe(2);
    for (const r of userLog) expect(Object.keys(JSON.parse(r.dataContent))).not.toContain('password');
    expectEnvelope(await get(`/sys/dataLog/list?${t()}`, applicant), { status: 403 });
    expectEnvelope(await s.api.post('/sys/dataLog/add', { dataTable: 'x', dataId: '1', dataVersion: 1, dataContent: '{}' }, { token: admin }), { status: 403 });
  });
});
