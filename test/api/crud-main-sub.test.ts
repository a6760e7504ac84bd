import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainSubRoot } from '../fixtures/schemas-main-sub/root.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Main/sub pages in the generic CRUD, on fixture schemas (test/fixtures/schemas-main-sub/demo: an
 * order with lines and notes, and a small tree with a dictionary field for childList).
 */
describe(`main/sub CRUD: /demo/order [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let fixture: ReturnType<typeof mainSubRoot>;
  beforeAll(async () => {
    fixture = mainSubRoot();
    s = await startServer({ root: fixture.root });
    token = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
    fixture?.remove();
  });

  const get = async (path: string) => expectOk(await s.api.get(path, { token }));
  const add = (body: unknown) => s.api.post('/demo/order/add', body, { token });
  const edit = (body: unknown) => s.api.put('/demo/order/edit', body, { token });
  const refused = (res: Awaited<ReturnType<typeof add>>, message: string) => expectEnvelope(res, { status: 400, success: false, code: 400, message });
  const order = async (orderNo: string) => (await get(`/demo/order/list?orderNo=${orderNo}`)).records[0];
  const lines = async (mainId: string) => (await get(`/demo/order/subList/demoOrderLine?mainId=${mainId}`)).records;
  const notes = async (mainId: string) => (await get(`/demo/order/subList/demoOrderNote?mainId=${mainId}`)).records;
  const lineCount = async () => (await get('/demo/orderLine/list?pageSize=1')).total;

  it('adds a main row with its sub rows in one request; the server sets the foreign key', async () => {
    expectOk(await add({
      orderNo: 'SO-1', customer: '星火科技', orderDate: '2025-03-01',
      demoOrderLineList: [
        { productName: '传感器', quantity: 2, price: 12.5, isGift: '0', orderId: 'someone-else' },
        { productName: '说明书', quantity: 1, isGift: '1', isGift_dictText: '是' },
      ],
      demoOrderNoteList: [{ content: '加急' }],
    }), '添加成功！');
    const so1 = await order('SO-1');
    expect(so1).toMatchObject({ customer: '星火科技', orderDate: '2025-03-01' });
    expect(so1).not.toHaveProperty('demoOrderLineList');
    const page = await get(`/demo/order/subList/demoOrderLine?mainId=${so1.id}`);
    expect(page.total).toBe(2);
    expect(page.records.map((r: any) => [r.productName, r.quantity, Number(r.price ?? 0), r.isGift, r.isGift_dictText, r.orderId, r.createBy])).toEqual([
      ['传感器', 2, 12.5, '0', '否', so1.id, 'admin'], ['说明书', 1, 0, '1', '是', so1.id, 'admin'],
    ]);
    expect((await notes(so1.id)).map((r: any) => r.content)).toEqual(['加急']);
    // a main row without lists is fine
    expectOk(await add({ orderNo: 'SO-2', customer: '晨光制造' }));
    expect(await lines((await order('SO-2')).id)).toEqual([]);
  });

  it('validates every sub row with the sub schema, naming the table and the row; nothing is stored on refusal', async () => {
    const before = await lineCount();
    const base = { orderNo: 'SO-BAD', customer: 'x' };
    refused(await add({ ...base, demoOrderLineList: [{ productName: 'a', quantity: 1 }, { quantity: 1 }] }), '订单明细第2行: 商品名称不能为空');
    refused(await add({ ...base, demoOrderLineList: [{ productName: 'a', quantity: 0 }] }), '订单明细第1行: 数量不能小于1');
    refused(await add({ ...base, demoOrderLineList: [{ productName: 'a', quantity: 'many' }] }), '订单明细第1行: 数量需要整数');
    refused(await add({ ...base, demoOrderLineList: [{ productName: 'a', quantity: 1, hack: 1 }, { productName: 'b', quantity: 'x', hack: 1 }] }), '订单明细第2行: 数量需要整数');
    refused(await add({ ...base, demoOrderLineList: ['a'] }), '订单明细第1行: 需要一个JSON对象');
    refused(await add({ ...base, demoOrderLineList: { productName: 'a' } }), '订单明细需要一个数组');
    refused(await add({ ...base, demoOrderNoteList: [{ content: '' }] }), '订单备注第1行: 备注内容不能为空');
    refused(await add({ customer: 'x', demoOrderLineList: [] }), '订单号不能为空');
    refused(await add({ ...base, otherList: [], demoOrderNoteList: [{ content: '' }] }), '订单备注第1行: 备注内容不能为空');
    expect(await lineCount()).toBe(before);
    expect(await order('SO-BAD')).toBeUndefined();
  });

  it('edit replaces the set: rows with ids updated, missing ones deleted, new ones inserted; a list left out stays', async () => {
    const so1 = await order('SO-1');
    const [sensor, manual] = await lines(so1.id);
    expectOk(await edit({
      id: so1.id, customer: '星火科技有限公司',
      demoOrderLineList: [{ ...sensor, quantity: 5 }, { productName: '外壳', quantity: 3, price: 8 }],
    }), '编辑成功!');
    const now = await lines(so1.id);
    expect(now.map((r: any) => [r.productName, r.quantity])).toEqual([['传感器', 5], ['外壳', 3]]);
    expect(now[0]).toMatchObject({ id: sensor.id, updateBy: 'admin', createBy: 'admin' });
    expect(now.find((r: any) => r.id === manual.id)).toBeUndefined();
    expect((await notes(so1.id)).map((r: any) => r.content)).toEqual(['加急']);
    expect((await order('SO-1')).customer).toBe('星火科技有限公司');

    expectOk(await edit({ id: so1.id, demoOrderNoteList: [] }));
    expect(await notes(so1.id)).toEqual([]);
    expect((await lines(so1.id)).length).toBe(2);
  });

  it('refuses a sub row id of another main row, rolling the whole edit back', async () => {
    const so1 = await order('SO-1');
    const so2 = await order('SO-2');
    const [foreign] = await lines(so1.id);
    refused(await edit({ id: so2.id, customer: '改了', demoOrderLineList: [{ id: foreign.id, productName: '偷来的', quantity: 1 }] }), '订单明细第1行: 数据不存在或不属于当前记录');
    refused(await edit({ id: so1.id, demoOrderLineList: [{ ...foreign }, { ...foreign }] }), '订单明细第2行: 重复的id');
    refused(await edit({ id: so1.id, customer: '改了', demoOrderLineList: [{ ...foreign, quantity: -1 }] }), '订单明细第1行: 数量不能小于1');
    expect((await order('SO-2')).customer).toBe('晨光制造');
    expect((await order('SO-1')).customer).toBe('星火科技有限公司');
    expect((await lines(so1.id)).map((r: any) => [r.productName, r.quantity])).toEqual([['传感器', 5], ['外壳', 3]]);
    expect(await lines(so2.id)).toEqual([]);
  });

  it('deletes the sub rows with their main rows', async () => {
    for (const no of ['SO-3', 'SO-4', 'SO-5']) {
      expectOk(await add({ orderNo: no, customer: no, demoOrderLineList: [{ productName: `${no}-a`, quantity: 1 }], demoOrderNoteList: [{ content: no }] }));
    }
    const [so1, so3, so4, so5] = await Promise.all(['SO-1', 'SO-3', 'SO-4', 'SO-5'].map(order));
    expectOk(await s.api('DELETE', `/demo/order/delete?id=${so1.id}`, { token }), '删除成功!');
    expect(await lines(so1.id)).toEqual([]);
    expectOk(await s.api('DELETE', `/demo/order/deleteBatch?ids=${so3.id},${so4.id}`, { token }), '批量删除成功!');
    expect(await lines(so3.id)).toEqual([]);
    expect(await notes(so4.id)).toEqual([]);
    expect((await lines(so5.id)).map((r: any) => r.productName)).toEqual(['SO-5-a']);
    expect(await lineCount()).toBe(1);
  });

  it('holds a sub row\'s category that follows another field of its row to that field\'s branch, naming the row', async () => {
    const category = async (name: string) => (await (s.db as any).selectFrom('sys_category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    refused(await add({ orderNo: 'SO-B', customer: '分支', demoOrderNoteList: [{ content: '一' }, { content: '二', track: 'agri', field: await category('创新药') }] }),
      '订单备注第2行: 「领域」不属于赛道「现代农业」');
    expect(await order('SO-B')).toBeUndefined();
    expectOk(await add({ orderNo: 'SO-B', customer: '分支', demoOrderNoteList: [{ content: '二', track: 'agri', field: await category('种业') }] }));
    const so = await order('SO-B');
    const [note] = await notes(so.id);
    refused(await edit({ id: so.id, demoOrderNoteList: [{ ...note, track: 'bio' }] }), '订单备注第1行: 「领域」不属于赛道「生物医药」');
    expectOk(await edit({ id: so.id, demoOrderNoteList: [{ ...note, track: 'bio', field: await category('中医药') }] }));
    expectOk(await s.api('DELETE', `/demo/order/delete?id=${so.id}`, { token }));
  });

  it('answers bad subList calls clearly', async () => {
    refused(await s.api.get('/demo/order/subList/nope?mainId=1', { token }), '子表不存在: nope');
    refused(await s.api.get('/demo/order/subList/demoOrderLine', { token }), '缺少参数 mainId');
    expect(await get('/demo/order/subList/demoOrderLine?mainId=unknown')).toMatchObject({ records: [], total: 0 });
    expectEnvelope(await s.api.get('/demo/order/subList/demoOrderLine?mainId=1'), { status: 401 });
  });

  it('a tree page lists roots and children with their dictionary text', async () => {
    const addType = (body: unknown) => s.api.post('/demo/productType/add', body, { token });
    expectOk(await addType({ typeName: '电子', status: '1' }));
    const root = (await get('/demo/productType/list')).records[0];
    expect(root).toMatchObject({ typeName: '电子', status_dictText: '有效', hasChild: '0' });
    expectOk(await addType({ typeName: '传感器', status: '0', parentId: root.id }));
    expectOk(await addType({ typeName: '芯片', status: '1', parentId: root.id }));
    const kids = await get(`/demo/productType/childList?pid=${root.id}`);
    expect(kids.records.map((r: any) => [r.typeName, r.status_dictText, r.hasChild])).toEqual([['传感器', '无效', '0'], ['芯片', '有效', '0']]);
    expect((await get('/demo/productType/list')).records.map((r: any) => [r.typeName, r.hasChild])).toEqual([['电子', '1']]);
    const tree = await get(`/sys/dict/loadTreeData?tableName=demo_product_type&text=type_name&code=id&pidField=parent_id&hasChildField=has_child&pid=${root.id}`);
    expect(tree.map((n: any) => [n.title, n.leaf])).toEqual([['传感器', true], ['芯片', true]]);
  });
});
