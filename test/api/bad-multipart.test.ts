import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { listRoutes } from '../helpers/routes.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

const MESSAGE = '上传内容不完整或格式错误';
const BOUNDARY = '----bad-multipart-test';

/**
 * Broken multipart bodies a client can send. Each is sent with a Content-Length matching what is
 * sent, so the server sees a complete request whose multipart content is broken.
 */
const BROKEN: { name: string; contentType: string; body: string }[] = [
  {
    name: 'no boundary in the Content-Type',
    contentType: 'multipart/form-data',
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
  },
  {
    name: 'a body cut in the middle of the file part',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhel`,
  },
  {
    name: 'a body cut inside the part header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
  },
  {
    name: 'a malformed part header (no colon, never ended)',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition form-data name file\r\n`,
  },
];

const WELL_FORMED = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ntemp\r\n`
  + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="ok.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`;
const multipartHeaders = (token: string) => ({ 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'X-Access-Token': token });

interface RawAnswer { status: number; body: any }

/** One request over node:http, so the body is sent byte for byte as given. */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body);
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(payload.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try { resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }); } catch { resolve({ status: res.statusCode ?? 0, body: text }); }
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

describe(`malformed multipart uploads [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let uploadRoutes: string[];
  beforeAll(async () => {
    s = await startServer();
    token = await s.login();
    const candidates = listRoutes(s.app)
      .filter((r) => r.method === 'POST' && /\/(upload|importExcel)$/.test(r.url))
      .map((r) => r.url);
    // A page without an import button refuses (403) before reading the body: nothing to parse there.
    uploadRoutes = [];
    for (const url of candidates) {
      if ((await rawPost(`${s.baseUrl}${url}`, multipartHeaders(token), WELL_FORMED)).status !== 403) uploadRoutes.push(url);
    }
  });
  afterAll(async () => { await s?.close(); });

  it('finds the upload and import routes', () => {
    expect(uploadRoutes).toContain('/jeecg-boot/sys/common/upload');
    expect(uploadRoutes).toContain('/jeecg-boot/sys/user/importExcel');
    expect(uploadRoutes.length).toBeGreaterThan(20);
    expect(uploadRoutes).toContain('/jeecg-boot/pms/news/importExcel');
  });

  for (const broken of BROKEN) {
    it(`${broken.name}: 400 ${MESSAGE} on every upload and import route`, async () => {
      const answers: string[] = [];
      for (const url of uploadRoutes) {
        const res = await rawPost(`${s.baseUrl}${url}`, { 'Content-Type': broken.contentType, 'X-Access-Token': token }, broken.body);
        answers.push(`${url} ${res.status} ${res.body?.code} ${res.body?.message}`);
      }
      expect(answers).toEqual(uploadRoutes.map((url) => `${url} 400 400 ${MESSAGE}`));
      // and the server still answers a normal request
      expectOk(await s.api.get('/sys/user/getUserInfo', { token }));
    });
  }

  it('a part header without colons, properly ended, is skipped: each route says it got no file (400)', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition form-data name file\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`;
    for (const url of uploadRoutes) {
      const res = await rawPost(`${s.baseUrl}${url}`, multipartHeaders(token), body);
      expect(`${url} ${res.status} ${res.body?.message}`).toMatch(/ 400 (没有收到文件|未收到上传的文件)/);
    }
  });

  it('a client that stops sending before its Content-Length gets 400, and the server goes on', async () => {
    const { port } = new URL(s.baseUrl);
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello`;
    for (const url of ['/jeecg-boot/sys/common/upload', '/jeecg-boot/sys/user/importExcel']) {
      const head = `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Access-Token: ${token}\r\n`
        + `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 1000\r\n\r\n`;
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(head + body)); // half-close: no more bytes
        socket.on('data', (c) => { text += c; });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    }
    expectOk(await s.api.get('/sys/user/getUserInfo', { token }));
  });

  it('a well-formed upload still works afterwards', async () => {
    const res = await rawPost(`${s.apiUrl}/sys/common/upload`, multipartHeaders(token), WELL_FORMED);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: expect.stringMatching(/^temp\/.+\.txt$/) });
  });
});
