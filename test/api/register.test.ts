import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'Regist3r-pass';

describe(`self-service registration and password reset [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  const sms = (mobile: string, smsmode: string) => s.api.post('/sys/sms', { mobile, smsmode });
  const storedCode = async (mobile: string) =>
    (await s.db.selectFrom('sysSmsCode').select('code').where('mobile', '=', mobile).executeTakeFirst())?.code;
  const freshCode = async (mobile: string, smsmode: string) => {
    await s.db.deleteFrom('sysSmsCode').where('mobile', '=', mobile).execute();
    expectOk(await sms(mobile, smsmode));
    return (await storedCode(mobile))!;
  };
  const register = (body: Record<string, unknown>) => s.api.post('/sys/user/register', body);
  const loginStatus = async (username: string, password: string) =>
    (await s.api.post('/sys/login', { username, password })).body as { success: boolean; message: string; result: any };
  const rolesOf = async (username: string) =>
    (await s.db.selectFrom('sysUser').innerJoin('sysUserRole', 'sysUserRole.userId', 'sysUser.id')
      .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId').select('sysRole.roleCode')
      .where('sysUser.username', '=', username).execute()).map((r) => r.roleCode);
  const setAllowRegister = async (allow: boolean) => {
    const row = await s.db.selectFrom('sysSetting').select('value').where('key', '=', 'site').executeTakeFirstOrThrow();
    const value = JSON.stringify({ ...JSON.parse(row.value), allowRegister: allow });
    await s.db.updateTable('sysSetting').set({ value }).where('key', '=', 'site').execute();
  };

  it('GET /sys/user/getCampus lists the seeded campus dictionary', async () => {
    const list = expectOk(await s.api.get('/sys/user/getCampus'));
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toMatchObject({ value: 'pku', text: '北京大学' });
  });

  it('registers an individual user with the SMS code, as an applicant, who can then log in', async () => {
    expectOk(await s.api.get('/sys/user/checkOnlyUser?username=newbie_1'));
    const code = await freshCode('13900000001', '1');
    const result = expectOk(await register({ username: 'newbie_1', password: PASSWORD, phone: '13900000001', smsCode: code, realname: '新人', type: 'user' }), '注册成功');
    expect(result).toEqual({ username: 'newbie_1' });
    const user = await s.db.selectFrom('sysUser').selectAll().where('username', '=', 'newbie_1').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 1, delFlag: 0, phone: '13900000001', realname: '新人', campus: null });
    expect(user.password).not.toContain(PASSWORD);
    expect(user.password).toMatch(/^scrypt\$/);
    expect(await rolesOf('newbie_1')).toEqual(['applicant']);
    expect((await loginStatus('newbie_1', PASSWORD)).success).toBe(true);
    expectRefused(await s.api.get('/sys/user/checkOnlyUser?username=newbie_1'), '用户账号已存在');
  });

  it('registers a campus user with the campus recorded, never as admin', async () => {
    const code = await freshCode('13900000002', '1');
    expectOk(await register({ username: 'campus_1', password: PASSWORD, phone: '13900000002', smscode: code, type: 'campus', campus: 'thu', roles: 'admin' }), '注册成功');
    const user = await s.db.selectFrom('sysUser').selectAll().where('username', '=', 'campus_1').executeTakeFirstOrThrow();
    expect(user.campus).toBe('thu');
    expect(await rolesOf('campus_1')).toEqual(['applicant']);
  });

  it('refuses bad input with a clear 400', async () => {
    const base = { username: 'goodname', password: PASSWORD, phone: '13900000003', smsCode: '123456', type: 'user' };
    const bad = async (patch: Record<string, unknown>, message: string) =>
      expectEnvelope(await register({ ...base, ...patch }), { status: 400, success: false, message });
    await bad({ username: '' }, '请输入用户名');
    await bad({ username: 'abc' }, '用户名为4-20位字母、数字或下划线');
    await bad({ username: 'a'.repeat(21) }, '用户名为4-20位字母、数字或下划线');
    await bad({ username: 'bad name!' }, '用户名为4-20位字母、数字或下划线');
    await bad({ password: '' }, '请输入密码');
    await bad({ password: 'short1a' }, '密码至少8位，且需包含数字、字母');
    await bad({ password: 'onlyletters' }, '密码至少8位，且需包含数字、字母');
    await bad({ password: '1234567890' }, '密码至少8位，且需包含数字、字母');
    await bad({ confirmPassword: 'Other-pass1' }, '两次输入的密码不一样！');
    await bad({ phone: '1390000000' }, '请输入正确的手机号');
    await bad({ smsCode: '' }, '请输入验证码');
    await bad({ email: 'not-mail' }, '请输入正确格式的电子邮件!');
    await bad({ type: 'admin' }, '注册类型无效');
    await bad({ type: 'campus' }, '请选择院校');
    await bad({ type: 'campus', campus: 'nowhere' }, '所选院校不存在');
    expect(await s.db.selectFrom('sysUser').select('id').where('username', '=', 'goodname').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a taken username or phone, and a wrong, missing or reused code', async () => {
    const code = await freshCode('13900000004', '1');
    expectRefused(await register({ username: 'newbie_1', password: PASSWORD, phone: '13900000004', smsCode: code }), '用户名已注册');
    // a taken phone is told only to whoever holds its code
    expectRefused(await register({ username: 'other_1', password: PASSWORD, phone: '13900000001', smsCode: code }), '手机验证码错误');
    expectRefused(await register({ username: 'other_1', password: PASSWORD, phone: '13900000001', smsCode: await freshCode('13900000001', '1') }), '该手机号已注册');
    expectRefused(await register({ username: 'other_1', password: PASSWORD, phone: '13900000004', smsCode: code, email: 'admin@example.com' }), '电子邮件已存在');
    const wrong = code === '000000' ? '111111' : '000000';
    expectRefused(await register({ username: 'other_1', password: PASSWORD, phone: '13900000004', smsCode: wrong }), '手机验证码错误');
    expectOk(await register({ username: 'other_1', password: PASSWORD, phone: '13900000004', smsCode: code }), '注册成功');
    // the code is used up: a second registration with it fails
    expectRefused(await register({ username: 'other_2', password: PASSWORD, phone: '13900000005', smsCode: code }), '手机验证码错误');
    await s.db.insertInto('sysSmsCode').values({ mobile: '13900000005', code: '246810', expiresAt: Date.now() - 1 }).execute();
    expectRefused(await register({ username: 'other_2', password: PASSWORD, phone: '13900000005', smsCode: '246810' }), '手机验证码错误');
  });

  it('burns the code after five wrong guesses', async () => {
    const code = await freshCode('13900000008', '1');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expectRefused(await register({ username: 'guesser', password: PASSWORD, phone: '13900000008', smsCode: wrong }), '手机验证码错误');
    expect(await storedCode('13900000008')).toBeUndefined();
    expectRefused(await register({ username: 'guesser', password: PASSWORD, phone: '13900000008', smsCode: code }), '手机验证码错误');
  });

  it('refuses registration while the site has it closed', async () => {
    await setAllowRegister(false);
    try {
      const code = await freshCode('13900000006', '1');
      expectRefused(await register({ username: 'closed_1', password: PASSWORD, phone: '13900000006', smsCode: code }), '系统已关闭注册');
      expect(await storedCode('13900000006')).toBe(code);
    } finally {
      await setAllowRegister(true);
    }
  });

  describe('password reset by phone', () => {
    const verify = (phone: string, smsCode: string) => s.api.post('/sys/user/phoneVerification', { phone, smsCode });
    const change = (body: Record<string, unknown>) => s.api.post('/sys/user/passwordChange', body);

    it('verifies the phone, sets the new password and ends the old sessions', async () => {
      const oldToken = await s.login('newbie_1', PASSWORD);
      expectOk(await s.api.get('/sys/user/getUserInfo', { token: oldToken }));
      const code = await freshCode('13900000001', '2');
      const { username, resetToken } = expectOk(await verify('13900000001', code), '验证成功');
      expect(username).toBe('newbie_1');
      expect(resetToken).toMatch(/^[\w-]{40,}$/);
      const stored = await s.db.selectFrom('sysPasswordReset').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0].tokenHash).not.toBe(resetToken);
      expect(Number(stored[0].expiresAt) - Date.now()).toBeGreaterThan(590_000);
      expect(Number(stored[0].expiresAt) - Date.now()).toBeLessThanOrEqual(600_000);

      expectEnvelope(await change({ username, password: 'weak', resetToken }), { status: 400, message: '密码至少8位，且需包含数字、字母' });
      expectOk(await change({ username, password: 'N3w-password', resetToken }), '密码修改成功');
      expect((await s.api.get('/sys/user/getUserInfo', { token: oldToken })).status).toBe(401);
      expect((await loginStatus('newbie_1', PASSWORD)).success).toBe(false);
      expect((await loginStatus('newbie_1', 'N3w-password')).success).toBe(true);
      // single use
      expectRefused(await change({ username, password: 'An0ther-pass', resetToken }), '重置凭证无效或已过期，请重新验证手机号');
      expect(await s.db.selectFrom('sysPasswordReset').selectAll().execute()).toHaveLength(0);
    });

    it('refuses a wrong or reused SMS code, and a wrong, foreign or expired token', async () => {
      const code = await freshCode('13900000002', '2');
      expectRefused(await verify('13900000002', code === '000000' ? '111111' : '000000'), '手机验证码错误');
      const { resetToken } = expectOk(await verify('13900000002', code));
      expectRefused(await verify('13900000002', code), '手机验证码错误');
      expectRefused(await change({ username: 'campus_1', password: 'N3w-password', resetToken: 'x'.repeat(43) }), '重置凭证无效或已过期，请重新验证手机号');
      // a token names one account only
      expectRefused(await change({ username: 'newbie_1', password: 'N3w-password', resetToken }), '重置凭证无效或已过期，请重新验证手机号');
      await s.db.updateTable('sysPasswordReset').set({ expiresAt: Date.now() - 1 }).execute();
      expectRefused(await change({ username: 'campus_1', password: 'N3w-password', resetToken }), '重置凭证无效或已过期，请重新验证手机号');
      expect((await loginStatus('campus_1', PASSWORD)).success).toBe(true);
      expectEnvelope(await change({ username: 'campus_1', password: 'N3w-password' }), { status: 400, message: '缺少重置凭证，请重新验证手机号' });
      expectEnvelope(await verify('139', '123456'), { status: 400, message: '请输入正确的手机号' });
    });

    it('tells the owner of an unregistered phone, and refuses a frozen user', async () => {
      expectRefused(await verify('13900000009', await freshCode('13900000009', '2')), '该手机号未注册');
      // an unverified caller learns nothing about the phone
      expectRefused(await verify('13900000004', '999999'), '手机验证码错误');

      const code = await freshCode('13900000002', '2');
      const { resetToken } = expectOk(await verify('13900000002', code));
      await s.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'campus_1').execute();
      expectRefused(await change({ username: 'campus_1', password: 'N3w-password', resetToken }), '该用户已冻结');
      expectRefused(await verify('13900000002', await freshCode('13900000002', '2')), '该用户已冻结');
      await s.db.updateTable('sysUser').set({ status: 1, delFlag: 1 }).where('username', '=', 'campus_1').execute();
      expectRefused(await verify('13900000002', await freshCode('13900000002', '2')), '该用户已注销');
    });
  });

  it('slows an address down after thirty refusals', async () => {
    let res = await s.api.post('/sys/user/phoneVerification', { phone: '13900000010', smsCode: '000000' });
    for (let i = 0; i < 30 && res.body.code !== 429; i++) res = await s.api.post('/sys/user/phoneVerification', { phone: '13900000010', smsCode: '000000' });
    expectRefused(res, /^操作过于频繁，请\d+分钟后再试$/, 429);
    expectRefused(await register({ username: 'late_1', password: PASSWORD, phone: '13900000011', smsCode: '123456' }), /^操作过于频繁/, 429);
  });
});
