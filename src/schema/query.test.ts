import { describe, expect, it } from 'vitest';
import { parseListQuery, parseValue, type QueryField } from './query';

const fields: QueryField[] = [
  { name: 'name', kind: 'string' },
  { name: 'age', kind: 'number' },
  { name: 'birthday', kind: 'date' },
  { name: 'createTime', kind: 'datetime' },
  { name: 'secret', kind: 'string', sortable: false },
];

describe('parseValue: the shape of a value picks the operator (contract §5)', () => {
  it.each([
    ['*abc*', 'like', 'abc'],
    ['*abc', 'left_like', 'abc'],
    ['abc*', 'right_like', 'abc'],
    ['!x', 'ne', 'x'],
    ['>= 10', 'ge', '10'],
    ['>=10', 'ge', '10'],
    ['<= 10', 'le', '10'],
    ['<=10', 'le', '10'],
    ['!= 3', 'ne', '3'],
    ['> 5', 'gt', '5'],
    ['< 5', 'lt', '5'],
    ['= 5', 'eq', '5'],
    ['ge 7', 'ge', '7'],
    ['*', 'eq', '*'],
    ['plain', 'eq', 'plain'],
    ['a++b', 'eq', 'a,b'],
  ])('%s → %s %s', (raw, op, value) => {
    expect(parseValue(raw)).toEqual({ op, value });
  });

  it('reads a comma list as IN and a comma-wrapped list as multi-like', () => {
    expect(parseValue('1,2,3')).toEqual({ op: 'in', value: ['1', '2', '3'] });
    expect(parseValue(',1,3,')).toEqual({ op: 'multi_like', value: ['1', '3'] });
  });

  it('ignores blank values', () => {
    expect(parseValue('   ')).toBeNull();
    expect(parseValue('>= ')).toBeNull();
  });
});

describe('parseListQuery', () => {
  it('builds conditions with typed, escaped values', () => {
    const q = parseListQuery({ name: '*a_b%*', age: '>= 18', pageNo: '2', pageSize: '20', _t: '1' }, fields);
    expect(q.where).toEqual([
      { field: 'name', op: 'like', value: '%a\\_b\\%%' },
      { field: 'age', op: 'ge', value: 18 },
    ]);
    expect(q.pageNo).toBe(2);
    expect(q.pageSize).toBe(20);
  });

  it('turns _begin/_end into a range, a date-only end reaching the end of the day', () => {
    const q = parseListQuery({ createTime_begin: '2022-01-01', createTime_end: '2022-12-31', birthday_end: '2000-01-01' }, fields);
    expect(q.where).toEqual([
      { field: 'createTime', op: 'ge', value: '2022-01-01 00:00:00' },
      { field: 'createTime', op: 'le', value: '2022-12-31 23:59:59' },
      { field: 'birthday', op: 'le', value: '2000-01-01' },
    ]);
  });

  it('sorts by a comma list of declared columns, stripping _dictText', () => {
    const q = parseListQuery({ column: 'name_dictText,age', order: 'ASC' }, fields);
    expect(q.sort).toEqual([{ field: 'name', dir: 'asc' }, { field: 'age', dir: 'asc' }]);
    expect(parseListQuery({ column: 'age', order: 'desc' }, fields).sort).toEqual([{ field: 'age', dir: 'desc' }]);
  });

  it('ignores parameters naming no declared field, whatever their value (JeecgBoot binds only entity properties)', () => {
    const q = parseListQuery({ password: 'x', ipInfo: '', keyWord: 'a', nope_begin: '1', nope_MultiString: 'a,b', evil: { $gt: 1 }, age: '3' }, fields);
    expect(q.where).toEqual([{ field: 'age', op: 'eq', value: 3 }]);
  });

  it('refuses unknown or unsortable sort columns and bad values of declared fields', () => {
    expect(() => parseListQuery({ column: 'id; drop table x' }, fields)).toThrow(/将要排序的列字段不存在/);
    expect(() => parseListQuery({ column: 'secret' }, fields)).toThrow(/将要排序的列字段不存在/);
    expect(() => parseListQuery({ age: 'abc' }, fields)).toThrow(/需要数字/);
    expect(() => parseListQuery({ birthday: "2020-01-01' or 1=1" }, fields)).toThrow(/需要日期/);
    expect(() => parseListQuery({ pageSize: '100000' }, fields)).toThrow(/pageSize/);
    expect(() => parseListQuery({ name: { $gt: 1 } }, fields)).toThrow(/值无效/);
  });

  it('accepts pageSize -521 as every row', () => {
    expect(parseListQuery({ pageSize: '-521' }, fields).pageSize).toBe(-521);
  });

  it('reads superQueryParams (URL-encoded JSON) with its match type', () => {
    const sq = encodeURIComponent(JSON.stringify([{ field: 'age', rule: 'gt', val: '3' }, { field: 'name', rule: 'like', val: 'z' }, { field: 'name', rule: 'eq', val: '' }]));
    const q = parseListQuery({ superQueryParams: sq, superQueryMatchType: 'or' }, fields);
    expect(q.superWhere).toEqual([{ field: 'age', op: 'gt', value: 3 }, { field: 'name', op: 'like', value: '%z%' }]);
    expect(q.superMatch).toBe('or');
    expect(() => parseListQuery({ superQueryParams: '[{"field":"nope","rule":"eq","val":"1"}]' }, fields)).toThrow(/未知的查询字段/);
    expect(() => parseListQuery({ superQueryParams: 'not json' }, fields)).toThrow(/JSON/);
  });

  it('lets a declared field named like a reserved parameter filter', () => {
    const withCode = [...fields, { name: 'code', kind: 'string' as const }];
    expect(parseListQuery({ code: 'A1', _t: '1' }, withCode).where).toEqual([{ field: 'code', op: 'eq', value: 'A1' }]);
    expect(parseListQuery({ code: 'wx' }, fields).where).toEqual([]);
  });

  it('splits selections', () => {
    expect(parseListQuery({ selections: 'a,b,' }, fields).selections).toEqual(['a', 'b']);
  });
});

describe('a comma-joined column (multi-select, user picker)', () => {
  const owners: QueryField[] = [{ name: 'owners', kind: 'string', multiple: true }, { name: 'note', kind: 'string' }];

  it('finds a value among the parts, whichever way it was asked: one value, a list, or ,a,b,', () => {
    const element = (v: string[]) => ({ field: 'owners', op: 'multi_like', value: v, element: true });
    expect(parseListQuery({ owners: 'admin' }, owners).where).toEqual([element(['%,admin,%'])]);
    expect(parseListQuery({ owners: 'admin,reviewer' }, owners).where).toEqual([element(['%,admin,%', '%,reviewer,%'])]);
    expect(parseListQuery({ owners: ',admin,' }, owners).where).toEqual([element(['%,admin,%'])]);
    // LIKE specials typed are themselves.
    expect(parseListQuery({ owners: 'a_b%' }, owners).where).toEqual([element(['%,a\\_b\\%,%'])]);
  });

  it('leaves a single-valued column to the usual operators', () => {
    expect(parseListQuery({ note: 'admin,reviewer' }, owners).where).toEqual([{ field: 'note', op: 'in', value: ['admin', 'reviewer'] }]);
    expect(parseListQuery({ note: ',a,' }, owners).where).toEqual([{ field: 'note', op: 'multi_like', value: ['%a%'] }]);
  });
});
