/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect401, expectEnvelope } from '../helpers/envelope.js';
import { BACKEND, startServer, type ApiResponse, type TestServer } from '../helpers/server.js';

const MB = 1024 * 1024;

/** File upload and static files (contract §6.4). */
describe(`upload and static files [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let uploadRoot: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    uploadRoot = path.join(s.app.ctx.config.dataDir, 'upload');
  });
  afterAll(async () => { await s?.close(); });

  const send = async (form: FormData, t: string | undefined = token): Promise<ApiResponse> => {
    const res = await fetch(`${s.apiUrl}/sys/common/upload`, { method: 'POST', body: form, headers: t ? { 'X-Access-Token': t } : {} });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text), headers: res.headers };
  };
  const upload = (content: BlobPart, name: string, biz?: string, t?: string) => {
    const form = new FormData();
    if (biz !== undefined) form.append('biz', biz);
    form.append('file', new Blob([content]), name);
    return send(form, t);
  };
  const stored = async (content: BlobPart, name: string, biz?: string) => {
    const res = await upload(content, name, biz);
    expectEnvelope(res, { success: true, code: 200 });
    expect(res.body.result).toBeNull();
    return res.body.message as string;
  };
  const getStatic = (p: string) => fetch(`${s.apiUrl}/sys/common/static/${p}`);
  /** A request path sent exactly as written (fetch would resolve `..` segments before sending). */
  const rawGet = (rawPath: string) => new Promise<number>((resolve, reject) => {
    const url = new URL(s.apiUrl);
    http.get({ host: url.hostname, port: url.port, path: `${url.pathname}${rawPath}` }, (res) => { res.resume(); resolve(res.statusCode!); }).on('error', reject);
  });

  it('stores a file under the default biz and reads it back byte for byte', async () => {
    const bytes = new Uint8Array(fs.readFileSync('schemas/seed/files/web/banner-1.png'));
    const p = await stored(bytes, 'photo.png');
    expect(p).toMatch(/^temp\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(uploadRoot, p))).toBe(true);
    const res = await getStatic(p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it('stores under a custom biz, whichever order the form fields come in', async () => {
    expect(await stored('a', 'notes.txt', 'jeditor/2025_news-1')).toMatch(/^jeditor\/2025_news-1\/[0-9a-f]{32}\.txt$/);
    const form = new FormData();
    form.append('file', new Blob(['b']), 'after.txt');
    form.append('biz', 'later');
    const res = await send(form);
    expect(expectEnvelope(res, { success: true, code: 200 })).toBeDefined();
    expect(res.body.message).toMatch(/^later\/[0-9a-f]{32}\.txt$/);
    expect(await (await getStatic(res.body.message)).text()).toBe('b');
  });

  it('stores under a random name (128 bits and the extension); the download offers the name it was sent with', async () => {
    const a = await stored('x', '../../etc/pass,wd\u0007 #1.TXT');
    expect(a).toMatch(/^temp\/[0-9a-f]{32}\.txt$/);
    expect((await getStatic(a)).headers.get('content-disposition')).toBe(`attachment; filename="pass,wd #1.TXT"; filename*=UTF-8''pass%2Cwd%20%231.TXT`);
    expect(await stored('x', '.htaccess')).toMatch(/^temp\/[0-9a-f]{32}$/);
    const report = await stored('%PDF-1.4', '..\\..\\报告.pdf');
    expect(report).toMatch(/^temp\/[0-9a-f]{32}\.pdf$/);
    expect((await getStatic(report)).headers.get('content-disposition')).toBe(`inline; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('报告.pdf')}`);
    // Nothing of one name tells another: a thousand-fold guess of the next one finds nothing.
    const names = await Promise.all(Array.from({ length: 5 }, () => stored('x', 'same.txt')));
    expect(new Set(names).size).toBe(5);
    expect(new Set(names.map((n) => n.slice(5, 13))).size).toBe(5);
    const row = await (s.db as any).selectFrom('sys_upload').selectAll().where('path', '=', report).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ fileName: '报告.pdf', fileSize: 8, createBy: 'admin', page: null, field: null, rowId: null });
  });

  it('refuses a file whose content is not what its name says, with 文件内容与类型不符, and stores nothing', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...new Array(200).fill(0)]);
    const before = fs.readdirSync(path.join(uploadRoot, 'temp')).length;
    const ledger = async () => Number((await (s.db as any).selectFrom('sys_upload').select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()).n);
    const rows = await ledger();
    for (const [content, name] of [[exe, '商业计划书.pdf'], [exe, '照片.png'], [exe, '名单.csv'], [exe, 'a.doc'], ['<html>not a pdf</html>', '伪装.pdf'], ['plain text', '表格.xlsx'], [exe, 'readme.txt']] as const) {
      const res = await upload(content, name);
      expectEnvelope(res, { status: 400, success: false, code: 400, message: '文件内容与类型不符' });
    }
    expect(fs.readdirSync(path.join(uploadRoot, 'temp')).length).toBe(before);
    expect(fs.readdirSync(path.join(s.app.ctx.config.dataDir, 'upload-incoming'))).toEqual([]);
    expect(await ledger()).toBe(rows);
  });

  it('takes Office files by their container, text without a signature, and any content under a name it does not check', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('表1').addRow(['名称', '数量']);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(await stored(xlsx, '表格.xlsx')).toMatch(/\.xlsx$/);
    // doc, xls and ppt: the OLE compound-file header.
    const cfb = new Uint8Array(2048);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    for (const name of ['旧版.doc', '旧版.xls', '旧版.ppt']) expect(await stored(cfb, name)).toMatch(/\.(doc|xls|ppt)$/);
    expect(await stored('名称,数量\n苹果,3\n', '名单.csv')).toMatch(/\.csv$/);
    expect(await stored(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'utf16.txt')).toMatch(/\.txt$/);
    expect(await stored(new Uint8Array([0x4d, 0x5a, 0x00, 0x00]), 'tool.exe')).toMatch(/\.exe$/);
  });

  it('never overwrites: two uploads of one name get two files', async () => {
    const [a, b] = await Promise.all([stored('one', 'same.txt'), stored('two', 'same.txt')]);
    expect(a).not.toBe(b);
    expect(new Set([await (await getStatic(a)).text(), await (await getStatic(b)).text()])).toEqual(new Set(['one', 'two']));
  });

  it('needs a token to upload', async () => {
    expect401(await upload('x', 'a.txt', undefined, ''), 'token为空!');
    expect((await upload('x', 'a.txt', undefined, 'not-a-token')).status).toBe(401);
  });

  it('refuses a hostile biz with a clear 400 and stores nothing', async () => {
    for (const biz of ['../evil', 'a/../../evil', '/etc', 'a\\b', 'a//b', 'C:', 'ok/..', 'a b', 'x'.repeat(101)]) {
      const res = await upload('x', 'a.txt', biz);
      expectEnvelope(res, { status: 400, success: false, code: 400, message: /^biz参数不合法/ });
    }
    expect(fs.existsSync(path.join(s.app.ctx.config.dataDir, 'evil'))).toBe(false);
    expect(fs.readdirSync(path.join(s.app.ctx.config.dataDir, 'upload-incoming'))).toEqual([]);
  });

  it('refuses a file over 10 MB with the JeecgBoot message, and keeps no part of it', async () => {
    const res = await upload(new Uint8Array(10 * MB + 1), 'big.bin', 'big');
    expectEnvelope(res, { status: 413, success: false, code: 413, message: '文件大小超出10MB限制' });
    expect(fs.existsSync(path.join(uploadRoot, 'big'))).toBe(false);
    expect(fs.readdirSync(path.join(s.app.ctx.config.dataDir, 'upload-incoming'))).toEqual([]);
    expect(await stored(new Uint8Array(10 * MB), 'exact.bin', 'big')).toMatch(/^big\/[0-9a-f]{32}\.bin$/);
  });

  it('answers 400 when no file is sent', async () => {
    const form = new FormData();
    form.append('biz', 'temp');
    expectEnvelope(await send(form), { status: 400, success: false, code: 400, message: '未收到上传的文件，请以表单字段 file 上传' });
    const other = new FormData();
    other.append('attachment', new Blob(['x']), 'a.txt');
    expectEnvelope(await send(other), { status: 400, success: false, code: 400, message: '未收到上传的文件，请以表单字段 file 上传' });
    const json = await s.api.post('/sys/common/upload', { file: 'x' }, { token });
    expectEnvelope(json, { status: 400, success: false, code: 400, message: '请以 multipart/form-data 上传文件' });
  });

  it('serves a file no record holds without a token; html, svg and unknown types only as sandboxed downloads', async () => {
    for (const [name, type] of [['page.html', 'application/octet-stream'], ['pic.svg', 'application/octet-stream'], ['a.js', 'application/octet-stream'], ['note.txt', 'text/plain; charset=utf-8']]) {
      const p = await stored('<script>alert(1)</script>', name);
      const res = await getStatic(encodeURI(p));
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe(type);
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), name).toBe('sandbox');
      expect(res.headers.get('content-disposition'), name).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
  });

  it('serves pdf inline in a sandbox and strips a trailing comma', async () => {
    const p = await stored('%PDF-1.4', 'doc.pdf');
    const res = await getStatic(`${p},`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(await res.text()).toBe('%PDF-1.4');
  });

  it('answers 404 for missing files, folders and any path leaving the upload folder', async () => {
    fs.writeFileSync(path.join(s.app.ctx.config.dataDir, 'secret.txt'), 'secret');
    expectEnvelope(await s.api.get('/sys/common/static/temp/missing_1.png'), { status: 404, success: false, code: 404 });
    expect((await getStatic('temp')).status).toBe(404);
    expect((await getStatic('')).status).toBe(404);
    for (const p of ['..%2Fsecret.txt', '..%2f..%2fsecret.txt', '%2E%2E%2Fsecret.txt', 'temp%2F..%2F..%2Fsecret.txt', '..%5Csecret.txt', '%2Fetc%2Fpasswd', '%252E%252E%252Fsecret.txt', 'temp/.%2E/../secret.txt']) {
      const res = await getStatic(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('secret');
    }
    for (const p of ['/sys/common/static/../../secret.txt', '/sys/common/static/temp/../../secret.txt', '/sys/common/static//etc/passwd', '/sys/common/static/..%2Fsecret.txt,']) {
      expect(await rawGet(p), p).toBe(404);
    }
  });
});
