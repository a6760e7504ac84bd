import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, startServer, WEB_DIST, type TestServer } from '../helpers/server.js';

const built = fs.existsSync(path.join(WEB_DIST, 'index.html'));
if (!built) {
  console.warn(`web route tests skipped: ${WEB_DIST}/index.html does not exist (build it with `
    + '`node node_modules/vite/bin/vite.js build`; `npm test` does it first)');
}

describe(`web routes [${BACKEND}]`, () => {
  let s: TestServer;
  beforeAll(async () => { s = await startServer(); });
  afterAll(async () => { await s?.close(); });

  it('GET / redirects (302) to /2025/', async () => {
    const res = await s.raw('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/2025/');
  });

  it('the API keeps its JSON 404 next to the web app', async () => {
    const res = await s.raw('/jeecg-boot/definitely/not/here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 404, message: '路径不存在，请检查路径是否正确' });
  });

  describe.skipIf(!built)('with dist/web built (skipped when dist/web/index.html is missing)', () => {
    const index = built ? fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : '';

    it('GET /2025/ serves the public site (site.html, or index.html before the site is built)', async () => {
      const site = path.join(WEB_DIST, 'site.html');
      const res = await s.raw('/2025/');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toBe(fs.existsSync(site) ? fs.readFileSync(site, 'utf8') : index);
    });

    it('GET /2025 redirects to /2025/', async () => {
      const res = await s.raw('/2025');
      expect([301, 302]).toContain(res.status);
      expect(res.headers.get('location')).toBe('/2025/');
    });

    it('a deep path falls back to index.html (history mode), without caching', async () => {
      for (const p of ['/2025/some/deep/path', '/2025/user/login', '/2025/dashboard/analysis?x=1', '/2025/online/cgformList/123']) {
        const res = await s.raw(p);
        expect(res.status, p).toBe(200);
        expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
        expect(res.headers.get('cache-control'), p).toBe('no-cache');
        expect(res.text, p).toBe(index);
      }
    });

    it('a missing asset is 404, not index.html', async () => {
      for (const p of ['/2025/assets/nope.js', '/2025/nope.css', '/2025/deep/x.png']) {
        const res = await s.raw(p);
        expect(res.status, p).toBe(404);
        expect(res.text, p).not.toContain('<!doctype html>');
      }
    });

    it('a built asset is served with a long immutable cache', async () => {
      const js = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((f) => f.endsWith('.js'));
      expect(js).toBeDefined();
      const res = await s.raw(`/2025/assets/${js}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toContain('immutable');
    });

    it('POST to a page path is not answered with index.html', async () => {
      const res = await s.raw('/2025/some/page', { method: 'POST' });
      expect(res.status).toBe(404);
    });
  });

  describe('without a web build', () => {
    let bare: TestServer;
    let empty: string;
    beforeAll(async () => {
      empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-web-'));
      bare = await startServer({ webDist: empty });
    });
    afterAll(async () => {
      await bare?.close();
      fs.rmSync(empty, { recursive: true, force: true });
    });

    it('pages answer 503 with a hint to build, the API still works', async () => {
      const res = await bare.raw('/2025/some/page');
      expect(res.status).toBe(503);
      expect(res.text).toContain('npm run build');
      expect((await bare.api.get('/site/siteinfoFz')).status).toBe(200);
      expect((await bare.raw('/')).status).toBe(302);
    });
  });
});
