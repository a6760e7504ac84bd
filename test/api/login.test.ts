import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expect401, expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { seedDicts } from '../helpers/seed-dicts.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

describe(`login [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  const login = (username: string, password: string) => s.api.post('/sys/login', { username, password });

  it('answers the contract result map for the administrator', async () => {
    const res = await login('admin', ADMIN_PASSWORD);
    const result = expectOk(res, '登录成功');
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['token', 'userInfo', 'departs', 'multi_depart', 'sysAllDictItems']));

    expect(result.token).toMatch(/^[A-Za-z0-9_-]{32,200}$/);

    const u = result.userInfo;
    expect(u).toMatchObject({ username: 'admin', realname: '管理员', status: 1, delFlag: 0, sex: 1, email: 'admin@example.com', workNo: '0001' });
    expect(typeof u.id).toBe('string');
    expect(u).not.toHaveProperty('password');
    expect(u).not.toHaveProperty('salt');
    expect(res.text).not.toMatch(/scrypt\$/);

    expect(Array.isArray(result.departs)).toBe(true);
    expect(result.departs.map((d: any) => d.orgCode).sort()).toEqual(['A01', 'A01A01']);
    for (const d of result.departs) {
      expect(d).toMatchObject({ id: expect.any(String), departName: expect.any(String), orgCode: expect.any(String) });
    }
    expect(result.multi_depart).toBe(2);
    expect(['A01', 'A01A01']).toContain(u.orgCode);

    const dicts = result.sysAllDictItems;
    expect(dicts.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(Object.keys(dicts).sort()).toEqual(seedDicts.map((d) => d.dictCode).sort());
  });

  it('gives each login its own token', async () => {
    const a = expectOk(await login('admin', ADMIN_PASSWORD)).token;
    const b = expectOk(await login('admin', ADMIN_PASSWORD)).token;
    expect(a).not.toBe(b);
    expectOk(await s.api.get('/sys/user/getUserInfo', { token: a }));
    expectOk(await s.api.get('/sys/user/getUserInfo', { token: b }));
  });

  it('a user of one department gets multi_depart 1 and that department as orgCode', async () => {
    const result = expectOk(await login('applicant', ADMIN_PASSWORD), '登录成功');
    expect(result.multi_depart).toBe(1);
    expect(result.departs.map((d: any) => d.orgCode)).toEqual(['A01A02A01']);
    expect(result.userInfo.orgCode).toBe('A01A02A01');
  });

  it('every seeded person but the administrator belongs to one department, so no department choice is asked of them', async () => {
    for (const username of ['applicant', 'reviewer', 'expert2']) {
      const result = expectOk(await login(username, ADMIN_PASSWORD), '登录成功');
      expect([username, result.multi_depart, result.departs.length]).toEqual([username, 1, 1]);
    }
  });

  it('a user of no department gets multi_depart 0', async () => {
    const user = await s.db.selectFrom('sysUser').select('id').where('username', '=', 'expert').executeTakeFirstOrThrow();
    await s.db.deleteFrom('sysUserDepart').where('userId', '=', user.id).execute();
    const result = expectOk(await login('expert', ADMIN_PASSWORD));
    expect(result.multi_depart).toBe(0);
    expect(result.departs).toEqual([]);
  });

  it('a wrong password is refused with 用户名或密码错误', async () => {
    const res = await login('admin', 'Wrong-pass-1');
    expectRefused(res, '用户名或密码错误');
    expect(res.body.result).toBeNull();
  });

  it('an unknown user reads exactly like a wrong password', async () => {
    const unknown = await login('no-such-user', 'Wrong-pass-1');
    expectRefused(unknown, '用户名或密码错误');
  });

  it('a frozen user (status 2) is refused with 该用户已冻结 and their open sessions stop working', async () => {
    const token = expectOk(await login('reviewer', ADMIN_PASSWORD)).token;
    await s.db.updateTable('sysUser').set({ status: 2 }).where('username', '=', 'reviewer').execute();
    try {
      expectRefused(await login('reviewer', ADMIN_PASSWORD), '该用户已冻结');
      expect401(await s.api.get('/sys/user/getUserInfo', { token }), '账号已被锁定,请联系管理员!');
    } finally {
      await s.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'reviewer').execute();
    }
    expectOk(await login('reviewer', ADMIN_PASSWORD), '登录成功');
  });

  it('a deleted user (del_flag 1) is refused with 该用户已注销', async () => {
    await s.db.updateTable('sysUser').set({ delFlag: 1 }).where('username', '=', 'expert').execute();
    try {
      expectRefused(await login('expert', ADMIN_PASSWORD), '该用户已注销');
    } finally {
      await s.db.updateTable('sysUser').set({ delFlag: 0 }).where('username', '=', 'expert').execute();
    }
  });

  it('the guest account cannot log in with a password', async () => {
    expectRefused(await login('guest', ADMIN_PASSWORD), '用户名或密码错误');
  });

  it('after 3 wrong passwords of one account from one address the next try must wait, even with the right password', async () => {
    // the clock stands still (the server runs in this process): a slow machine cannot outwait the delay
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // a fresh account so that the failures above do not count
      for (let i = 0; i < 3; i++) expectRefused(await login('applicant', `Wrong-pass-${i}`), '用户名或密码错误');
      const blocked = await login('applicant', ADMIN_PASSWORD);
      expectEnvelope(blocked, { status: 429, success: false, code: 429, message: '登录失败次数过多，请1秒后再试' });
      expect(blocked.headers.get('retry-after')).toBe('1');
      // another account from the same address is not slowed down
      expectOk(await login('admin', ADMIN_PASSWORD), '登录成功');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a successful login resets the account counter', async () => {
    for (let i = 0; i < 2; i++) expectRefused(await login('reviewer', `Wrong-pass-${i}`), '用户名或密码错误');
    expectOk(await login('reviewer', ADMIN_PASSWORD));
    for (let i = 0; i < 2; i++) expectRefused(await login('reviewer', `Wrong-pass-${i}`), '用户名或密码错误');
    expectOk(await login('reviewer', ADMIN_PASSWORD), '登录成功');
  });

  it('writes the login log', async () => {
    const rows = await s.db.selectFrom('sysLog').select(['logContent', 'username']).where('logType', '=', 1).execute();
    expect(rows.some((r) => r.username === 'admin' && r.logContent.includes('登录成功'))).toBe(true);
    expect(rows.some((r) => r.logContent.includes('no-such-user') && r.logContent.includes('登录失败'))).toBe(true);
  });
});
