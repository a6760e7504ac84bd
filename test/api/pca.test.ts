import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcaRoot } from '../fixtures/schemas-pca/root.js';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Area (`pca`) fields in lists and exports (contract §7.3): the stored district code comes back with
 * `<field>_dictText`, the names from the province down joined by '/'; an unknown code stays raw.
 */
describe(`pca field text: /demo/address [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let fixture: ReturnType<typeof pcaRoot>;
  beforeAll(async () => {
    fixture = pcaRoot();
    s = await startServer({ root: fixture.root });
    token = await s.login('admin');
    for (const [name, area] of [['a-district', '110101'], ['b-city', '440300'], ['c-province', '330000'], ['d-unknown', '999999'], ['e-empty', null]]) {
      expectOk(await s.api.post('/demo/address/add', { name, area }, { token }));
    }
  });
  afterAll(async () => {
    await s?.close();
    fixture?.remove();
  });

  it('lists the stored code with its names joined by /; an unknown code stays as stored, an empty one has no text', async () => {
    const page = expectOk(await s.api.get('/demo/address/list?column=name&order=asc', { token }));
    expect(page.records.map((r: any) => [r.name, r.area, r.area_dictText])).toEqual([
      ['a-district', '110101', '北京市/市辖区/东城区'],
      ['b-city', '440300', '广东省/深圳市'],
      ['c-province', '330000', '浙江省'],
      ['d-unknown', '999999', '999999'],
      ['e-empty', null, null],
    ]);
  });

  it('queries by the stored code and translates the row it finds', async () => {
    const page = expectOk(await s.api.get('/demo/address/list?area=440300', { token }));
    expect(page.records.map((r: any) => [r.name, r.area_dictText])).toEqual([['b-city', '广东省/深圳市']]);
  });

  it('exports the names, not the codes', async () => {
    const res = await fetch(`${s.apiUrl}/demo/address/exportXls?column=name&order=asc`, { headers: { 'X-Access-Token': token } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[2]).toEqual(['名称', '所在地区']);
    expect(rows.slice(3)).toEqual([
      ['a-district', '北京市/市辖区/东城区'],
      ['b-city', '广东省/深圳市'],
      ['c-province', '浙江省'],
      ['d-unknown', '999999'],
      ['e-empty'],
    ]);
  });
});
