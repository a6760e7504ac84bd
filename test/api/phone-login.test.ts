import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

describe(`phone login [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
    await s.db.updateTable('sysUser').set({ phone: '13800000001' }).where('username', '=', 'reviewer').execute();
  });
  afterAll(async () => { await s?.close(); });

  const sms = (mobile: string) => s.api.post('/sys/sms', { mobile, smsmode: '0' });
  const phoneLogin = (mobile: string, captcha: string) => s.api.post('/sys/phoneLogin', { mobile, captcha });
  const storedCode = async (mobile: string) =>
    (await s.db.selectFrom('sysSmsCode').select('code').where('mobile', '=', mobile).executeTakeFirst())?.code;
  const expireCode = (mobile: string) => s.db.deleteFrom('sysSmsCode').where('mobile', '=', mobile).execute();

  it('POST /sys/sms stores a six-digit code for ten minutes without returning it', async () => {
    const res = await sms('13800000001');
    expectOk(res);
    const row = await s.db.selectFrom('sysSmsCode').selectAll().where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
    expect(row.code).toMatch(/^\d{6}$/);
    expect(res.text).not.toContain(row.code);
    expect(Number(row.expiresAt) - Date.now()).toBeGreaterThan(590_000);
    expect(Number(row.expiresAt) - Date.now()).toBeLessThanOrEqual(600_000);
  });

  it('refuses a second code while one is live', async () => {
    expectRefused(await sms('13800000001'), '验证码10分钟内，仍然有效！');
  });

  it('validates the mobile number', async () => {
    expectEnvelope(await s.api.post('/sys/sms', { mobile: '23800000001', smsmode: '0' }), { status: 400, success: false });
    expectEnvelope(await s.api.post('/sys/phoneLogin', { mobile: '1380000000', captcha: '123456' }), { status: 400, success: false });
  });

  it('logs in with the code, once, with the same result as the account login', async () => {
    const code = (await storedCode('13800000001'))!;
    expectRefused(await phoneLogin('13800000001', code === '000000' ? '111111' : '000000'), '手机验证码错误');
    const result = expectOk(await phoneLogin('13800000001', code), '登录成功');
    expect(Object.keys(result)).toEqual(['token', 'userInfo', 'departs', 'multi_depart', 'sysAllDictItems']);
    expect(result.userInfo.username).toBe('reviewer');
    expect(result.multi_depart).toBe(1);
    expect(expectOk(await s.api.get('/sys/user/getUserInfo', { token: result.token })).userInfo.username).toBe('reviewer');
    expectRefused(await phoneLogin('13800000001', code), '手机验证码错误');
  });

  it('tells the owner of an unknown number to register', async () => {
    expectOk(await sms('13800000002'));
    expectRefused(await phoneLogin('13800000002', (await storedCode('13800000002'))!), '该用户不存在，请注册');
  });

  it('burns the code after five wrong guesses', async () => {
    await expireCode('13800000001');
    expectOk(await sms('13800000001'));
    const code = (await storedCode('13800000001'))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expectRefused(await phoneLogin('13800000001', wrong), '手机验证码错误');
    expectRefused(await phoneLogin('13800000001', code), '手机验证码错误');
  });

  it('sends at most five codes per number and hour', async () => {
    for (let i = 0; i < 5; i++) {
      await expireCode('13800000003');
      expectOk(await sms('13800000003'));
    }
    await expireCode('13800000003');
    expectRefused(await sms('13800000003'), /^短信发送过于频繁/);
  });
});
