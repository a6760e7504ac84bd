import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect401, expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { listRoutes } from '../helpers/routes.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const API = '/jeecg-boot';

/** Anonymous paths: contract §2.3 plus this product's guest login, site settings and public site data. */
const PUBLIC: RegExp[] = [
  /^\/sys\/randomImage\//, /^\/sys\/checkCaptcha$/, /^\/sys\/login$/, /^\/sys\/mLogin$/, /^\/sys\/logout$/,
  /^\/sys\/thirdLogin\//, /^\/sys\/getEncryptedString$/, /^\/sys\/sms$/, /^\/sys\/phoneLogin$/,
  /^\/sys\/user\/(checkOnlyUser|register|phoneVerification|passwordChange|getCampus)$/, /^\/auth\/2step-code$/,
  /^\/sys\/common\/(static|pdf)\//, /^\/generic\//, /^\/sys\/(getLoginQrcode|getQrcodeToken)/, /^\/sys\/checkAuth$/,
  /^\/sys\/annountCement\/show\//, /^\/websocket\//,
  /^\/sys\/guestLogin$/, /^\/site\/siteinfoFz$/, /^\/web\//, /^\/pms\/pmsWebNews\/list$/,
  /^\/applet\/(banner|article|notice|race)\//,
  /^\/doc(\.html$|\/)/, // the API document's page shell and its assets (the document itself is guarded)
];

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe(`token guard [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  const call = (method: string, url: string, token?: string) =>
    s.api(method, url, { token, body: method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : {} });

  it('every non-public API route answers HTTP 401 token为空! without a token', async () => {
    const routes = listRoutes(s.app)
      .filter((r) => r.url.startsWith(`${API}/`) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => ({ method: r.method, path: r.url.slice(API.length) }));
    const guarded = routes.filter((r) => !PUBLIC.some((re) => re.test(r.path)));
    // the list is not empty by accident
    expect(guarded.map((r) => r.path)).toEqual(expect.arrayContaining([
      '/sys/permission/getUserPermissionByToken', '/sys/dict/getDictItems/:code', '/sys/dict/queryAllDictItems',
      '/sys/dict/refleshCache', '/sys/user/getCurrentUserDeparts', '/sys/user/updatePassword', '/sys/selectDepart',
      // the generic CRUD, served through its pages' wildcards
      '/sys/user/list', '/sys/user/add', '/sys/role/deleteBatch',
    ]));
    for (const r of guarded) {
      const path = r.path.replace(/:(\w+)/g, 'x');
      const res = await call(r.method, path);
      expect(res.status, `${r.method} ${path}`).toBe(401);
      expect(res.body?.message, `${r.method} ${path}`).toBe('token为空!');
      expect401(res, 'token为空!');
    }
  });

  it('the public routes answer without a token', async () => {
    expectOk(await s.api.get('/sys/randomImage/abc'));
    expectOk(await s.api.get('/site/siteinfoFz'));
    expectOk(await s.api.post('/sys/guestLogin', {}), '登录成功');
    expect((await s.api.post('/sys/login', { username: 'admin', password: 'x' })).status).toBe(200);
    expect((await s.api.post('/sys/logout', {})).status).toBe(200);
  });

  it('a bogus token is 401 Token失效，请重新登录!', async () => {
    expect401(await s.api.get('/sys/permission/getUserPermissionByToken', { token: 'not-a-real-token' }), 'Token失效，请重新登录!');
    expect401(await s.api.get('/sys/user/getUserInfo', { token: 'x'.repeat(43) }), 'Token失效，请重新登录!');
  });

  it('an absurdly long token is 401 token非法无效!', async () => {
    expect401(await s.api.get('/sys/user/getUserInfo', { token: 'a'.repeat(500) }), 'token非法无效!');
  });

  it('a valid token works from the X-Access-Token header and from the token query parameter', async () => {
    const token = await s.login();
    expectOk(await s.api.get('/sys/user/getUserInfo', { token }));
    const viaQuery = await s.api.get(`/sys/user/getUserInfo?token=${encodeURIComponent(token)}`);
    expect(expectOk(viaQuery).userInfo.username).toBe('admin');
    // the header wins over the query parameter
    expectOk(await s.api.get('/sys/user/getUserInfo?token=bogus', { token }));
  });

  it('an expired session is 401 Token失效，请重新登录!', async () => {
    const token = await s.login();
    expectOk(await s.api.get('/sys/user/getUserInfo', { token }));
    const n = await s.db.updateTable('sysSession').set({ expiresAt: Date.now() - 1000 })
      .where('tokenHash', '=', sha256(token)).executeTakeFirst();
    expect(Number(n.numUpdatedRows)).toBe(1);
    expect401(await s.api.get('/sys/user/getUserInfo', { token }), 'Token失效，请重新登录!');
    expect401(await s.api.get(`/sys/user/getUserInfo?token=${token}`), 'Token失效，请重新登录!');
  });

  it('stores only a hash of the token', async () => {
    const token = await s.login();
    const rows = await s.db.selectFrom('sysSession').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === sha256(token))).toBe(true);
  });

  it('POST /sys/logout kills the token and answers 退出登录成功！', async () => {
    const token = await s.login();
    const other = await s.login();
    const res = await s.api.post('/sys/logout', {}, { token });
    expectOk(res, '退出登录成功！');
    expect(res.body.result).toBe('退出登录成功！');
    expect401(await s.api.get('/sys/permission/getUserPermissionByToken', { token }), 'Token失效，请重新登录!');
    // other sessions of the same user live on
    expectOk(await s.api.get('/sys/user/getUserInfo', { token: other }));
    // a second logout with the dead token
    expectRefused(await s.api.post('/sys/logout', {}, { token }), 'Token无效!');
  });

  it('logout also accepts GET and the token query parameter', async () => {
    const token = await s.login();
    expectOk(await s.api.get(`/sys/logout?token=${encodeURIComponent(token)}`), '退出登录成功！');
    expect401(await s.api.get('/sys/user/getUserInfo', { token }), 'Token失效，请重新登录!');
  });

  it('logout without a token answers 退出登录失败！', async () => {
    const res = await s.api.post('/sys/logout', {});
    expectRefused(res, '退出登录失败！');
    expectEnvelope(await s.api.get('/sys/logout'), { success: false, message: '退出登录失败！' });
  });

  it('OPTIONS preflight is not blocked by the guard', async () => {
    const res = await s.api('OPTIONS', '/sys/user/getUserInfo', { headers: { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET' } });
    expect(res.status).not.toBe(401);
  });
});
