import { describe, expect, it } from 'vitest';
import { contentDisposition, resolveInside, servedAs, staticRelativePath } from './static-file.js';
import { originalName, parseBiz, storedName } from './upload-names.js';

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
  const bits = new Uint8Array(16).map((_, i) => i * 17);
  it('is 128 random bits in hex and the plain extension of the client\'s name, nothing else of it', () => {
    expect(storedName('C:\\Users\\me\\报告 (1).PDF', bits)).toBe('00112233445566778899aabbccddeeff.pdf');
    expect(storedName('../../etc/passwd', bits)).toBe('00112233445566778899aabbccddeeff');
    expect(storedName('archive.tar.gz', bits)).toBe('00112233445566778899aabbccddeeff.gz');
    expect(storedName('x.bad ext', bits)).toBe('00112233445566778899aabbccddeeff');
    expect(storedName('.htaccess', bits)).toBe('00112233445566778899aabbccddeeff');
    expect(storedName('', bits)).toBe('00112233445566778899aabbccddeeff');
  });
  it('differs on every call', () => {
    const names = new Set(Array.from({ length: 100 }, () => storedName('a.pdf')));
    expect(names.size).toBe(100);
    for (const n of names) expect(n).toMatch(/^[0-9a-f]{32}\.pdf$/);
  });
});

describe('originalName', () => {
  it('keeps the last path part as the client named it, without control characters, capped', () => {
    expect(originalName('C:\\Users\\me\\报告 (1).PDF')).toBe('报告 (1).PDF');
    expect(originalName('a\u0007b,c.txt')).toBe('ab,c.txt');
    expect(originalName('')).toBe('file');
    expect(originalName('..')).toBe('file');
    expect([...originalName(`${'长'.repeat(300)}.txt`)].length).toBe(200);
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
