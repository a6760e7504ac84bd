import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface DepartNode { id: string; key: string; value: string; title: string; orgCode: string; departName: string; parentId: string | null; isLeaf: boolean; hasChild: string; children: DepartNode[] | null }
const flat = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const outline = (nodes: DepartNode[]): unknown[] => nodes.map((n) => (n.children ? [n.orgCode, outline(n.children)] : n.orgCode));

/** Departments (schemas/system/sys_depart.json + src/server/modules/depart). */
describe(`departments: /sys/sysDepart [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const tree = async (): Promise<DepartNode[]> => expectOk(await s.api.get('/sys/sysDepart/queryTreeList', { token: applicant }));
  const byCode = async (orgCode: string) => flat(await tree()).find((n) => n.orgCode === orgCode)!;
  const add = (body: Record<string, unknown>, token = admin) => s.api.post('/sys/sysDepart/add', body, { token });
  const byName = async (departName: string) => flat(await tree()).find((n) => n.departName === departName)!;

  it('answers the seeded tree with the contract node shape, leaves with children null', async () => {
    const roots = await tree();
    expect(outline(roots)).toEqual([
      ['A01', ['A01A01', ['A01A02', ['A01A02A01', 'A01A02A02']], 'A01A03', 'A01A04']],
      ['A02', ['A02A01', 'A02A02']],
    ]);
    const a01 = roots[0];
    expect(a01).toMatchObject({ key: a01.id, value: a01.id, title: '科创服务中心', departName: '科创服务中心', parentId: null, isLeaf: false, hasChild: '1' });
    const leaf = a01.children![0];
    expect(leaf).toMatchObject({ orgCode: 'A01A01', title: '综合办公室', parentId: a01.id, isLeaf: true, children: null, hasChild: '0' });
  });

  it('generates parent-prefixed org codes for new departments', async () => {
    expectOk(await add({ departName: '新公司' }), '添加成功！');
    expectOk(await add({ departName: '又一个公司' }), '添加成功！');
    const a03 = await byName('新公司');
    expect(a03).toMatchObject({ orgCode: 'A03', parentId: null, orgType: '1', orgCategory: '1', status: '1', isLeaf: true });
    expect((await byName('又一个公司')).orgCode).toBe('A04');
    const a01a02 = await byCode('A01A02');
    expectOk(await add({ departName: '复核组', parentId: a01a02.id }), '添加成功！');
    expect(await byName('复核组')).toMatchObject({ orgCode: 'A01A02A03', orgType: '2', orgCategory: '2' });
    expectOk(await add({ departName: '子部门', parentId: a03.id }));
    const child = await byName('子部门');
    expect(child.orgCode).toBe('A03A01');
    // the parent now has children
    expect(await byName('新公司')).toMatchObject({ hasChild: '1', isLeaf: false });
    expect((await byName('新公司')).children!.map((c) => c.orgCode)).toEqual(['A03A01']);
    // a code given by the client is kept when it is free
    expectOk(await add({ departName: '自编码', parentId: a03.id, orgCode: 'A03Z99' }));
    expect((await byName('自编码')).orgCode).toBe('A03Z99');
    expectEnvelope(await add({ departName: '编码已满', parentId: a03.id }), { status: 400, message: 'A03下的部门编码已用尽' });
    expectEnvelope(await add({ departName: '重复编码', orgCode: 'A01' }), { status: 400, message: '机构编码已存在' });
    expectEnvelope(await add({ departName: '无父', parentId: 'no-such-depart' }), { status: 400, message: '上级部门不存在' });
    expectEnvelope(await add({ orgCategory: '1' }), { status: 400, message: '机构名称不能为空' });
  });

  it('searchBy finds departments by name, flat', async () => {
    const found = expectOk(await s.api.get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('组')}`, { token: applicant }));
    expect(found.map((n: DepartNode) => n.orgCode).sort()).toEqual(['A01A02A01', 'A01A02A02', 'A01A02A03', 'A02A01', 'A02A02']);
    expect(found.every((n: DepartNode) => n.children === null && n.isLeaf)).toBe(true);
    expectRefused(await s.api.get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('不存在的部门')}`, { token: applicant }), '未查询匹配数据！');
    expectEnvelope(await s.api.get('/sys/sysDepart/searchBy', { token: applicant }), { status: 400, message: '缺少参数 keyWord' });
  });

  it('moving a department keeps the has-child flags right and refuses cycles; org codes do not change', async () => {
    const a03 = await byName('新公司');
    const a04 = await byName('又一个公司');
    const child = await byName('子部门');
    expectOk(await s.api.put('/sys/sysDepart/edit', { id: child.id, parentId: a04.id, departName: '子部门' }, { token: admin }), '编辑成功!');
    expect((await byName('子部门')).parentId).toBe(a04.id);
    expect(await byName('又一个公司')).toMatchObject({ hasChild: '1', isLeaf: false });
    expect((await byName('新公司')).hasChild).toBe('1'); // 自编码 is still below it
    expectEnvelope(await s.api.put('/sys/sysDepart/edit', { id: a04.id, parentId: child.id }, { token: admin }), { status: 400, message: '不能将节点移动到其自身或其子节点下' });
    expectEnvelope(await s.api.put('/sys/sysDepart/edit', { id: a04.id, parentId: a04.id }, { token: admin }), { status: 400, message: '不能将节点移动到其自身或其子节点下' });
    expectEnvelope(await s.api.put('/sys/sysDepart/edit', { id: a04.id, orgCode: 'B01' }, { token: admin }), { status: 400, message: '机构编码不允许修改' });
    expectOk(await s.api.put('/sys/sysDepart/edit', { id: a03.id, departName: '新公司', orgCode: 'A03', hasChild: '0' }, { token: admin }));
    expect(await byName('新公司')).toMatchObject({ orgCode: 'A03', hasChild: '1' });
  });

  it('refuses deleting a department with children or users, deletes an empty one and fixes its parent', async () => {
    const office = await byCode('A01A01'); // admin belongs to it
    expectEnvelope(await s.api('DELETE', `/sys/sysDepart/delete?id=${office.id}`, { token: admin }), { status: 400, message: '部门「综合办公室」下有用户，不能删除' });
    expect(await byCode('A01A01')).toBeDefined();

    const a04 = await byName('又一个公司');
    const child = await byName('子部门');
    expectEnvelope(await s.api('DELETE', `/sys/sysDepart/delete?id=${a04.id}`, { token: admin }), { status: 400, message: '该节点下存在子节点，不能删除' });
    // a parent together with all its children goes in one batch
    expectOk(await s.api('DELETE', `/sys/sysDepart/deleteBatch?ids=${a04.id},${child.id}`, { token: admin }), '批量删除成功!');
    const selfCoded = await byName('自编码');
    expectOk(await s.api('DELETE', `/sys/sysDepart/delete?id=${selfCoded.id}`, { token: admin }), '删除成功!');
    expect(await byName('新公司')).toMatchObject({ hasChild: '0', isLeaf: true, children: null });
    expect(flat(await tree()).map((n) => n.departName)).not.toContain('又一个公司');
  });

  it('writes need the department buttons', async () => {
    const a02 = await byCode('A02');
    expectEnvelope(await add({ departName: '偷建' }, applicant), { status: 403, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await s.api.put('/sys/sysDepart/edit', { id: a02.id, departName: 'x' }, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api('DELETE', `/sys/sysDepart/delete?id=${a02.id}`, { token: applicant }), { status: 403 });
    expect((await byCode('A02')).departName).toBe('专家委员会');
  });
});
