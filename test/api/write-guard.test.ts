/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designField } from '../helpers/cgform-design.js';
import { expectOk } from '../helpers/envelope.js';
import { listRoutes } from '../helpers/routes.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

const WRITES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Writes anyone may send without a session: signing in, registering, resetting a forgotten password. */
const PUBLIC_WRITES = new Set([
  'POST /sys/login', 'POST /sys/phoneLogin', 'POST /sys/sms', 'POST /sys/guestLogin', 'POST /sys/logout',
  'POST /sys/user/register', 'POST /sys/user/phoneVerification', 'POST /sys/user/passwordChange', 'POST /sys/checkCaptcha',
]);

/** Writes every signed-in user may send, on their own account only (each has its own tests). */
const SELF_SERVICE = new Set([
  'POST /sys/selectDepart', 'PUT /sys/selectDepart', // choose one's own current department
  'POST /sys/user/updatePassword', 'PUT /sys/user/updatePassword', // one's own password, old one required
  'PUT /sys/sysAnnouncementSend/readAll', 'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId', // one's own receipts
  'POST /sys/common/upload', // a file kept under a random name; attached to a row only by a guarded write
  'POST /applet/wechat/session', // one's own session's WeChat openid
  'PUT /sys/account/profile', 'PUT /sys/account/preferences', // 个人设置: one's own name, avatar, contacts, switches
  'POST /sys/account/sessions/end', 'POST /sys/account/sessions/endOthers', // one's own sessions
]);

/**
 * Every write route of the server, found in its route table (not a list kept by hand): a stranger
 * is told to sign in, and a signed-in user holding no role is refused with 403 before anything is
 * read or written — unless the route is public or self-service above. A write route added without
 * a permission check, or a page schema whose rows are writable by omission (a sub table without
 * its main's permission), fails here.
 */
describe(`every write route checks a permission [${BACKEND}]`, () => {
  let s: TestServer;
  let nobody: string;
  let routes: { method: string; url: string }[];
  const real: Record<string, string> = {};

  /** The write actions an online form's table route (`/online/data/:table/*`) is sent to. */
  const TABLE_WRITES: Record<string, string> = { POST: 'add', PUT: 'edit', DELETE: 'deleteBatch' };
  beforeAll(async () => {
    s = await startServer();
    const admin = await s.login('admin');
    expectOk(await s.api.post('/sys/user/add', { username: 'nobody', realname: '无角色', password: ADMIN_PASSWORD }, { token: admin }));
    nobody = await s.login('nobody');
    // Real targets for path parameters, so a route cannot answer 404 before it checks who asks.
    const headId = expectOk(await s.api.post('/online/cgform/api/addAll', {
      head: { tableName: 'demo_guarded', tableTxt: '受保护', tableType: 1 },
      fields: [designField('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }), designField('title', { orderNum: 1 })], indexs: [],
    }, { token: admin }));
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token: admin }));
    expectOk(await s.api.post('/online/cgform/button/add', {
      cgformHeadId: headId, buttonCode: 'approve', buttonName: '通过', buttonStyle: 'button', optType: 'action', buttonStatus: '1', optSet: '{"title":"ok"}',
    }, { token: admin }));
    const rule = await (s.db as any).selectFrom('sys_fill_rule').select('ruleCode').executeTakeFirstOrThrow();
    Object.assign(real, { code: 'demo_guarded', table: 'demo_guarded', headId, id: headId, ruleCode: rule.ruleCode, method: 'normal' });
    routes = listRoutes(s.app)
      .filter((r) => WRITES.has(r.method) && r.url.startsWith('/jeecg-boot/'))
      // An online form's table routes (`/online/data/:table/*`) are its CRUD's writes; PATCH is none of them.
      .filter((r) => !(r.url.endsWith('/*') && !TABLE_WRITES[r.method]))
      .map((r) => ({ method: r.method, url: r.url.slice('/jeecg-boot'.length) }));
  });
  afterAll(async () => { await s?.close(); });

  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const path = (url: string, method: string) => url.replace('/button/:table/:code', '/button/:table/approve').replace(/\*$/, TABLE_WRITES[method] ?? '*')
    .replace(/:([A-Za-z]+)/g, (_, p) => encodeURIComponent(real[p] ?? 'x1'));
  const send = (r: { method: string; url: string }, token?: string) => s.api(r.method, path(r.url, r.method), {
    token, body: r.method === 'DELETE' ? undefined : { id: real.headId, ids: real.headId, formId: real.headId, buttonCode: 'approve', rules: [{ ruleCode: real.ruleCode }] },
  });

  it('finds the write routes in the server itself', () => {
    expect(routes.length).toBeGreaterThan(150);
    for (const k of [...PUBLIC_WRITES, ...SELF_SERVICE]) expect(routes.map(key), `${k} is no longer a route`).toContain(k);
  });

  it('asks a caller without a session to sign in', async () => {
    const open: string[] = [];
    for (const r of routes.filter((x) => !PUBLIC_WRITES.has(key(x)) && !key(x).endsWith('/logout'))) {
      if ((await send(r)).status !== 401) open.push(key(r));
    }
    expect(open).toEqual([]);
  });

  it('refuses a signed-in user who holds no role, on every route that is not self-service', async () => {
    const open: string[] = [];
    for (const r of routes.filter((x) => !PUBLIC_WRITES.has(key(x)) && !SELF_SERVICE.has(key(x)))) {
      const res = await send(r, nobody);
      if (res.status !== 403) open.push(`${key(r)} → ${res.status} ${res.body?.message ?? ''}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses the unguarded sub tables that were write-open: report columns, parameters, chart fields', async () => {
    const applicant = await s.login('applicant');
    for (const api of ['/online/cgreport/item', '/online/cgreport/param', '/online/graphreport/item']) {
      expect((await s.api.post(`${api}/add`, { fieldName: 'x' }, { token: applicant })).status, api).toBe(403);
      expect((await s.api('DELETE', `${api}/delete?id=1`, { token: applicant })).status, api).toBe(403);
    }
  });
});
