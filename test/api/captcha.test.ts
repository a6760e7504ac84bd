import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

describe(`captcha [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ loginCaptcha: true }); });
  afterAll(async () => { await s?.close(); });

  let n = 0;
  const newKey = () => `${Date.now()}${n++}`;
  const issue = async (key: string) => {
    expectOk(await s.api.get(`/sys/randomImage/${key}`));
    const code = await s.captchaCode(key);
    expect(code).toBeDefined();
    return code!;
  };
  const login = (extra: Record<string, unknown>) => s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD, ...extra });

  it('GET /sys/randomImage/{key} answers an SVG data URL and stores the code under sha256("captcha:" + key)', async () => {
    const key = newKey();
    const res = await s.api.get(`/sys/randomImage/${key}`);
    const url = expectOk(res) as string;
    expect(url).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    const svg = Buffer.from(url.split(',')[1], 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const row = await s.db.selectFrom('sysCaptcha').selectAll()
      .where('keyHash', '=', createHash('sha256').update(`captcha:${key}`).digest('hex')).executeTakeFirst();
    expect(row).toBeDefined();
    expect(row!.code).toMatch(/^[a-z2-9]{4}$/);
    expect(Number(row!.expiresAt)).toBeGreaterThan(Date.now());
    expect(Number(row!.expiresAt)).toBeLessThanOrEqual(Date.now() + 61_000);
    // the answer is drawn as paths, never written into the image as text
    expect(svg.toLowerCase()).not.toContain(`>${row!.code}<`);
  });

  it('is public (no token needed) and a new image for the same key replaces the code', async () => {
    const key = newKey();
    await issue(key);
    const rows1 = await s.db.selectFrom('sysCaptcha').select('code').execute();
    await issue(key);
    const rows2 = await s.db.selectFrom('sysCaptcha').select('code').execute();
    expect(rows2.length).toBe(rows1.length);
  });

  it('login without a captcha is refused with 验证码无效', async () => {
    expectRefused(await login({}), '验证码无效');
    expectRefused(await login({ captcha: 'abcd' }), '验证码无效');
    const key = newKey();
    await issue(key);
    expectRefused(await login({ checkKey: key }), '验证码无效');
    expectRefused(await login({ checkKey: key, captcha: '' }), '验证码无效');
  });

  it('login with a wrong captcha is refused with code 412 验证码错误', async () => {
    const key = newKey();
    const code = await issue(key);
    const wrong = code === 'aaaa' ? 'bbbb' : 'aaaa';
    const res = await login({ checkKey: key, captcha: wrong });
    expectRefused(res, '验证码错误', 412);
    expect(res.body.result).toBeNull();
  });

  it('login with the right captcha succeeds (case-insensitive), and the captcha is single-use', async () => {
    const key = newKey();
    const code = await issue(key);
    const res = await login({ checkKey: key, captcha: code.toUpperCase() });
    expectOk(res, '登录成功');
    expect(typeof res.body.result.token).toBe('string');
    expect(await s.captchaCode(key)).toBeUndefined();
    // the same key and code a second time
    expectRefused(await login({ checkKey: key, captcha: code }), '验证码错误', 412);
  });

  it('a wrong answer burns the captcha: the right one afterwards is refused', async () => {
    const key = newKey();
    const code = await issue(key);
    expectRefused(await login({ checkKey: key, captcha: code === 'zzzz' ? 'yyyy' : 'zzzz' }), '验证码错误', 412);
    expectRefused(await login({ checkKey: key, captcha: code }), '验证码错误', 412);
  });

  it('a numeric checkKey (Vue2 sends new Date().getTime()) works', async () => {
    const key = Date.now() * 1000 + n++;
    const code = await issue(String(key));
    expectOk(await login({ checkKey: key, captcha: code }), '登录成功');
  });

  it('an unknown key and an expired captcha are refused with 412', async () => {
    expectRefused(await login({ checkKey: 'never-issued', captcha: 'abcd' }), '验证码错误', 412);
    const key = newKey();
    const code = await issue(key);
    const keyHash = createHash('sha256').update(`captcha:${key}`).digest('hex');
    await s.db.updateTable('sysCaptcha').set({ expiresAt: Date.now() - 1 }).where('keyHash', '=', keyHash).execute();
    expectRefused(await login({ checkKey: key, captcha: code }), '验证码错误', 412);
  });

  it('the captcha is checked before the password: a wrong password with the right captcha is a password error', async () => {
    const key = newKey();
    const code = await issue(key);
    expectRefused(await s.api.post('/sys/login', { username: 'admin', password: 'wrong-pass-1', checkKey: key, captcha: code }), '用户名或密码错误');
  });

  it('POST /sys/checkCaptcha checks a captcha on its own, once', async () => {
    const key = newKey();
    const code = await issue(key);
    const ok = expectEnvelope(await s.api.post('/sys/checkCaptcha', { checkKey: key, captcha: code }), { success: true, code: 200 });
    expect(ok.message).toBe('验证码正确');
    expectRefused(await s.api.post('/sys/checkCaptcha', { checkKey: key, captcha: code }), '验证码错误', 412);
    expectRefused(await s.api.post('/sys/checkCaptcha', { checkKey: key }), '验证码无效');
  });
});
