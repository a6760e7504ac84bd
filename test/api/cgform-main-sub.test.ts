import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { designField } from '../helpers/cgform-design.js';

/**
 * Main/sub online forms: a sub design names its main table through its foreign key (JeecgBoot's
 * 外键 mainTable/mainField); the main design lists the sub designs that name it; sub tables are
 * synced first (the main's sync does it), and the main page then adds, edits, reads and deletes its rows with theirs.
 */
describe(`online main/sub forms [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const get = async (path: string) => expectOk(await s.api.get(path, { token }));
  const refused = (res: Awaited<ReturnType<TestServer['api']['get']>>, message: string, status = 400) => expectEnvelope(res, { status, success: false, message });
  const field = designField;
  const design = (tableName: string, tableType: number, fields: Record<string, unknown>[], head: Record<string, unknown> = {}) => ({
    head: { tableName, tableTxt: tableName, tableType, ...head },
    fields: [field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), ...fields],
    indexs: [],
  });
  const fk = field('order_id', { dbFieldTxt: '订单', dbLength: 32, mainTable: 'demo_order', mainField: 'id' });
  const head = async (table: string) => (await get(`/online/cgform/head/list?tableName=${table}`)).records[0];
  const ids: Record<string, string> = {};
  const subRows = async (sub: string, mainId: string) => (await get(`/online/data/demo_order/subList/${sub}?mainId=${mainId}`)).records;

  it('saves a main design before its sub tables, and refuses to sync it without one', async () => {
    ids.order = expectOk(await s.api.post('/online/cgform/api/addAll', design('demo_order', 2, [field('order_no', { dbFieldTxt: '订单号', fieldMustInput: '1' })]), { token }), '添加成功！');
    refused(await s.api.post(`/online/cgform/api/doDbSynch/${ids.order}/normal`, {}, { token }), '主表至少需要一个附表：请先新增附表，并在附表的外键中填写本表');
  });

  it('refuses a sub design without a foreign key, or naming a table that is not a main table', async () => {
    refused(await s.api.post('/online/cgform/api/addAll', design('demo_line', 3, [field('item')]), { token }),
      '附表需要且只能有一个外键字段：在“外键”中为关联主表的字段填写主表名和主表字段');
    expectOk(await s.api.post('/online/cgform/api/addAll', design('demo_single', 1, [field('name')]), { token }));
    refused(await s.api.post('/online/cgform/api/addAll', design('demo_line', 3, [field('item'), { ...fk, mainTable: 'demo_single' }]), { token }),
      '表「demo_single」不是主表：请先把它的表类型设为主表');
    refused(await s.api.post('/online/cgform/api/addAll', design('demo_line', 3, [field('item'), { ...fk, mainTable: 'sys_user' }]), { token }),
      '表「sys_user」不是在线表单，不能作为主表');
  });

  it('lists the sub designs on the main one, whose one sync brings the unsynced ones first', async () => {
    ids.line = expectOk(await s.api.post('/online/cgform/api/addAll', design('demo_line', 3, [
      field('item', { dbFieldTxt: '物品', fieldMustInput: '1' }), field('qty', { dbFieldTxt: '数量', dbType: 'int', fieldShowType: 'number' }), fk,
    ], { relationType: 0 }), { token }));
    ids.note = expectOk(await s.api.post('/online/cgform/api/addAll', design('demo_note', 3, [field('memo', { dbFieldTxt: '备注' }), fk], { relationType: 1 }), { token }));
    const main = await head('demo_order');
    expect(JSON.parse(main.schemaJson).subTables).toEqual([
      { code: 'demo_line', foreignKey: 'orderId', display: 'table' }, { code: 'demo_note', foreignKey: 'orderId', display: 'tabs' },
    ]);
    // The designer reopens the sub design with its link on the foreign key's row.
    const lineFields = await get(`/online/cgform/field/listByHeadId?headId=${ids.line}`);
    expect(lineFields.find((f: any) => f.dbFieldName === 'order_id')).toMatchObject({ mainTable: 'demo_order', mainField: 'id' });

    // One sync of the main: the plan shows the sub tables' tables first, and they are synced first.
    const plan = expectOk(await s.api.get(`/online/cgform/api/syncPlan/${ids.order}`, { token }));
    expect(plan.steps.filter((st: any) => st.kind === 'createTable').map((st: any) => st.table)).toEqual(['demo_line', 'demo_note', 'demo_order']);
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${ids.line}/normal`, {}, { token }));
    const synced = expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${ids.order}/normal`, {}, { token }), '同步数据库成功！（附表 demo_note 已先同步）');
    expect(synced.subs).toEqual(['demo_note']);
    for (const t of ['demo_order', 'demo_line', 'demo_note']) expect((await head(t)).isDbSynch).toBe('Y');
  });

  it('puts the main form in the menu (a top-level entry when asked, for the roles chosen), never a sub table alone', async () => {
    refused(await s.api.post('/online/cgform/head/addToMenu', { id: ids.line }, { token }),
      '附表不能单独添加到菜单：请把主表「demo_order」添加到菜单，附表随主表编辑');
    const reviewerRole = (await get('/sys/role/list?roleCode=reviewer')).records[0].id;
    refused(await s.api.post('/online/cgform/head/addToMenu', { id: ids.order, topLevel: true, parentId: 'x' }, { token }), '一级菜单不能再选择上级菜单');
    const menuId = expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: ids.order, topLevel: true, roleIds: [reviewerRole] }, { token }), '已添加到菜单');
    const reviewer = await s.login('reviewer');
    const menus = expectOk(await s.api.get('/sys/permission/getUserPermissionByToken', { token: reviewer })).menu;
    // A root of the reviewer's sidebar, not inside 在线开发.
    expect(menus.find((m: any) => m.id === menuId)).toMatchObject({ path: '/online/cgformList/demo_order', meta: { title: 'demo_order' } });
  });

  it('adds, reads, edits and deletes a main row with its sub rows, validating each sub row', async () => {
    const page = expectOk(await s.api.get('/sys/schema/page?component=online/demo_order', { token }));
    expect(page).toMatchObject({ kind: 'main', subTables: [{ code: 'demo_line' }, { code: 'demo_note' }] });

    const bad = await s.api.post('/online/cgform/api/form/demo_order', { orderNo: 'A1', demo_lineList: [{ qty: 1 }] }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('物品');
    expect((await get('/online/cgform/api/getData/demo_order')).total).toBe(0);

    expectOk(await s.api.post('/online/cgform/api/form/demo_order', {
      orderNo: 'A1', demo_lineList: [{ item: '螺丝', qty: 3 }, { item: '螺母', qty: 5, orderId: 'forged' }], demo_noteList: [{ memo: '加急' }],
    }, { token }));
    const order = (await get('/online/cgform/api/getData/demo_order')).records[0];
    const lines = await subRows('demo_line', order.id);
    // The foreign key is the server's: a forged one is replaced by the main row's id.
    expect(lines.map((l: any) => [l.item, l.qty, l.orderId])).toEqual(expect.arrayContaining([['螺丝', 3, order.id], ['螺母', 5, order.id]]));
    expect(lines).toHaveLength(2);

    const keep = lines.find((l: any) => l.item === '螺丝');
    expectOk(await s.api.put('/online/cgform/api/form/demo_order', { id: order.id, orderNo: 'A1-改', demo_lineList: [{ id: keep.id, item: '螺丝', qty: 4 }] }, { token }));
    const after = await subRows('demo_line', order.id);
    expect(after.map((l: any) => [l.item, l.qty])).toEqual([['螺丝', 4]]);
    expect(await subRows('demo_note', order.id)).toHaveLength(1);

    expectOk(await s.api('DELETE', `/online/cgform/api/form/demo_order/${order.id}`, { token }));
    expect(await subRows('demo_line', order.id)).toHaveLength(0);
    expect((await get('/online/cgform/api/getData/demo_line')).total).toBe(0);
  });

  it('serves the runtime configuration of the form in force: list columns and form items with the sub tables', async () => {
    refused(await s.api.get(`/online/cgform/api/getColumns/${ids.order}-nope`, { token }), '表单不存在', 404);
    const cols = await get(`/online/cgform/api/getColumns/${ids.order}`);
    expect(cols).toMatchObject({ code: 'demo_order', description: 'demo_order', currentTableName: 'demo_order', tableType: 2, paginationFlag: 'Y', hideColumns: [] });
    expect(cols.columns.map((c: any) => c.dataIndex)).toEqual(['orderNo']);
    const lineCols = await get('/online/cgform/api/getColumns/demo_line');
    expect(lineCols).toMatchObject({ tableType: 3, foreignKeys: [{ table: 'demo_order', field: 'orderId' }], relationType: 0 });
    expect(lineCols.columns.find((c: any) => c.dataIndex === 'qty')).toMatchObject({ title: '数量', dbType: 'int', fieldType: 'number', sorter: true });

    const item = await get(`/online/cgform/api/getFormItem/${ids.order}`);
    expect(item.head).toMatchObject({ id: ids.order, tableName: 'demo_order', tableType: 2 });
    expect(item.head).not.toHaveProperty('schemaJson');
    expect(item.schema.required).toEqual(['orderNo']);
    expect(item.schema.properties.orderNo).toMatchObject({ title: '订单号', view: 'text', type: 'string' });
    expect(item.schema.properties.demo_line).toMatchObject({ view: 'tab', relationType: 0, foreignKey: 'orderId', required: ['item'] });
    expect(item.schema.properties.demo_line.columns.map((c: any) => c.key)).toEqual(['item', 'qty']);
    expect(item.schema.properties.demo_note).toMatchObject({ view: 'tab', relationType: 1, properties: { memo: { title: '备注' } } });
  });

  it('a new sub design marks its synced main as changed until the main is synced again', async () => {
    ids.extra = expectOk(await s.api.post('/online/cgform/api/addAll', design('demo_extra', 3, [field('tag'), fk]), { token }));
    expect((await head('demo_order')).isDbSynch).toBe('N');
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${ids.order}/normal`, {}, { token }), '同步数据库成功！（附表 demo_extra 已先同步）');
    expect((await head('demo_extra')).isDbSynch).toBe('Y');
    const page = expectOk(await s.api.get('/sys/schema/page?component=online/demo_order', { token }));
    expect(page.subTables.map((t: any) => t.code)).toEqual(['demo_extra', 'demo_line', 'demo_note']);
  });

  it('serves main and sub forms again after a restart, sub tables first', async () => {
    await s.restart();
    token = await s.login('admin');
    const page = expectOk(await s.api.get('/sys/schema/page?component=online/demo_order', { token }));
    expect(page.subTables).toHaveLength(3);
    expectOk(await s.api.post('/online/cgform/api/form/demo_order', { orderNo: 'B2', demo_lineList: [{ item: '垫片', qty: 1 }] }, { token }));
    expect((await get('/online/cgform/api/getData/demo_line')).records.map((r: any) => r.item)).toEqual(['垫片']);
  });
});
