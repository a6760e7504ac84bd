/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeProblem } from '../../src/schema/credit-code.js';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * 企业管理 (schemas/pms/pms_enterprise.json): the enterprise directory. The 统一社会信用代码 is
 * checked by its GB 32100-2015 check character on every write, name and code are unique with a
 * clear answer, industry and scale read through their dictionaries, the phone is personal data.
 */
describe(`企业管理: the enterprise directory [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const industry = async (name: string) => (await (s.db as any).selectFrom('sys_category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const body = async (more: Record<string, unknown> = {}) => ({
    name: '宁波海蓝智能装备有限公司', creditCode: '91330100799655058B', legalPerson: '冯洋', region: '330106', industry: await industry('先进制造'),
    scale: 'S', contact: '冯洋', phone: '13912345678', address: '宁波市高新区', intro: '海洋装备', ...more,
  });
  const refused = (res: any, status: number, message: string | RegExp) => expectEnvelope(res, { status, success: false, message });

  it('seeds a few real-looking enterprises, every credit code valid', async () => {
    const page = expectOk(await s.api.get('/pms/enterprise/list?pageSize=50', { token: admin }));
    expect(page.total).toBeGreaterThanOrEqual(5);
    for (const r of page.records) expect(creditCodeProblem(r.creditCode), `${r.name} ${r.creditCode}`).toBeNull();
    const chip = page.records.find((r: any) => r.name === '深圳芯海微电子有限公司');
    expect(chip).toMatchObject({ industry_dictText: '集成电路', scale_dictText: '中型', region_dictText: expect.stringContaining('南山区') });
  });

  it('adds, reads, edits and deletes an enterprise as the administrator', async () => {
    expectOk(await s.api.post('/pms/enterprise/add', await body(), { token: admin }), '添加成功！');
    const [row] = expectOk(await s.api.get(`/pms/enterprise/list?name=${encodeURIComponent('宁波海蓝*')}`, { token: admin })).records;
    expect(row).toMatchObject({ creditCode: '91330100799655058B', industry_dictText: '先进制造', scale_dictText: '小型', phone: '13912345678' });
    expectOk(await s.api.put('/pms/enterprise/edit', { id: row.id, scale: 'M', contact: '冯海' }, { token: admin }), '编辑成功!');
    expect(expectOk(await s.api.get(`/pms/enterprise/queryById?id=${row.id}`, { token: admin }))).toMatchObject({ scale: 'M', contact: '冯海' });
    expectOk(await s.api('DELETE', `/pms/enterprise/delete?id=${row.id}`, { token: admin }), '删除成功!');
  });

  it('refuses a credit code with a wrong check character, on add and edit, and stores nothing', async () => {
    refused(await s.api.post('/pms/enterprise/add', await body({ name: '校验位错误公司', creditCode: '91330100799655058C' }), { token: admin }), 400, '统一社会信用代码校验位不正确');
    refused(await s.api.post('/pms/enterprise/add', await body({ name: '长度错误公司', creditCode: '9133010079965505' }), { token: admin }), 400, '统一社会信用代码应为18位（当前16位）');
    refused(await s.api.post('/pms/enterprise/add', await body({ name: '字符错误公司', creditCode: '91330100799655058O' }), { token: admin }), 400, /无效字符「O」/);
    const names = expectOk(await s.api.get('/pms/enterprise/list?pageSize=50', { token: admin })).records.map((r: any) => r.name);
    expect(names.filter((n: string) => n.endsWith('错误公司'))).toEqual([]);
    const [seeded] = expectOk(await s.api.get(`/pms/enterprise/list?name=${encodeURIComponent('杭州云栖*')}`, { token: admin })).records;
    refused(await s.api.put('/pms/enterprise/edit', { id: seeded.id, creditCode: '91330106MA2H3K7P1F' }, { token: admin }), 400, '统一社会信用代码校验位不正确');
    expect(expectOk(await s.api.get(`/pms/enterprise/queryById?id=${seeded.id}`, { token: admin })).creditCode).toBe('91330106MA2H3K7P1E');
  });

  it('refuses a taken name or credit code, naming which', async () => {
    refused(await s.api.post('/pms/enterprise/add', await body({ name: '杭州云栖智算科技有限公司' }), { token: admin }), 409, '企业名称「杭州云栖智算科技有限公司」已存在');
    refused(await s.api.post('/pms/enterprise/add', await body({ name: '另一家公司', creditCode: '91330106MA2H3K7P1E' }), { token: admin }), 409, '统一社会信用代码 91330106MA2H3K7P1E 已被其他企业使用');
    const [seeded] = expectOk(await s.api.get(`/pms/enterprise/list?name=${encodeURIComponent('北京数衡*')}`, { token: admin })).records;
    refused(await s.api.put('/pms/enterprise/edit', { id: seeded.id, name: '深圳芯海微电子有限公司' }, { token: admin }), 409, '企业名称「深圳芯海微电子有限公司」已存在');
    // Saving a row with its own name and code unchanged is fine.
    expectOk(await s.api.put('/pms/enterprise/edit', { id: seeded.id, name: seeded.name, creditCode: seeded.creditCode }, { token: admin }));
    // The form's duplicate check answers taken for the code too.
    expectEnvelope(await s.api.get('/sys/duplicate/check?tableName=pms_enterprise&fieldName=creditCode&fieldVal=91330106MA2H3K7P1E', { token: admin }), { success: false });
  });

  it('refuses a bad phone and keeps the page to its holders', async () => {
    refused(await s.api.post('/pms/enterprise/add', await body({ name: '电话错误公司', creditCode: '91440300708461136T', phone: '12345' }), { token: admin }), 400, '请输入正确的手机号或座机号（如 010-12345678）');
    expect((await s.api.post('/pms/enterprise/add', await body({ name: '越权公司', creditCode: '91440300708461136T' }), { token: applicant })).status).toBe(403);
    expect((await s.api.get('/pms/enterprise/list', { token: applicant })).status).toBe(403);
  });
});
