import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

describe(`bad input [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  // after every refusal the server still answers normally
  afterEach(async () => {
    const res = await s.api.get('/site/siteinfoFz');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('malformed JSON is 400 请求体不是合法的JSON', async () => {
    for (const raw of ['{"username":', '{username:"admin"}', '{"a":1}}', 'undefined']) {
      expectEnvelope(await s.api.post('/sys/login', raw), { status: 400, success: false, code: 400, message: '请求体不是合法的JSON' });
    }
  });

  it('a prototype-pollution key is refused as bad JSON', async () => {
    const res = await s.api.post('/sys/login', '{"username":"admin","password":"x","__proto__":{"isAdmin":true}}');
    expectEnvelope(res, { status: 400, success: false, code: 400, message: '请求体不是合法的JSON' });
  });

  it('an empty JSON body is 400 请求体为空', async () => {
    expectEnvelope(await s.api('POST', '/sys/login', { headers: { 'Content-Type': 'application/json' } }),
      { status: 400, success: false, code: 400, message: '请求体为空' });
  });

  it('a body over 1 MiB is 413 请求体过大', async () => {
    const res = await s.api.post('/sys/login', { username: 'a'.repeat(1024 * 1024 + 10), password: 'x' });
    expectEnvelope(res, { status: 413, success: false, code: 413, message: '请求体过大' });
    // just under the limit is parsed (and then refused by the schema, not by size)
    const near = await s.api.post('/sys/login', { username: 'a'.repeat(1000 * 1024), password: 'x' });
    expectEnvelope(near, { status: 400, success: false, code: 400, message: /^参数错误/ });
  });

  it('an unsupported content type is 415 不支持的请求类型', async () => {
    const res = await s.api.post('/sys/login', 'username=admin&password=x', { contentType: 'application/x-www-form-urlencoded' });
    expectEnvelope(res, { status: 415, success: false, code: 415, message: '不支持的请求类型' });
  });

  it('wrong types are 400 with a message starting 参数错误', async () => {
    const cases: unknown[] = [
      { username: { $ne: null }, password: 'x' },
      { username: 'admin', password: { $gt: '' } },
      { username: 'admin' },
      { password: 'x' },
      { username: '', password: 'x' },
      { username: 'admin', password: 'x'.repeat(129) },
      { username: 'admin', password: 'x', checkKey: 'k'.repeat(65), captcha: 'abcd' },
      { username: 'admin', password: 'x', captcha: { a: 1 } },
      null,
      [],
      'just a string',
    ];
    for (const body of cases) {
      const res = await s.api.post('/sys/login', JSON.stringify(body));
      expectEnvelope(res, { status: 400, success: false, code: 400 });
      expect(res.body.message, JSON.stringify(body)).toMatch(/^参数错误/);
    }
    const token = await s.login();
    for (const [path, body] of [
      ['/sys/selectDepart', { orgCode: { a: 1 } }],
      ['/sys/selectDepart', null],
      ['/sys/user/updatePassword', { oldpassword: { a: 1 } }],
      ['/sys/user/updatePassword', []],
    ] as const) {
      const res = await s.api.put(path, JSON.stringify(body), { token });
      expectEnvelope(res, { status: 400, success: false, code: 400 });
      expect(res.body.message, `${path} ${JSON.stringify(body)}`).toMatch(/^参数错误/);
    }
  });

  it('an unknown route is 404 路径不存在，请检查路径是否正确, with or without a token', async () => {
    const want = { status: 404, success: false, code: 404, message: '路径不存在，请检查路径是否正确' };
    expectEnvelope(await s.api.get('/nope'), want);
    expectEnvelope(await s.api.post('/sys/nope/deeper', {}), want);
    expectEnvelope(await s.api.get('/sys/user/nope', { token: await s.login() }), want);
    // a known path with a method it does not take
    expectEnvelope(await s.api('DELETE', '/sys/login'), want);
  });

  it('SQL-ish input is an ordinary failed login, never a 500', async () => {
    for (const [username, password] of [
      ["admin' OR '1'='1", 'x'],
      ["admin'--", 'x'],
      ['admin', "x' OR '1'='1"],
      ['admin"; DROP TABLE sys_user; --', 'x'],
      ['%', 'x'],
      ['adm_n', 'x'],
    ]) {
      expectRefused(await s.api.post('/sys/login', { username, password }), '用户名或密码错误');
    }
    // the table is still there and admin still logs in
    expect(await s.login()).toBeTruthy();
  });

  it('SQL-ish dictionary codes are refused with 字典Code格式不正确！', async () => {
    const token = await s.login();
    for (const code of ["sex' OR '1'='1", 'sex%27%3B%20DROP%20TABLE%20sys_dict%3B--', 'sex)']) {
      expectRefused(await s.api.get(`/sys/dict/getDictItems/${code}`, { token }), '字典Code格式不正确！');
    }
  });

  it('a NUL byte in a body or URL is refused with 400 before any database sees it', async () => {
    const nul = { status: 400, success: false, code: 400, message: '请求包含非法字符' };
    expectEnvelope(await s.api.post('/sys/login', { username: 'adm\u0000in', password: 'x' }), nul);
    expectEnvelope(await s.api.post('/sys/login', { username: 'admin', password: 'x\u0000y' }), nul);
    expectEnvelope(await s.api.get('/sys/dict/getDictItems/se%00x'), nul);
    expectOk(await s.api.get('/site/siteinfoFz'));
  });

  it('a very long captcha key is refused cleanly', async () => {
    const key65 = 'k'.repeat(65);
    expectRefused(await s.api.get(`/sys/randomImage/${key65}`), '验证码key过长');
    expect(await s.captchaCode(key65)).toBeUndefined();
    expect(await s.captchaCode(key65.slice(0, 64))).toBeUndefined();
    // 64 is still fine
    expectOk(await s.api.get(`/sys/randomImage/${'k'.repeat(64)}`));
    // beyond the router's parameter limit: a 4xx from the router, no stack trace
    for (const len of [600, 8000]) {
      const res = await s.api.get(`/sys/randomImage/${'k'.repeat(len)}`);
      expect(res.status).toBe(414);
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  });

  it('a badly percent-encoded path is a 400, not a 500', async () => {
    const res = await s.api.get('/sys/randomImage/%E0%A4%A');
    expect(res.status).toBe(400);
  });

  it('a number for a string field is its text; an array is refused (as Jackson does), not crashed on', async () => {
    expectRefused(await s.api.post('/sys/login', { username: 12345, password: 'x' }), '用户名或密码错误');
    expectEnvelope(await s.api.post('/sys/login', { username: ['nobody'], password: 'x' }), { status: 400, success: false, message: '参数错误: body/username must be string' });
  });

  it('answers 50 concurrent bad requests without dropping any', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      s.api.post('/sys/login', i % 2 ? '{"broken":' : JSON.stringify({ username: { x: i }, password: 'x' }))));
    for (const r of results) expect(r.status).toBe(400);
  });
});
