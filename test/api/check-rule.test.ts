import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** /sys/checkRule: rules are a schema page; checkByCode applies one to a value. */
describe(`check rules [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const check = (ruleCode: string, value: string) =>
    s.api.get(`/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`, { token });

  it('passes and fails values against the seeded common rule, with the failing segment', async () => {
    expectEnvelope(await check('common', 'abc_1'), { success: true, code: 200 });
    const res = await check('common', '1abc');
    expectRefused(res, '第一位只能是字母');
    expect(res.body.result).toEqual({ digits: '1', pattern: '^[a-z|A-Z]$', message: '第一位只能是字母', beginIndex: 0, endIndex: 1, checkValue: '1', passed: false });
    expectRefused(await check('common', 'a-b c'), '只能填写数字、大小写字母、下划线');
    expectRefused(await check('common', 'ab'), '最少输入3位数');
    expectEnvelope(await check('common', ''), { success: true });
  });

  it('answers an unknown code and a broken rule clearly', async () => {
    expectRefused(await check('nope', 'x'), '该编码不存在');
    expectOk(await s.api.post('/sys/checkRule/add', { ruleName: '坏规则', ruleCode: 'broken', ruleJson: '[{"digits":"*","pattern":"("}]' }, { token }), '添加成功！');
    expectRefused(await check('broken', 'x'), '校验规则配置有误：第1段的正则表达式无效');
    expectEnvelope(await s.api.get('/sys/checkRule/checkByCode?value=x', { token }), { status: 400 });
  });

  it('manages rules through the generic CRUD of its schema', async () => {
    const list = expectOk(await s.api.get('/sys/checkRule/list?ruleCode=common', { token }));
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ ruleName: '通用编码规则', ruleCode: 'common' });
    expectRefused(await s.api.post('/sys/checkRule/add', { ruleName: 'x', ruleCode: 'common', ruleJson: '[]' }, { token }), '数据库中已存在该记录');
  });
});
