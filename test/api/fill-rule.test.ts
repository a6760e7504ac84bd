import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const pad = (n: number) => String(n).padStart(2, '0');
const today = () => { const d = new Date(); return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`; };

/** /sys/fillRule: declarative rules as a schema page; executeRuleByCode hands out the next value. */
describe(`fill rules [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const run = (code: string, body: unknown = {}, t = token) => s.api.put(`/sys/fillRule/executeRuleByCode/${code}`, body, { token: t });
  const next = async (code: string, body: unknown = {}) => {
    const res = await run(code, body);
    expectEnvelope(res, { success: true, code: 200, message: '' });
    return res.body.result as string;
  };
  const refused = (res: Awaited<ReturnType<typeof run>>, message: string) => expectEnvelope(res, { status: 400, success: false, code: 400, message });

  it('numbers the seeded order rule per day: CN + date + 4-digit sequence', async () => {
    expect(await next('order_num_rule')).toBe(`CN${today()}0001`);
    expect(await next('order_num_rule')).toBe(`CN${today()}0002`);
    const post = await s.api.post('/sys/fillRule/executeRuleByCode/order_num_rule', {}, { token });
    expect(expectOk(post)).toBe(`CN${today()}0003`);
    expect(expectOk(await s.api.get('/sys/fillRule/testFillRule?ruleCode=order_num_rule', { token }))).toBe(`CN${today()}0004`);
    expect(await next('project_num_rule')).toBe(`XM${new Date().getFullYear()}00001`);
    const counters = await (s.db as unknown as Kysely<any>).selectFrom('sys_fill_rule_seq').selectAll().where('ruleCode', '=', 'order_num_rule').execute();
    expect(counters.map((c) => [c.period, Number(c.value)])).toEqual([[today(), 4]]);
  });

  it('gives 20 concurrent calls 20 distinct consecutive values', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => run('order_num_rule')));
    const values = results.map((r) => expectOk(r) as string);
    expect(new Set(values).size).toBe(20);
    expect(values.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `CN${today()}${String(i + 5).padStart(4, '0')}`));
  });

  it('manages rules through the generic CRUD, refusing params that cannot run', async () => {
    const list = expectOk(await s.api.get('/sys/fillRule/list?column=ruleCode&order=asc', { token }));
    expect(list.records.map((r: any) => r.ruleCode)).toEqual(['order_num_rule', 'project_num_rule']);
    expect(JSON.parse(list.records[0].ruleParams)).toEqual({ pattern: 'CN${YYYYMMDD}${seq:4}', reset: 'day' });

    const add = (body: Record<string, unknown>) => s.api.post('/sys/fillRule/add', body, { token });
    refused(await add({ ruleName: '坏', ruleCode: 'bad', ruleParams: 'CN{seq}' }), '规则参数有误：规则参数不是合法的JSON');
    refused(await add({ ruleName: '坏', ruleCode: 'bad', ruleParams: '{"rule_class":"org.jeecg.Evil"}' }), '规则参数有误：未知的规则参数: rule_class');
    refused(await add({ ruleName: '坏', ruleCode: 'bad', ruleParams: '{"pattern":"${seq}${seq}"}' }), '规则参数有误：一个规则最多包含一个序号');
    refused(await add({ ruleName: '坏', ruleCode: 'bad rule', ruleParams: '{"pattern":"${seq}"}' }), '规则编码只能包含字母、数字和下划线');
    expectEnvelope(await add({ ruleName: '重复', ruleCode: 'order_num_rule', ruleParams: '{"pattern":"${seq}"}' }), { success: false, message: '数据库中已存在该记录' });

    expectOk(await add({ ruleName: '部门流水', ruleCode: 'dept_rule', ruleClass: 'ignored.Class', ruleParams: '{"pattern":"${form:dept}-${seq:3}","start":100}' }), '添加成功！');
    const row = expectOk(await s.api.get('/sys/fillRule/list?ruleCode=dept_rule', { token })).records[0];
    refused(await s.api.put('/sys/fillRule/edit', { id: row.id, ruleParams: '{"pattern":"${nope}"}' }, { token }), '规则参数有误：不支持的日期格式: nope');
  });

  it('fills form values into the pattern; a refused form does not use up a number', async () => {
    expect(await next('dept_rule', { dept: 'RD' })).toBe('RD-100');
    refused(await run('dept_rule', { dept: 'R D' }), '表单字段 dept 的值只能包含文字、数字、- 和 _');
    expect(await next('dept_rule', { dept: '研发' })).toBe('研发-101');
    const batch = await s.api.put('/sys/fillRule/executeRuleByCodeBatch', {
      commonFormData: { dept: 'QA' }, rules: [{ ruleCode: 'dept_rule' }, { ruleCode: 'dept_rule', formData: { dept: 'OPS' } }],
    }, { token });
    expect(expectOk(batch)).toEqual([{ ruleCode: 'dept_rule', result: 'QA-102' }, { ruleCode: 'dept_rule', result: 'OPS-103' }]);
  });

  it('keeps counting for a code after its rule is deleted and created again', async () => {
    const row = expectOk(await s.api.get('/sys/fillRule/list?ruleCode=dept_rule', { token })).records[0];
    expectOk(await s.api('DELETE', `/sys/fillRule/delete?id=${row.id}`, { token }), '删除成功!');
    refused(await run('dept_rule'), '填值规则不存在: dept_rule');
    expectOk(await s.api.post('/sys/fillRule/add', { ruleName: '部门流水', ruleCode: 'dept_rule', ruleParams: '{"pattern":"${form:dept}-${seq:3}","start":100}' }, { token }));
    expect(await next('dept_rule', { dept: 'RD' })).toBe('RD-104');
  });

  it('answers bad calls with a clear 400; a user holding neither the fill-rule page nor a form using the rule can neither run nor edit one', async () => {
    refused(await run('nope'), '填值规则不存在: nope');
    refused(await run("x' or '1'='1"), '规则编码格式不正确');
    refused(await run('order_num_rule', [1, 2]), '表单数据需要一个JSON对象');
    refused(await s.api.put('/sys/fillRule/executeRuleByCodeBatch', { rules: [] }, { token }), 'rules 需要一个非空数组');
    refused(await s.api.put('/sys/fillRule/executeRuleByCodeBatch', { rules: [{ ruleCode: 'nope' }] }, { token }), '填值规则不存在: nope');
    refused(await s.api.get('/sys/fillRule/testFillRule', { token }), '规则编码格式不正确');

    const applicant = await s.login('applicant');
    expectEnvelope(await run('project_num_rule', {}, applicant), { status: 403 });
    expectEnvelope(await s.api.post('/sys/fillRule/add', { ruleName: 'x', ruleCode: 'x', ruleParams: '{"pattern":"${seq}"}' }, { token: applicant }), { status: 403 });
    expectEnvelope(await s.api.put('/sys/fillRule/executeRuleByCode/order_num_rule', {}), { status: 401 });
  });
});
