import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Tree pages in the generic CRUD, through the real tree sys_category (schemas/system/sys_category.json,
 * seeded from schemas/seed/categories.json): roots, childList, the has-child flag, moves, refusals,
 * and the category module's parent-prefixed codes.
 */
describe(`tree CRUD: /sys/category [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const get = async (path: string) => expectOk(await s.api.get(path, { token }));
  const byCode = async (code: string) => {
    const rows = (await get(`/sys/category/list?code=${code}`)).records;
    expect(rows, `category ${code}`).toHaveLength(1);
    return rows[0];
  };
  const children = async (pid: string) => (await get(`/sys/category/childList?pid=${pid}`)) as any[];
  const add = (body: Record<string, unknown>) => s.api.post('/sys/category/add', body, { token });
  const edit = (body: Record<string, unknown>) => s.api.put('/sys/category/edit', body, { token });
  const del = (id: string) => s.api('DELETE', `/sys/category/delete?id=${id}`, { token });
  const refused = (res: Awaited<ReturnType<typeof add>>, message: string) => expectEnvelope(res, { status: 400, success: false, code: 400, message });

  it('lists only the roots, paged, each with its has-child flag as a string', async () => {
    const page = await get('/sys/category/list');
    expect(page.total).toBe(3);
    expect(page.records.map((r: any) => [r.code, r.name, r.pid, r.hasChild])).toEqual([
      ['A01', '项目类别', '0', '1'], ['A02', '行业领域', '0', '1'], ['A03', '参赛组别', '0', '1'],
    ]);
    const second = await get('/sys/category/list?pageNo=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, current: 2, size: 2, pages: 2 });
    expect(second.records.map((r: any) => r.code)).toEqual(['A03']);
    expect((await get('/sys/category/rootList?column=code&order=desc')).records.map((r: any) => r.code)).toEqual(['A03', 'A02', 'A01']);
  });

  it('lists the flat matches as soon as there is a query condition', async () => {
    const page = await get(`/sys/category/list?name=${encodeURIComponent('*组*')}&column=code&order=asc`);
    expect(page.records.map((r: any) => [r.code, r.hasChild])).toEqual([['A03', '1'], ['A03A01', '0'], ['A03A02', '0']]);
    const deep = await get('/sys/category/list?code=A02A01A02');
    expect(deep.records.map((r: any) => r.name)).toEqual(['集成电路']);
  });

  it('childList answers all direct children of a node, unpaged, in the list order', async () => {
    const a02 = await byCode('A02');
    // an array, as JeecgBoot's controller answers it, whatever paging the client sends
    const page = { records: await get(`/sys/category/childList?pid=${a02.id}&pageSize=2`) };
    expect(Array.isArray(page.records)).toBe(true);
    expect(page.records.map((r: any) => [r.code, r.name, r.hasChild])).toEqual([
      ['A02A01', '信息技术', '1'], ['A02A02', '生物医药', '1'], ['A02A03', '先进制造', '1'], ['A02A04', '新能源新材料', '1'], ['A02A05', '现代农业', '1'], ['A02A06', '文化创意', '1'],
    ]);
    expect(page.records.every((r: any) => r.pid === a02.id)).toBe(true);
    expect((await get(`/sys/category/childList?pid=${a02.id}&column=code&order=desc`))[0].code).toBe('A02A06');
    expect(await get('/sys/category/childList?pid=nope')).toEqual([]);
    refused(await s.api.get('/sys/category/childList', { token }), '缺少参数 pid');
  });

  it('generates parent-prefixed codes and keeps the parent flag on add', async () => {
    const a03 = await byCode('A03');
    expectOk(await add({ name: '企业组', pid: a03.id }), '添加成功！');
    expect(await byCode('A03A03')).toMatchObject({ name: '企业组', pid: a03.id, hasChild: '0' });

    const leaf = await byCode('A01A04');
    expect(leaf.hasChild).toBe('0');
    // the client cannot set the flag
    expectOk(await add({ name: '数字文创', pid: leaf.id, hasChild: '1' }));
    expect(await byCode('A01A04A01')).toMatchObject({ name: '数字文创', hasChild: '0' });
    expect((await byCode('A01A04')).hasChild).toBe('1');

    expectOk(await add({ name: '奖项级别', code: '', pid: null }));
    expect(await byCode('A04')).toMatchObject({ name: '奖项级别', pid: '0', hasChild: '0' });
    // a chosen code is kept; generation continues after the highest sibling code (as JeecgBoot does)
    expectOk(await add({ name: '自定义编码', pid: a03.id, code: 'A03B07' }));
    expectOk(await add({ name: '再下一个', pid: a03.id }));
    expect((await byCode('A03B08')).name).toBe('再下一个');
  });

  it('refuses a code that does not extend the parent code, a missing parent and a duplicate code', async () => {
    const a03 = await byCode('A03');
    refused(await add({ name: 'x', pid: a03.id, code: 'B01' }), '编码不符合规范，须以"A03"开头!');
    refused(await add({ name: 'x', pid: a03.id, code: 'A03' }), '编码不符合规范，须以"A03"开头!');
    refused(await add({ name: 'x', pid: 'no-such-node' }), '父节点不存在');
    expectEnvelope(await add({ name: 'x', code: 'A01' }), { success: false, message: '数据库中已存在该记录' });
    refused(await add({ name: 'x', code: "A01' or '1'='1" }), '分类编码只能包含字母和数字');
  });

  it('gives concurrent adds under one parent distinct codes', async () => {
    const a03 = await byCode('A03');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => add({ name: `并发${i}`, pid: a03.id })));
    for (const r of results) expectOk(r, '添加成功！');
    const codes = (await children(a03.id)).filter((r: any) => r.name.startsWith('并发')).map((r: any) => r.code);
    expect(new Set(codes).size).toBe(8);
    expect(codes.sort()).toEqual(['A03B09', 'A03B10', 'A03B11', 'A03B12', 'A03B13', 'A03B14', 'A03B15', 'A03B16']);
  });

  it('refuses to delete a node that still has children, and clears the flag after the last child goes', async () => {
    const a01a04 = await byCode('A01A04');
    refused(await del(a01a04.id), '该节点下存在子节点，不能删除');
    const a02 = await byCode('A02');
    const a01 = await byCode('A01');
    refused(await s.api('DELETE', `/sys/category/deleteBatch?ids=${a01.id},${a02.id}`, { token }), '该节点下存在子节点，不能删除: 项目类别、行业领域');
    expect((await byCode('A01A04')).id).toBe(a01a04.id);

    const child = await byCode('A01A04A01');
    expectOk(await del(child.id), '删除成功!');
    expect((await byCode('A01A04')).hasChild).toBe('0');
    expectOk(await del(a01a04.id), '删除成功!');
    expect((await byCode('A01')).hasChild).toBe('1');
  });

  it('deletes a whole subtree selected in one batch and updates the parent', async () => {
    const a04 = await byCode('A04');
    expectOk(await add({ name: '国家级', pid: a04.id }));
    expectOk(await add({ name: '省级', pid: a04.id }));
    const [n1, n2] = await children(a04.id);
    expectOk(await add({ name: '一等奖', pid: n1.id }));
    const grandchild = (await children(n1.id))[0];
    expectOk(await s.api('DELETE', `/sys/category/deleteBatch?ids=${n1.id},${grandchild.id}`, { token }), '批量删除成功!');
    expect((await children(a04.id)).map((r: any) => r.name)).toEqual(['省级']);
    expect((await byCode('A04')).hasChild).toBe('1');
    expectOk(await s.api('DELETE', `/sys/category/deleteBatch?ids=${n2.id}`, { token }));
    expect((await byCode('A04')).hasChild).toBe('0');
  });

  it('moves a node with its subtree: both parents updated, codes re-prefixed', async () => {
    const a01 = await byCode('A01');
    const a02 = await byCode('A02');
    const electronics = await byCode('A02A01');
    expectOk(await edit({ id: electronics.id, pid: a01.id }), '编辑成功!');
    const moved = await byCode('A01A04');
    expect(moved).toMatchObject({ id: electronics.id, name: '信息技术', pid: a01.id, hasChild: '1' });
    expect((await children(electronics.id)).map((r: any) => r.code)).toEqual(['A01A04A01', 'A01A04A02', 'A01A04A03', 'A01A04A04', 'A01A04A05']);
    expect((await get('/sys/category/list?code=A02A01*')).records).toEqual([]);
    expect((await byCode('A02')).hasChild).toBe('1');

    // the last child of A04 … there is none; move a leaf out of A03 and back to the roots
    const a03a01 = await byCode('A03A01');
    expectOk(await edit({ id: a03a01.id, pid: '' }));
    expect(await byCode('A05')).toMatchObject({ id: a03a01.id, pid: '0', hasChild: '0' });

    // a move that empties a parent clears its flag
    const [onlyChild] = await children(a02.id).then((rows) => rows.filter((r: any) => r.code === 'A02A02'));
    const a05 = await byCode('A05');
    expectOk(await edit({ id: onlyChild.id, pid: a05.id }));
    expect((await byCode('A05')).hasChild).toBe('1');
    expect((await byCode('A05A01')).name).toBe('生物医药');
    for (const r of await children(a02.id)) expectOk(await edit({ id: r.id, pid: a05.id }));
    expect((await byCode('A02')).hasChild).toBe('0');
  });

  it('refuses to move a node under itself or its descendants, and the flag stays the server’s', async () => {
    const electronics = await byCode('A01A04');
    const ai = await byCode('A01A04A01');
    refused(await edit({ id: electronics.id, pid: electronics.id }), '不能将节点移动到其自身或其子节点下');
    refused(await edit({ id: electronics.id, pid: ai.id }), '不能将节点移动到其自身或其子节点下');
    const a01 = await byCode('A01');
    refused(await edit({ id: a01.id, pid: ai.id }), '不能将节点移动到其自身或其子节点下');
    refused(await edit({ id: ai.id, pid: 'missing' }), '父节点不存在');
    expect((await byCode('A01A04A01')).pid).toBe(electronics.id);

    expectOk(await edit({ id: electronics.id, hasChild: '0', name: '新一代信息技术' }));
    expect(await byCode('A01A04')).toMatchObject({ name: '新一代信息技术', hasChild: '1' });
  });

  it('keeps an explicit code change checked and carries it to the subtree', async () => {
    const electronics = await byCode('A01A04');
    refused(await edit({ id: electronics.id, code: 'B09' }), '编码不符合规范，须以"A01"开头!');
    expectOk(await edit({ id: electronics.id, code: 'A01E01' }));
    expect((await children(electronics.id)).map((r: any) => r.code)).toEqual(['A01E01A01', 'A01E01A02', 'A01E01A03', 'A01E01A04', 'A01E01A05']);
  });

  it('checks button permissions on the server', async () => {
    const applicant = await s.login('applicant');
    // Not the applicant's page: no reading it through the generic list either (categories reach forms through loadTreeData).
    expectEnvelope(await s.api.get('/sys/category/list', { token: applicant }), { status: 403, message: '没有权限，请联系管理员授权' });
    expect((await s.api.get('/sys/category/loadTreeData?pid=0', { token: applicant })).status).toBe(200);
    expectEnvelope(await s.api.post('/sys/category/add', { name: 'x' }, { token: applicant }), { status: 403, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await s.api('DELETE', '/sys/category/delete?id=x', { token: applicant }), { status: 403 });
  });
});
