import { describe, expect, it } from 'vitest';
import { contentDisposition, resolveInside, servedAs, staticRelativePath } from './static-file.js';
import { parseBiz, storedName } from './upload-names.js';

describe('parseBiz', () => {
  it('defaults to temp and accepts slash-separated safe segments', () => {
    expect(parseBiz(undefined)).toBe('temp');
    expect(parseBiz('  ')).toBe('temp');
    expect(parseBiz('jeditor/2025_a-b/')).toBe('jeditor/2025_a-b');
  });
  it.each(['../x', 'a/../b', '/abs', 'a\\b', 'a//b', 'C:', 'a.b', 'a b', '%2e%2e', 'x'.repeat(101)])('refuses %j with a 400', (biz) => {
    expect(() => parseBiz(biz)).toThrow(expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^biz参数不合法/) }));
  });
});

describe('storedName', () => {
  it('keeps the last path part, a short extension and a clean base', () => {
    expect(storedName('C:\\Users\\me\\报告 (1).PDF', 1700000000000)).toBe('报告_(1)_1700000000000.pdf');
    expect(storedName('a,b#c?.png', 1)).toBe('a_b_c_1.png');
    expect(storedName('archive.tar.gz', 1)).toBe('archive_tar_1.gz');
    expect(storedName('noext', 1)).toBe('noext_1');
    expect(storedName('x.bad ext', 1)).toBe('x_bad_ext_1');
    expect(storedName('', 1)).toBe('file_1');
    expect(storedName('...', 1)).toBe('file_1');
  });
  it('caps the base at 120 UTF-8 bytes without cutting a character', () => {
    expect(storedName(`${'a'.repeat(300)}.txt`, 1)).toBe(`${'a'.repeat(120)}_1.txt`);
    expect(storedName(`${'长'.repeat(300)}.txt`, 1)).toBe(`${'长'.repeat(40)}_1.txt`);
  });
});

describe('static paths', () => {
  it('strips trailing commas and refuses anything that is not a plain relative path', () => {
    expect(staticRelativePath('temp/a_1.png,')).toBe('temp/a_1.png');
    for (const p of ['', ',', '../a', 'a/../b', '/etc/passwd', 'a//b', 'a\\b', 'a/.hidden', './a', 'a/\u0001b']) expect(staticRelativePath(p), p).toBeNull();
  });
  it('resolves only inside the root', () => {
    expect(resolveInside('/data/upload', 'temp/a.png')).toBe('/data/upload/temp/a.png');
    expect(resolveInside('/data/upload', '../secret')).toBeNull();
    expect(resolveInside('/data/upload', '')).toBeNull();
    expect(resolveInside('/data/upload', '/data/upload-other/x')).toBeNull();
  });
  it('shows images and pdf inline, downloads the rest', () => {
    expect(servedAs('a.JPG')).toEqual({ contentType: 'image/jpeg', inline: true });
    expect(servedAs('a.pdf')).toEqual({ contentType: 'application/pdf', inline: true });
    expect(servedAs('a.docx').inline).toBe(false);
    for (const n of ['a.html', 'a.htm', 'a.svg', 'a.xml', 'a.js', 'a', 'a.constructor']) expect(servedAs(n), n).toEqual({ contentType: 'application/octet-stream', inline: false });
  });
  it('names the file for RFC 5987 clients and gives others an ASCII fallback', () => {
    expect(contentDisposition('attachment', "报告 'v1'.txt")).toBe(`attachment; filename="__ 'v1'.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%27v1%27.txt`);
  });
});
