import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '../../schema/types.js';
import { cellValues, type TableValues } from './table-values.js';

const field: FieldSchema = { name: 'raceId', label: '所属赛事', type: 'string', view: 'sel_search', dict: { table: 'pms_race', text: 'title', value: 'id' } };
const known: TableValues = { values: new Set(['r1', 'r2', 'r3']), byText: new Map([['第一届', ['r1']], ['同名', ['r2', 'r3']], ['r3', ['r1']]]) };

describe('cellValues (an imported table dictionary cell back to values)', () => {
  it('turns a text into its value and keeps a value, part by part', () => {
    expect(cellValues(field, '第一届', known)).toEqual({ value: 'r1' });
    expect(cellValues(field, 'r2', known)).toEqual({ value: 'r2' });
    expect(cellValues(field, '第一届, r2', known)).toEqual({ value: 'r1,r2' });
  });

  it('reads a part that is both a value and another row\'s text as the value', () => {
    expect(cellValues(field, 'r3', known)).toEqual({ value: 'r3' });
  });

  it('leaves an unknown part and an empty cell as they are', () => {
    expect(cellValues(field, '没有这届', known)).toEqual({ value: '没有这届' });
    expect(cellValues(field, '', known)).toEqual({ value: '' });
    expect(cellValues(field, null, known)).toEqual({ value: null });
  });

  it('refuses a text several rows share, naming the field and the text', () => {
    expect(cellValues(field, '同名', known)).toEqual({ value: '同名', problem: '所属赛事「同名」对应2条记录，请填写其编号' });
  });
});
