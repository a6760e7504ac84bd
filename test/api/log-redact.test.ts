import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/http/log-redact.js';
import { expectOk, expectRefused } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** What the server logs (its pino stream) and writes to sys_log never holds a password or a token. */
describe(`secrets stay out of the logs [${BACKEND}]`, () => {
  let s: TestServer;
  const lines: string[] = [];
  const logged = () => lines.join('');
  beforeAll(async () => {
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    s = await startServer({ logger: { ...loggerOptions('info'), stream } });
  });
  afterAll(async () => { await s?.close(); });

  it('logs requests, with a token passed as ?token= shown as ***', async () => {
    const token = await s.login();
    expectOk(await s.api.get(`/sys/user/getUserInfo?token=${token}`));
    expectOk(await s.api.get(`/sys/user/getUserInfo?pageNo=1&token=${encodeURIComponent(token)}&x=1`));
    expectOk(await s.api.get('/sys/user/getUserInfo', { token }));
    expect(logged()).toContain('/jeecg-boot/sys/user/getUserInfo?token=***');
    expect(logged()).toContain('/jeecg-boot/sys/user/getUserInfo?pageNo=1&token=***&x=1');
    expect(logged()).not.toContain(token);
  });

  it('never logs a password, a captcha or an SMS code, whether sent in the body or the query', async () => {
    const wrong = 'Wr0ng-Secret-Pass';
    expectRefused(await s.api.post('/sys/login', { username: 'admin', password: wrong, captcha: 'cap9', checkKey: 'k1' }), '用户名或密码错误');
    expectOk(await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD }));
    await s.api.get(`/sys/user/getUserInfo?password=${wrong}&captcha=cap9&code=998877&smscode=887766`);
    await s.api.post('/sys/phoneLogin', { mobile: '13800000009', captcha: '776655' });
    const out = logged();
    expect(out).toContain('"url":"/jeecg-boot/sys/login"');
    for (const secret of [wrong, ADMIN_PASSWORD, 'cap9', '998877', '887766', '776655']) expect(out).not.toContain(secret);
  });

  it('keeps passwords and tokens out of the login log in the database', async () => {
    const token = await s.login();
    await s.api.get(`/sys/logout?token=${token}`);
    const rows = await s.db.selectFrom('sysLog').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const secret of [ADMIN_PASSWORD, 'Wr0ng-Secret-Pass', token]) expect(stored).not.toContain(secret);
  });
});
