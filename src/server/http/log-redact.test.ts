import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-redact.js';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps everything else', () => {
    expect(redactUrl('/jeecg-boot/sys/user/list?token=abc123&pageNo=1')).toBe('/jeecg-boot/sys/user/list?token=***&pageNo=1');
    expect(redactUrl('/x?password=p%40ss&captcha=ab12&code=123456&sms_code=654321&X-Access-Token=t&checkKey=k'))
      .toBe('/x?password=***&captcha=***&code=***&sms_code=***&X-Access-Token=***&checkKey=k');
    expect(redactUrl('/x?%74oken=abc&resetToken=r&newPassword=n')).toBe('/x?%74oken=***&resetToken=***&newPassword=***');
    expect(redactUrl('/x?TOKEN=abc&token')).toBe('/x?TOKEN=***&token');
    expect(redactUrl('/x?a=1&token=t&b=2&&pwd=&c')).toBe('/x?a=1&token=***&b=2&&pwd=***&c');
    expect(redactUrl('/x?token=a=b&c=1')).toBe('/x?token=***&c=1');
    // Secrets as whole words (the request trace's names), not as parts of ordinary names.
    expect(redactUrl('/x?sign=s&Ticket=t&session_id=i&apiKey=k&auth=a&dictCode=sex&keyword=k&designId=1'))
      .toBe('/x?sign=***&Ticket=***&session_id=***&apiKey=***&auth=***&dictCode=sex&keyword=k&designId=1');
  });

  it('leaves URLs without a query or secret alone', () => {
    expect(redactUrl('/jeecg-boot/sys/randomImage/123')).toBe('/jeecg-boot/sys/randomImage/123');
    expect(redactUrl('/x?pageNo=1&pageSize=10&username=admin')).toBe('/x?pageNo=1&pageSize=10&username=admin');
    expect(redactUrl('/x?')).toBe('/x?');
    expect(redactUrl('/x?bad=%E0%A4%A')).toBe('/x?bad=%E0%A4%A');
  });
});

describe('loggerOptions', () => {
  const capture = () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    return { log: pino(loggerOptions('info'), stream), text: () => lines.join('') };
  };

  it('redacts secret headers and password-like fields of logged bodies and errors', () => {
    const { log, text } = capture();
    log.info({ req: { method: 'GET', url: '/a?token=url-secret' } });
    log.info({ headers: { 'x-access-token': 'header-secret', authorization: 'Bearer auth-secret' } });
    log.info({ request: { headers: { cookie: 'cookie-secret', 'x-access-token': 'header-secret-2' } } });
    log.info({ body: { username: 'admin', password: 'body-secret', captcha: 'cap-secret' } });
    log.error({ err: Object.assign(new Error('boom'), { password: 'err-secret' }) }, 'failed');
    log.info({ password: 'top-secret', user: { login: { smsCode: 'deep-secret' } } });
    const out = text();
    for (const secret of ['url-secret', 'header-secret', 'header-secret-2', 'cookie-secret', 'auth-secret', 'body-secret', 'cap-secret', 'err-secret', 'top-secret', 'deep-secret']) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('admin');
    expect(out).toContain('boom');
    expect(out).toContain('/a?token=***');
  });
});
