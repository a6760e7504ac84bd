import { describe, expect, it } from 'vitest';
import { listColumns } from './columns';
import { encodeQuery, likeValue, queryItems } from './query-bar';
import type { PageSchema } from './types';

const schema: PageSchema = {
  code: 'demo', title: '演示', table: 'demo', api: '/demo',
  fields: [
    { name: 'name', label: '名称', type: 'string', query: 'single' },
    { name: 'rank', label: '职级', type: 'string', dict: { code: 'position_rank' }, query: 'single' },
    { name: 'tags', label: '标签', type: 'string', view: 'list_multi', dict: { code: 'tag' }, query: 'single' },
    { name: 'birthday', label: '生日', type: 'date', query: 'group' },
    { name: 'age', label: '年龄', type: 'int', query: 'single' },
    { name: 'day', label: '日期', type: 'date', query: 'single' },
    { name: 'password', label: '密码', type: 'string', sensitive: true, query: 'single' },
    { name: 'roles', label: '角色', type: 'string', virtual: true },
    { name: 'note', label: '说明', type: 'text', list: false },
  ],
};

describe('queryItems and encodeQuery', () => {
  const items = queryItems(schema);

  it('offers the declared query fields, never a sensitive or virtual one', () => {
    expect(items.map((i) => [i.field, i.view, i.mode])).toEqual([
      ['name', 'text', 'single'], ['rank', 'list', 'single'], ['tags', 'list_multi', 'single'], ['birthday', 'date', 'group'], ['age', 'number', 'single'], ['day', 'date', 'single'],
    ]);
  });

  it('wraps typed text as a like, sends choices exactly, ranges as _begin/_end, dates never wrapped', () => {
    expect(encodeQuery(items, {
      name: ' 张 ', rank: '3', tags: ['a', 'b'], birthday: ['2025-01-01', '2025-12-31'], age: 30, day: '2025-05-01',
    })).toEqual({
      name: '*张*', rank: '3', tags: 'a,b', birthday_begin: '2025-01-01', birthday_end: '2025-12-31', age: '30', day: '2025-05-01',
    });
  });

  it('drops empty inputs and keeps an open range end', () => {
    expect(encodeQuery(items, { name: '  ', rank: null, tags: [], birthday: [null, '2025-12-31'] as never })).toEqual({ birthday_end: '2025-12-31' });
  });

  it('sends a value that already names its operator as typed', () => {
    expect(likeValue('张*')).toBe('张*');
    expect(likeValue('!张')).toBe('!张');
    expect(likeValue('>=5')).toBe('>=5');
    expect(likeValue('张')).toBe('*张*');
  });
});

describe('listColumns', () => {
  it('lists declared fields with dictionary text, never sensitive or virtual ones', () => {
    const cols = listColumns(schema);
    expect(cols.map((c) => c.field)).toEqual(['name', 'rank', 'tags', 'birthday', 'age', 'day']);
    expect(cols.find((c) => c.field === 'rank')).toMatchObject({ dictText: true, sortable: true, title: '职级' });
    expect(cols.find((c) => c.field === 'name')?.dictText).toBe(false);
  });
});
