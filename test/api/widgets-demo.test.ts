import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetsRoot } from '../fixtures/schemas-widgets/root.js';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * A page using every field view (test/fixtures/schemas-widgets): what each view stores comes back
 * from the list translated the way the browser shows it — pickers through the dictionary their view
 * implies, areas through the bundled area data — and the export carries the same text.
 */
describe(`every field view through the engine [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let fixture: ReturnType<typeof widgetsRoot>;
  beforeAll(async () => {
    fixture = widgetsRoot();
    s = await startServer({ root: fixture.root });
    token = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
    fixture?.remove();
  });
  const get = async (path: string) => expectOk(await s.api.get(path, { token }));

  it('stores each view’s value and lists it with its text', async () => {
    const depart = (await get('/sys/sysDepart/queryTreeList'))[0];
    const categories = await get('/sys/category/loadTreeData?pcode=0');
    const top = categories.find((c: any) => c.title === '行业领域');
    const sub = (await get(`/sys/category/loadTreeData?pid=${top.key}`)).find((c: any) => c.title === '信息技术');
    expectOk(await s.api.post('/sys/position/add', { code: 'P-ENG', name: '工程师', postRank: '3' }, { token }));
    const post = (await get('/sys/position/list?code=P-ENG')).records[0];

    expectOk(await s.api.post('/demo/widgets/add', {
      title: '全部组件', secret: 'p@ss', summary: '多行\n文本', amount: 1234.5, quantity: 3, enabled: 'Y',
      startDate: '2025-05-01', meetAt: '2025-05-01 09:30:00', alarm: '08:00:00',
      gender: '2', priority: 'H', levels: 'L,M', flags: 'M',
      post: post.code, parentDepart: depart.id, category: sub.key, topCategory: top.key, subCategory: sub.key,
      owner: 'admin', depart: depart.id, postName: post.name, postCode: post.code, area: '110101',
      attachment: 'temp/合同_1700000000000.pdf', photo: 'temp/a_1.png,temp/b_2.png',
      content: '<p>富文本</p>', notes: '# 标题',
    }, { token }));

    const row = (await get('/demo/widgets/list?title=全部组件')).records[0];
    expect(row).toMatchObject({
      gender_dictText: '女', priority_dictText: '紧急', levels_dictText: '一般,重要',
      post_dictText: post.name, parentDepart_dictText: depart.departName ?? depart.title,
      category_dictText: '信息技术', topCategory_dictText: '行业领域', subCategory_dictText: '信息技术',
      owner_dictText: expect.any(String), depart_dictText: depart.departName ?? depart.title,
      area_dictText: '北京市/市辖区/东城区', enabled: 'Y', quantity: 3, amount: 1234.5,
    });
    expect(row.owner_dictText).not.toBe('admin');
    expect(row.secret).toBeUndefined();

    // Query by a picker's stored value and by an area code.
    expect((await get('/demo/widgets/list?owner=admin')).total).toBe(1);
    expect((await get('/demo/widgets/list?area=110101')).total).toBe(1);

    const res = await fetch(`${s.apiUrl}/demo/widgets/exportXls`, { headers: { 'X-Access-Token': token } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: string[][] = [];
    book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).map(String)));
    const cells = rows.find((r) => r.includes('全部组件'))!;
    expect(cells).toEqual(expect.arrayContaining(['女', '紧急', '信息技术', '北京市/市辖区/东城区']));
  });

  it('finds a value among a comma-joined column\'s parts: one picked user among several, never a longer name', async () => {
    for (const [title, owner, levels] of [['两人负责', 'admin,reviewer', 'M,H'], ['相似账号', 'reviewer2', 'L'], ['一人负责', 'reviewer', 'H']]) {
      expectOk(await s.api.post('/demo/widgets/add', { title, owner, levels }, { token }));
    }
    const titles = async (q: string) => (await get(`/demo/widgets/list?${q}&column=title&order=asc`)).records.map((r: any) => r.title).sort();
    expect(await titles('owner=reviewer')).toEqual(['一人负责', '两人负责'].sort());
    expect(await titles('owner=admin,reviewer2')).toEqual(['全部组件', '两人负责', '相似账号'].sort());
    expect(await titles(`owner=${encodeURIComponent(',reviewer2,')}`)).toEqual(['相似账号']);
    // A multi-select searched by one of its choices (the query bar sends the chosen ones as a list).
    expect(await titles('levels=H')).toEqual(['一人负责', '两人负责'].sort());
    expect(await titles('levels=L,M')).toEqual(['两人负责', '全部组件', '相似账号'].sort());
  });
});
