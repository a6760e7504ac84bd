import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { designField as field } from '../helpers/cgform-design.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * An online form's cross-field and sum checks, designed in the browser's 字段间校验 tab (head.crossChecks,
 * head.sumChecks): refused at save in the designer's words, kept through reopen, and enforced by the
 * engine on the form's add and edit as a page schema's own checks are.
 */
describe(`online form checks [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const refused = (res: Awaited<ReturnType<TestServer['api']['get']>>, message: string) => expectEnvelope(res, { status: 400, success: false, message });
  const fields = [
    field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
    field('title', { dbFieldTxt: '名称', fieldMustInput: '1', orderNum: 1 }),
    field('start_date', { dbFieldTxt: '开始日期', dbType: 'Date', fieldShowType: 'date', orderNum: 2 }),
    field('end_date', { dbFieldTxt: '结束日期', dbType: 'Date', fieldShowType: 'date', orderNum: 3 }),
    field('weight_a', { dbFieldTxt: '专家权重', dbType: 'int', fieldShowType: 'number', orderNum: 4 }),
    field('weight_b', { dbFieldTxt: '评委权重', dbType: 'int', fieldShowType: 'number', orderNum: 5 }),
  ];
  const checks = {
    crossChecks: [{ field: 'end_date', op: 'ge', than: 'start_date' }],
    sumChecks: [{ fields: ['weight_a', 'weight_b'], equals: 100, label: '各项权重', unit: '%' }],
  };
  const design = (head: Record<string, unknown>) => ({ head: { tableName: 'demo_event', tableTxt: '活动', tableType: 1, ...head }, fields, indexs: [] });
  let headId: string;
  const form = () => `/online/cgform/api/form/${headId}`;

  it('refuses a check that cannot hold at save, naming it', async () => {
    refused(await s.api.post('/online/cgform/api/addAll', design({ crossChecks: [{ field: 'end_date', op: 'ge', than: 'weight_a' }] }), { token }),
      '比较校验第1条：「结束日期」是日期，「专家权重」是数字，不能比较');
    refused(await s.api.post('/online/cgform/api/addAll', design({ sumChecks: [{ fields: ['weight_a', 'title'], equals: 100, label: '权重' }] }), { token }),
      '合计校验第1条：「名称」不是数字字段，不能合计');
    expect((await s.api.get('/online/cgform/head/list?tableName=demo_event', { token })).body.result.total).toBe(0);
  });

  it('keeps the checks through save and reopen, and the synced page refuses what breaks them', async () => {
    headId = expectOk(await s.api.post('/online/cgform/api/addAll', design(checks), { token }), '添加成功！');
    const head = expectOk(await s.api.get('/online/cgform/head/list?tableName=demo_event', { token })).records[0];
    expect(JSON.parse(head.schemaJson)).toMatchObject({
      crossChecks: [{ field: 'endDate', op: 'ge', than: 'startDate' }],
      sumChecks: [{ fields: ['weightA', 'weightB'], equals: 100, label: '各项权重', unit: '%' }],
    });
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }), '同步数据库成功！');
    expectOk(await s.api.post('/online/cgform/head/addToMenu', { id: headId }, { token }), '已添加到菜单');
    refused(await s.api.post(form(), { title: '倒置', startDate: '2026-05-02', endDate: '2026-05-01', weightA: 60, weightB: 40 }, { token }), '「结束日期」不能早于「开始日期」');
    refused(await s.api.post(form(), { title: '缺权重', startDate: '2026-05-01', endDate: '2026-05-01', weightA: 60, weightB: 30 }, { token }), '各项权重合计须为100%，当前为90%');
    expectOk(await s.api.post(form(), { title: '正常', startDate: '2026-05-01', endDate: '2026-05-03', weightA: 60, weightB: 40 }, { token }));
    const stored = expectOk(await s.api.get(`/online/cgform/api/getData/${headId}?title=${encodeURIComponent('正常')}`, { token })).records[0];
    expect(stored).toMatchObject({ endDate: '2026-05-03', weightA: 60, weightB: 40 });
    refused(await s.api.put(form(), { id: stored.id, endDate: '2026-04-30' }, { token }), '「结束日期」不能早于「开始日期」');
  });
});
