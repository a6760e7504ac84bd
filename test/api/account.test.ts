import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe(`个人中心 and 个人设置 [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  it('the center shows my profile, departments, roles and my own recent log rows', async () => {
    const token = await s.login('admin');
    const c = expectOk(await s.api.get('/sys/account/center', { token }));
    expect(c.userInfo.username).toBe('admin');
    expect(c.userInfo).not.toHaveProperty('password');
    expect(c.departs.map((d: any) => d.orgCode)).toEqual(['A01', 'A01A01']);
    expect(c.roles.map((r: any) => r.roleCode)).toContain('admin');
    expect(c.activity.length).toBeGreaterThanOrEqual(1);
    const mine = await s.db.selectFrom('sysLog').select('userid').where('id', 'in', c.activity.map((a: any) => a.id)).execute();
    expect(new Set(mine.map((m) => m.userid))).toEqual(new Set([c.userInfo.id]));
  });

  it('base settings are checked (format, uniqueness) and saved', async () => {
    const token = await s.login('applicant');
    const put = (body: unknown) => s.api.put('/sys/account/profile', body, { token });
    expectEnvelope(await put({ phone: '123' }), { status: 400, success: false, message: '请输入正确格式的手机号码!' });
    expectEnvelope(await put({ email: 'not-mail' }), { status: 400, success: false, message: '请输入正确格式的邮箱!' });
    expectEnvelope(await put({ realname: '  ' }), { status: 400, success: false, message: '请输入姓名!' });
    expectEnvelope(await put({ avatar: '../../etc/passwd' }), { status: 400, success: false });
    expectEnvelope(await put({ password: 'x' }), { status: 400, success: false });
    const adminPhone = (await s.db.selectFrom('sysUser').select('phone').where('username', '=', 'admin').executeTakeFirstOrThrow()).phone;
    if (adminPhone) expectEnvelope(await put({ phone: adminPhone }), { status: 400, success: false, message: '该手机号已被其他用户使用' });
    const r = expectOk(await put({ realname: '申报人甲', phone: '13912345678', email: 'apply@example.com', avatar: 'avatar/a_1.png' }));
    expect(r.userInfo).toMatchObject({ realname: '申报人甲', phone: '13912345678', email: 'apply@example.com', avatar: 'avatar/a_1.png' });
    expect(expectOk(await s.api.get('/sys/user/getUserInfo', { token })).userInfo.realname).toBe('申报人甲');
  });

  it('my sessions show device and address; I end one, then all others, but not this one', async () => {
    const mine = await s.login('expert');
    const other = await s.login('expert');
    const third = await s.login('expert');
    await s.api.get('/sys/user/getUserInfo', { token: other, headers: { 'user-agent': CHROME_WIN } });
    const list = expectOk(await s.api.get('/sys/account/sessions', { token: mine }));
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.filter((x: any) => x.current)).toHaveLength(1);
    const otherRow = list.find((x: any) => x.device === 'Chrome 120 · Windows');
    expect(otherRow).toBeTruthy();
    expect(otherRow.ip).toBeTruthy();
    const current = list.find((x: any) => x.current);
    expectEnvelope(await s.api.post('/sys/account/sessions/end', { id: current.id }, { token: mine }), { status: 400, success: false });
    expectEnvelope(await s.api.post('/sys/account/sessions/end', { id: 'x' }, { token: mine }), { status: 400, success: false });
    expectOk(await s.api.post('/sys/account/sessions/end', { id: otherRow.id }, { token: mine }));
    expect((await s.api.get('/sys/user/getUserInfo', { token: other })).status).toBe(401);
    // another user's session is not mine to end
    const adminSession = expectOk(await s.api.get('/sys/account/sessions', { token: await s.login('admin') }))[0];
    expectEnvelope(await s.api.post('/sys/account/sessions/end', { id: adminSession.id }, { token: mine }), { status: 404, success: false });
    const ended = expectOk(await s.api.post('/sys/account/sessions/endOthers', {}, { token: mine }));
    expect(ended).toBeGreaterThanOrEqual(1);
    expect((await s.api.get('/sys/user/getUserInfo', { token: third })).status).toBe(401);
    expect(expectOk(await s.api.get('/sys/account/sessions', { token: mine }))).toHaveLength(1);
  });

  it('preferences follow the user to another session; bad values are refused', async () => {
    const first = await s.login('reviewer');
    const defaults = expectOk(await s.api.get('/sys/account/preferences', { token: first }));
    expect(defaults.custom).toMatchObject({ navTheme: 'dark', primaryColor: '#1890FF', layout: 'sidemenu', multipage: true });
    expect(defaults.notification.announcement).toBe(true);
    expectOk(await s.api.put('/sys/account/preferences', { custom: { navTheme: 'light', primaryColor: '#13C2C2' }, notification: { system: false } }, { token: first }));
    const second = await s.login('reviewer');
    const p = expectOk(await s.api.get('/sys/account/preferences', { token: second }));
    expect(p.custom).toMatchObject({ navTheme: 'light', primaryColor: '#13C2C2', layout: 'sidemenu' });
    expect(p.notification).toMatchObject({ announcement: true, system: false });
    for (const bad of [{ custom: { navTheme: 'pink' } }, { custom: { primaryColor: 'red' } }, { other: 1 }, {}]) {
      expectEnvelope(await s.api.put('/sys/account/preferences', bad, { token: second }), { status: 400, success: false });
    }
    expect(expectOk(await s.api.get('/sys/account/preferences', { token: (await s.login('admin')) })).custom.navTheme).toBe('dark');
  });
});
