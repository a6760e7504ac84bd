// @ts-expect-error qs ships no types (umi-request's dependency): the test only compares outputs with it.
import * as qs from 'qs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from './qs';

// The shim must send what umi-request sent through the real qs.
describe('qs shim', () => {
  it('stringifies as qs does with arrayFormat repeat and strictNullHandling', () => {
    const cases: unknown[] = [
      { a: 'x y', b: 1, c: true, d: null, e: undefined, f: ['1', '2', null], g: { h: 'i', j: [3] } },
      { 'k[1]': '(中文)!*\'~-._', date: new Date(Date.UTC(2025, 0, 2)), empty: [], nested: [{ a: 1 }] },
      { column: 'createTime', order: 'desc', pageNo: 1, _t: 1700000000, username: 'a&b=c' },
      {},
    ];
    for (const c of cases) expect(stringify(c)).toBe(qs.stringify(c, { arrayFormat: 'repeat', strictNullHandling: true }));
  });

  it('parses flat query text as qs does with strictNullHandling', () => {
    for (const text of ['a=1&b=x+y&c&a=2', 'name=%E4%B8%AD%E6%96%87&empty=', '']) {
      expect(parse(text)).toEqual(qs.parse(text, { strictNullHandling: true }));
    }
  });
});
