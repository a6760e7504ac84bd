import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type ApiResponse, type TestServer } from '../helpers/server.js';

const WAIT_MESSAGE = /^登录失败次数过多，请\d+(秒|分钟)后再试$/;
/** The clock is stopped (the server runs in this process), so a slow machine cannot outwait a delay. */
const advanceClock = (ms: number) => vi.setSystemTime(Date.now() + ms);

/**
 * Password guessing is slowed per (account, address) and per address, never per account alone:
 * a stranger cannot lock the administrator out. The server trusts X-Forwarded-For here, so each
 * request says which address it comes from.
 */
describe(`login brute force [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ trustProxy: true }); });
  afterAll(async () => { await s?.close(); });
  beforeEach(() => { vi.useFakeTimers({ toFake: ['Date'], now: Date.now() }); });
  afterEach(() => { vi.useRealTimers(); });

  const login = (from: string, username: string, password: string, extra: Record<string, string> = {}) =>
    s.api.post('/sys/login', { username, password, ...extra }, { headers: { 'X-Forwarded-For': from } });
  /** A fresh captcha key and its answer. */
  const captcha = async () => {
    const checkKey = `k${randomBytes(8).toString('hex')}`;
    expectOk(await s.api.get(`/sys/randomImage/${checkKey}`));
    return { checkKey, captcha: (await s.captchaCode(checkKey))! };
  };
  const expectSlowedDown = (res: ApiResponse) => {
    expectEnvelope(res, { status: 429, success: false, code: 429, message: WAIT_MESSAGE });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  };

  it('a stranger failing for admin is slowed down, while admin logs in from another address', async () => {
    const stranger = '203.0.113.7';
    for (let i = 0; i < 3; i++) expectRefused(await login(stranger, 'admin', `Guess-${i}`), '用户名或密码错误');
    const right = await login(stranger, 'admin', ADMIN_PASSWORD);
    expectSlowedDown(right);
    expect(right.body.message).toBe('登录失败次数过多，请1秒后再试');
    for (let i = 0; i < 10; i++) expectSlowedDown(await login(stranger, 'admin', `Guess-more-${i}`));

    // the owner, elsewhere: no wait, no captcha
    expectOk(await login('198.51.100.20', 'admin', ADMIN_PASSWORD), '登录成功');
    // another account from the stranger's address is not slowed by those few failures
    expectOk(await login(stranger, 'applicant', ADMIN_PASSWORD), '登录成功');
  });

  it('after the wait the pair must solve a captcha (even with LOGIN_CAPTCHA off), and its next failure waits longer', async () => {
    const from = '203.0.113.8';
    for (let i = 0; i < 3; i++) expectRefused(await login(from, 'reviewer', `Guess-${i}`), '用户名或密码错误');
    advanceClock(1000);
    expectRefused(await login(from, 'reviewer', 'Guess-3'), '登录失败次数过多，请输入验证码', 412);
    expectRefused(await login(from, 'reviewer', 'Guess-3', { checkKey: 'nope', captcha: 'abcd' }), '验证码错误', 412);
    expectRefused(await login(from, 'reviewer', 'Guess-3', await captcha()), '用户名或密码错误');
    const res = await login(from, 'reviewer', ADMIN_PASSWORD, await captcha());
    expectSlowedDown(res);
    expect(res.body.message).toBe('登录失败次数过多，请2秒后再试');
  });

  it('a success resets the pair: no wait and no captcha afterwards', async () => {
    const from = '203.0.113.9';
    for (let i = 0; i < 3; i++) expectRefused(await login(from, 'expert', `Guess-${i}`), '用户名或密码错误');
    advanceClock(1000);
    expectOk(await login(from, 'expert', ADMIN_PASSWORD, await captcha()), '登录成功');
    for (let i = 0; i < 2; i++) expectRefused(await login(from, 'expert', `Guess-again-${i}`), '用户名或密码错误');
    expectOk(await login(from, 'expert', ADMIN_PASSWORD), '登录成功');
  });

  it('an address failing across many accounts is slowed as a whole, other addresses are not', { timeout: 60_000 }, async () => {
    const sprayer = '203.0.113.10';
    const sprayed = await Promise.all(Array.from({ length: 20 }, (_, i) => login(sprayer, `user${i}`, 'Summer2025!')));
    for (const res of sprayed) expectRefused(res, '用户名或密码错误');
    expectSlowedDown(await login(sprayer, 'admin', ADMIN_PASSWORD));
    expectSlowedDown(await login(sprayer, 'applicant', ADMIN_PASSWORD));
    expectOk(await login('198.51.100.21', 'applicant', ADMIN_PASSWORD), '登录成功');
  });

  it('guesses sent together pass one at a time once the free tries are spent', async () => {
    const from = '203.0.113.11';
    for (let i = 0; i < 3; i++) expectRefused(await login(from, 'admin', `Guess-${i}`), '用户名或密码错误');
    advanceClock(1000);
    const captchas = await Promise.all(Array.from({ length: 8 }, captcha));
    const answers = await Promise.all(captchas.map((c, i) => login(from, 'admin', `Burst-${i}`, c)));
    expect(answers.filter((r) => r.body.message === '用户名或密码错误')).toHaveLength(1);
    for (const r of answers.filter((a) => a.body.message !== '用户名或密码错误')) expectSlowedDown(r);
  });

  it('writes each refused password to the login log, never the slowed-down tries', async () => {
    const rows = await s.db.selectFrom('sysLog').select(['logContent', 'ip']).where('logType', '=', 1).execute();
    const strangerFailures = rows.filter((r) => r.ip === '203.0.113.7' && r.logContent.includes('登录失败'));
    expect(strangerFailures).toHaveLength(3);
  });
});
