import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** Issue 16: security headers on every reply (a page's, or the API's short set), HSTS only behind TLS. */
describe(`security headers [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer({ trustProxy: true }); });
  afterAll(async () => { await s?.close(); });

  it('a page carries the page policy, every API answer the short one, and each the frame and content-type options', async () => {
    const page = await s.raw('/2025/user/login');
    const apiDocPage = await s.api.get('/doc.html');
    const answers = [
      await s.api.get('/sys/randomImage/headers-key'),
      await s.api.get('/no/such/route'),
      await s.api.get('/sys/user/getUserInfo'),
    ];
    // The page is 503 where the web app is not built: its headers are the same.
    expect(answers.map((r) => r.status)).toEqual([200, 404, 401]);
    for (const r of [page, apiDocPage]) {
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
    for (const r of answers) {
      // A JSON answer loads and runs nothing, whatever a browser is made to do with it.
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'self'");
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-site');
      expect(r.headers.get('cross-origin-opener-policy')).toBeNull();
    }
    for (const r of [page, apiDocPage, ...answers]) {
      expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('tells HSTS only to a request that came over TLS through the proxy', async () => {
    const viaTls = await s.api.get('/sys/randomImage/headers-key', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaTls.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
  });

  it('a stored download keeps its own sandbox policy', async () => {
    const form = new FormData();
    form.append('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'page.html');
    const up = await fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': await s.login() } });
    const rel = (await up.json()).message as string;
    const res = await s.api.get(`/sys/common/static/${rel}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
