import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect401, expectOk, expectRefused } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

describe(`current user: departments and password [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  describe('departments', () => {
    it('getCurrentUserDeparts answers {list, orgCode}', async () => {
      const token = await s.login('admin');
      const r = expectOk(await s.api.get('/sys/user/getCurrentUserDeparts', { token }));
      expect(Object.keys(r).sort()).toEqual(['list', 'orgCode']);
      expect(r.list.map((d: any) => d.orgCode)).toEqual(['A01', 'A01A01']);
      expect(r.list.map((d: any) => d.departName)).toEqual(['科创服务中心', '综合办公室']);
      expect(['A01', 'A01A01']).toContain(r.orgCode);
    });

    it('selectDepart to a department of the user changes userInfo.orgCode, and it sticks across logins', async () => {
      const token = await s.login('admin');
      const before = expectOk(await s.api.get('/sys/user/getCurrentUserDeparts', { token })).orgCode;
      const target = before === 'A01' ? 'A01A01' : 'A01';
      const r = expectOk(await s.api.put('/sys/selectDepart', { orgCode: target, username: 'admin' }, { token }));
      expect(r.userInfo.orgCode).toBe(target);
      expect(r.userInfo.username).toBe('admin');
      expect(r.userInfo).not.toHaveProperty('password');
      expect(expectOk(await s.api.get('/sys/user/getCurrentUserDeparts', { token })).orgCode).toBe(target);
      expect(expectOk(await s.api.get('/sys/user/getUserInfo', { token })).userInfo.orgCode).toBe(target);
      // multi_depart 2 keeps the chosen department on the next login
      const again = expectOk(await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD }));
      expect(again.multi_depart).toBe(2);
      expect(again.userInfo.orgCode).toBe(target);
      // POST is accepted too (SPEC §7)
      const back = expectOk(await s.api.post('/sys/selectDepart', { orgCode: before }, { token }));
      expect(back.userInfo.orgCode).toBe(before);
    });

    it('selectDepart to a department the user does not belong to is refused and changes nothing', async () => {
      const token = await s.login('admin');
      const before = expectOk(await s.api.get('/sys/user/getCurrentUserDeparts', { token })).orgCode;
      expectRefused(await s.api.put('/sys/selectDepart', { orgCode: 'A02' }, { token }), '您不属于该部门');
      expectRefused(await s.api.put('/sys/selectDepart', { orgCode: 'NOPE' }, { token }), '您不属于该部门');
      expectRefused(await s.api.put('/sys/selectDepart', {}, { token }), '请选择部门');
      expect(expectOk(await s.api.get('/sys/user/getCurrentUserDeparts', { token })).orgCode).toBe(before);
    });
  });

  describe('updatePassword', () => {
    const NEW = 'N3w-passw0rd';
    const body = (o: Record<string, string>) => ({ username: 'applicant', oldpassword: ADMIN_PASSWORD, password: NEW, confirmpassword: NEW, ...o });

    it('answers each validation message', async () => {
      const token = await s.login('applicant');
      const put = (o: Record<string, string>) => s.api.put('/sys/user/updatePassword', body(o), { token });
      expectRefused(await put({ oldpassword: '' }), '请输入旧密码!');
      expectRefused(await put({ password: '', confirmpassword: '' }), '新密码不允许为空!');
      expectRefused(await put({ password: 'abc', confirmpassword: 'abc' }), '密码至少8位，且需包含数字、字母');
      expectRefused(await put({ password: 'abcdefgh', confirmpassword: 'abcdefgh' }), '密码至少8位，且需包含数字、字母');
      expectRefused(await put({ password: '12345678', confirmpassword: '12345678' }), '密码至少8位，且需包含数字、字母');
      expectRefused(await put({ confirmpassword: `${NEW}x` }), '两次输入密码不一致!');
      expectRefused(await put({ oldpassword: 'Wrong-0ld-pass' }), '旧密码输入错误!');
      expectRefused(await put({ username: 'admin' }), '只允许修改自己的密码！');
      // nothing changed: the old password still logs in
      expectOk(await s.api.post('/sys/login', { username: 'applicant', password: ADMIN_PASSWORD }), '登录成功');
    });

    it('changes the password: the old one stops working, the new one works, other sessions are revoked, the current one stays', async () => {
      const current = await s.login('applicant');
      const other = await s.login('applicant');
      const adminToken = await s.login('admin');
      const res = await s.api.put('/sys/user/updatePassword', body({}), { token: current });
      expectOk(res, '密码重置成功!');
      expect(res.body.result).toBe('密码重置成功!');

      expectOk(await s.api.get('/sys/user/getUserInfo', { token: current }));
      expect401(await s.api.get('/sys/user/getUserInfo', { token: other }), 'Token失效，请重新登录!');
      // sessions of other users are untouched
      expectOk(await s.api.get('/sys/user/getUserInfo', { token: adminToken }));

      expectRefused(await s.api.post('/sys/login', { username: 'applicant', password: ADMIN_PASSWORD }), '用户名或密码错误');
      expectOk(await s.api.post('/sys/login', { username: 'applicant', password: NEW }), '登录成功');

      const row = await s.db.selectFrom('sysUser').select(['password', 'updateBy']).where('username', '=', 'applicant').executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^scrypt\$/);
      expect(row.password).not.toContain(NEW);
      expect(row.updateBy).toBe('applicant');
    });

    it('POST works as well as PUT, and the username may be omitted', async () => {
      const token = await s.login('reviewer');
      const NEXT = 'An0ther-pass';
      expectOk(await s.api.post('/sys/user/updatePassword', { oldpassword: ADMIN_PASSWORD, password: NEXT, confirmpassword: NEXT }, { token }), '密码重置成功!');
      expectOk(await s.api.post('/sys/login', { username: 'reviewer', password: NEXT }), '登录成功');
    });
  });
});
