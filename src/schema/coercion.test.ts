import { describe, expect, it } from 'vitest';
import { booleanFromText, coercerFor, numberFromText } from './coercion';

describe('numberFromText', () => {
  it('reads what Integer.parseInt and BigDecimal read, blanks around it ignored', () => {
    expect(numberFromText('1', true)).toBe(1);
    expect(numberFromText(' -12 ', true)).toBe(-12);
    expect(numberFromText('+7', true)).toBe(7);
    expect(numberFromText('1.5', false)).toBe(1.5);
    expect(numberFromText('.5', false)).toBe(0.5);
    expect(numberFromText('2.', false)).toBe(2);
    expect(numberFromText('1e3', false)).toBe(1000);
    expect(numberFromText('-1.25E-2', false)).toBe(-0.0125);
  });

  it('reads nothing else', () => {
    for (const t of ['1.0', '1e2', '0x10', '', ' ', '1 2', '1,000', 'abc', '1a', 'NaN', 'Infinity']) expect(numberFromText(t, true), t).toBeUndefined();
    for (const t of ['0x10', '', '.', 'e5', '1e', '1.2.3', 'NaN', 'Infinity', '-Infinity', '1_000', '1e999']) expect(numberFromText(t, false), t).toBeUndefined();
  });
});

describe('booleanFromText', () => {
  it('in a JSON body: Jackson\'s true and false only', () => {
    for (const t of ['true', 'True', 'TRUE', ' true ']) expect(booleanFromText(t, 'json')).toBe(true);
    for (const t of ['false', 'False', 'FALSE']) expect(booleanFromText(t, 'json')).toBe(false);
    for (const t of ['1', '0', 'yes', 'no', 'tRue', 'Y', '']) expect(booleanFromText(t, 'json'), t).toBeUndefined();
  });

  it('in a query string: Spring\'s words too, in any case', () => {
    for (const t of ['true', 'TRUE', '1', 'yes', 'On']) expect(booleanFromText(t, 'query')).toBe(true);
    for (const t of ['false', '0', 'No', 'off']) expect(booleanFromText(t, 'query')).toBe(false);
    expect(booleanFromText('2', 'query')).toBeUndefined();
  });
});

describe('coercerFor', () => {
  const body = {
    type: 'object',
    properties: {
      n: { type: 'integer' }, d: { type: ['number', 'null'] }, b: { type: 'boolean' }, s: { type: 'string' },
      either: { type: ['string', 'integer'] }, list: { type: 'array', items: { type: 'integer' } },
      nested: { type: 'object', properties: { n: { type: 'integer' } } }, any: {},
    },
  };
  const json = coercerFor(body, 'json')!;

  it('reads numbers, booleans and text as Jackson binds them, in place', () => {
    const sent: Record<string, unknown> = { n: '1', d: ' 2.5 ', b: 'true', s: 3, either: '4', list: ['1', 2], nested: { n: '5' }, any: '6', other: '7' };
    expect(json(sent)).toBe(sent);
    expect(sent).toEqual({ n: 1, d: 2.5, b: true, s: '3', either: '4', list: [1, 2], nested: { n: 5 }, any: '6', other: '7' });
    expect(json({ s: false })).toEqual({ s: 'false' });
  });

  it('takes an empty string as null for a number or a boolean, and leaves out a null its field does not allow', () => {
    expect(json({ d: '', n: '', b: '', s: '' })).toEqual({ d: null, s: '' });
    expect(json({ n: null, d: null, s: null })).toEqual({ d: null });
  });

  it('leaves everything else as sent, for the schema to refuse', () => {
    expect(json({ n: '1.0', d: 'x', b: '1', list: 'a' })).toEqual({ n: '1.0', d: 'x', b: '1', list: 'a' });
    expect(json({ n: true, b: 2 })).toEqual({ n: true, b: 2 });
    expect(json({ n: 1.5, nested: 'x' })).toEqual({ n: 1.5, nested: 'x' });
  });

  it('reads query parameters as Spring binds them: lists of one, a value repeated once, its boolean words', () => {
    const query = coercerFor({
      type: 'object',
      properties: { pageNo: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } }, on: { type: 'boolean' } },
      additionalProperties: { type: ['string', 'number'] },
    }, 'query')!;
    expect(query({ pageNo: ['2'], ids: '3', on: '1', x: ['a'] })).toEqual({ pageNo: 2, ids: [3], on: true, x: 'a' });
    expect(query({ pageNo: ['2', '3'] })).toEqual({ pageNo: ['2', '3'] });
  });

  it('needs nothing for a schema without types', () => {
    expect(coercerFor({}, 'json')).toBeNull();
    expect(coercerFor(undefined, 'json')).toBeNull();
    expect(coercerFor({ type: 'object', properties: { a: {} } }, 'json')).toBeNull();
  });
});
