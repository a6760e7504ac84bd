import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstanceBeacon } from '../../src/server/state/instances.js';
import { expect401, expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { dropState, stateInstance, type Instance } from '../helpers/state-instances.js';

/**
 * Issue 16: two instances on one database, sharing their state through Redis (db 3, a prefix of
 * this run), behave as one server: what one counts or ends, the other sees at once.
 */
describe(`two instances sharing state through Redis [${BACKEND}]`, () => {
  const prefix = `state-api:${randomBytes(4).toString('hex')}:`;
  let s: TestServer;
  let a: Instance;
  let b: Instance;

  const instance = () => stateInstance(s, prefix, { trustProxy: true });
  const login = async (on: Instance, username: string, password = ADMIN_PASSWORD) =>
    expectOk(await on.call('POST', '/sys/login', { body: { username, password } })).token as string;
  const smsCode = async (mobile: string) =>
    (await s.db.selectFrom('sysSmsCode').select('code').where('mobile', '=', mobile).executeTakeFirstOrThrow()).code;

  beforeAll(async () => {
    s = await startServer();
    [a, b] = [await instance(), await instance()];
  });
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await s?.close();
    await dropState(prefix);
  });

  it('a captcha issued on A is checked on B, once', async () => {
    expectOk(await a.call('GET', '/sys/randomImage/shared-key'));
    const code = (await s.captchaCode('shared-key'))!;
    expectOk(await b.call('POST', '/sys/checkCaptcha', { body: { captcha: code, checkKey: 'shared-key' } }), undefined);
    expectRefused(await a.call('POST', '/sys/checkCaptcha', { body: { captcha: code, checkKey: 'shared-key' } }), '验证码错误', 412);
  });

  it('login failures on A and B add up to one lockout', async () => {
    const wrong = { username: 'reviewer', password: 'not-the-password' };
    expectRefused(await a.call('POST', '/sys/login', { body: wrong }), '用户名或密码错误');
    expectRefused(await b.call('POST', '/sys/login', { body: wrong }), '用户名或密码错误');
    expectRefused(await a.call('POST', '/sys/login', { body: wrong }), '用户名或密码错误');
    // The fourth try, even with the right password and on B, waits: three failures were counted across both.
    const res = await b.call('POST', '/sys/login', { body: { username: 'reviewer', password: ADMIN_PASSWORD } });
    expectEnvelope(res, { status: 429, success: false, code: 429, message: /^登录失败次数过多，请\d+秒后再试$/ });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a logout on A rejects the token on B at once, though B had just checked it', async () => {
    const token = await login(b, 'admin');
    expectOk(await b.call('GET', '/sys/user/getUserInfo', { token }));
    expectOk(await a.call('POST', '/sys/logout', { token }), undefined);
    expect401(await b.call('GET', '/sys/user/getUserInfo', { token }), 'Token失效，请重新登录!');
  });

  it('freezing a user on A ends their requests on B at once', async () => {
    const admin = await login(a, 'admin');
    const applicant = await login(b, 'applicant');
    expectOk(await b.call('GET', '/sys/user/getUserInfo', { token: applicant }));
    const { id } = await s.db.selectFrom('sysUser').select('id').where('username', '=', 'applicant').executeTakeFirstOrThrow();
    expectOk(await a.call('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: id, status: 2 } }), undefined);
    try {
      // Freezing also ends the user's sessions: either way B must not serve the cached answer.
      expectEnvelope(await b.call('GET', '/sys/user/getUserInfo', { token: applicant }), { status: 401, code: 401 });
    } finally {
      // Thawed whatever the answer, so a retry (or the next test) finds the applicant as before.
      expectOk(await a.call('PUT', '/sys/user/frozenBatch', { token: admin, body: { ids: id, status: 1 } }), undefined);
    }
  });

  it('an SMS code logs in once, though tried on both at the same time', async () => {
    await s.db.updateTable('sysUser').set({ phone: '13700000001' }).where('username', '=', 'reviewer').execute();
    expectOk(await a.call('POST', '/sys/sms', { body: { mobile: '13700000001', smsmode: '0' } }));
    const code = await smsCode('13700000001');
    const tries = await Promise.all([a, b, a, b].map((on) => on.call('POST', '/sys/phoneLogin', { body: { mobile: '13700000001', captcha: code } })));
    expect(tries.filter((r) => r.body.success === true)).toHaveLength(1);
    expect(tries.filter((r) => r.body.message === '手机验证码错误')).toHaveLength(3);
  });

  it('five wrong tries spread over A and B void the code, and the quota per phone is counted across both', async () => {
    expectOk(await b.call('POST', '/sys/sms', { body: { mobile: '13700000002', smsmode: '0' } }));
    const code = await smsCode('13700000002');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const on of [a, b, a, b, a]) expectRefused(await on.call('POST', '/sys/phoneLogin', { body: { mobile: '13700000002', captcha: wrong } }), '手机验证码错误');
    expectRefused(await b.call('POST', '/sys/phoneLogin', { body: { mobile: '13700000002', captcha: code } }), '手机验证码错误');
    // One code sent so far; four more alternate between the instances, the sixth is refused.
    for (const on of [a, b, a, b]) {
      await s.db.deleteFrom('sysSmsCode').where('mobile', '=', '13700000002').execute();
      expectOk(await on.call('POST', '/sys/sms', { body: { mobile: '13700000002', smsmode: '0' } }));
    }
    await s.db.deleteFrom('sysSmsCode').where('mobile', '=', '13700000002').execute();
    expectRefused(await a.call('POST', '/sys/sms', { body: { mobile: '13700000002', smsmode: '0' } }), /^短信发送过于频繁/);
  });

  it('wrong codes from one address are limited across both, whichever phones they aim at', async () => {
    // One address of its own (the instances trust X-Forwarded-For here), so earlier tests' tries do not count.
    const guess = (on: Instance, i: number) => on.call('POST', '/sys/phoneLogin', {
      body: { mobile: `1360000${String(i).padStart(4, '0')}`, captcha: '000000' }, headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    for (let i = 0; i < 30; i++) expectRefused(await guess(i % 2 ? a : b, i), '手机验证码错误');
    const res = await guess(a, 99);
    expectEnvelope(res, { status: 429, success: false, code: 429, message: /^操作过于频繁，请\d+分钟后再试$/ });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an instance without shared state warns when another serves the same database', async () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m), error: () => undefined };
    const first = new InstanceBeacon(s.db as never, true, log);
    const alone = new InstanceBeacon(s.db as never, false, log);
    try {
      expect(await first.start()).toEqual([]);
      expect(warnings).toEqual([]);
      expect((await alone.start()).map((p) => p.id)).toEqual([first.id]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/another server instance .* this one runs without REDIS_URL/);
      // The first learns of it on its next heartbeat, once.
      await first.beat();
      await first.beat();
      expect(warnings).toHaveLength(2);
      expect(warnings[1]).toMatch(/it runs without REDIS_URL/);
    } finally {
      await Promise.all([first.stop(), alone.stop()]);
    }
    expect(await s.db.selectFrom('sysInstance' as never).selectAll().execute()).toEqual([]);
    // A row this host's process left behind when it was killed is cleared, not warned about.
    await s.db.insertInto('sysInstance' as never).values({ id: 'killed', host: os.hostname(), pid: 2 ** 22 + 1, sharedState: 0, startedAt: Date.now(), seenAt: Date.now() } as never).execute();
    const restarted = new InstanceBeacon(s.db as never, false, log);
    expect(await restarted.start()).toEqual([]);
    await restarted.stop();
    expect(warnings).toHaveLength(2);
    expect(await s.db.selectFrom('sysInstance' as never).selectAll().execute()).toEqual([]);
  });
});
