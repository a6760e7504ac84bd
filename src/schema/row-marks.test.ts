import { describe, expect, it } from 'vitest';
import { rowMarksOf, rowMarksProblem, type RowMark } from './row-marks';
import type { FieldSchema } from './types';

const fields = [
  { name: 'deadline', label: '截止日期', type: 'date' },
  { name: 'state', label: '状态', type: 'string', view: 'list', dict: { code: 'task_state' } },
  { name: 'secret', label: '密文', type: 'string', sensitive: true },
] as FieldSchema[];
const overdue: RowMark = { label: '已逾期', tone: 'danger', when: [{ field: 'deadline', op: 'lt', value: '$today' }, { field: 'state', op: 'ne', value: 'done' }] };
const dueToday: RowMark = { label: '今日到期', when: [{ field: 'deadline', op: 'eq', value: '$today' }] };
const schema = { fields, rowMarks: [overdue, dueToday] };
const now = new Date(2026, 10, 25, 9, 30);

describe('rowMarksOf', () => {
  it('marks a row past its deadline and not done, with $today resolved to the local date', () => {
    expect(rowMarksOf(schema, { deadline: '2026-11-24', state: 'doing' }, now).map((m) => m.label)).toEqual(['已逾期']);
    expect(rowMarksOf(schema, { deadline: '2026-11-24', state: 'done' }, now)).toEqual([]);
    expect(rowMarksOf(schema, { deadline: '2026-11-25', state: 'todo' }, now).map((m) => m.label)).toEqual(['今日到期']);
    expect(rowMarksOf(schema, { deadline: '2026-11-26', state: 'todo' }, now)).toEqual([]);
  });

  it('leaves a row without a deadline unmarked', () => {
    expect(rowMarksOf(schema, { deadline: null, state: 'todo' }, now)).toEqual([]);
  });
});

describe('rowMarksProblem', () => {
  it('accepts the task marks', () => expect(rowMarksProblem(schema)).toBeNull());

  it('names an undeclared or sensitive field', () => {
    expect(rowMarksProblem({ fields, rowMarks: [{ label: 'x', when: [{ field: 'nope', op: 'empty' }] }] })?.path).toBe('/rowMarks/0/when/0/field');
    expect(rowMarksProblem({ fields, rowMarks: [{ label: 'x', when: [{ field: 'secret', op: 'notEmpty' }] }] })?.problem).toMatch(/sensitive/);
  });

  it('keeps $today to ordering a date field', () => {
    expect(rowMarksProblem({ fields, rowMarks: [{ label: 'x', when: [{ field: 'state', op: 'lt', value: '$today' }] }] })?.problem).toMatch(/date or datetime/);
  });

  it('asks for a value where the operator needs one, and refuses one where it takes none', () => {
    expect(rowMarksProblem({ fields, rowMarks: [{ label: 'x', when: [{ field: 'state', op: 'eq' }] }] })?.problem).toMatch(/needs a value/);
    expect(rowMarksProblem({ fields, rowMarks: [{ label: 'x', when: [{ field: 'state', op: 'empty', value: 'a' }] }] })?.problem).toMatch(/takes no value/);
  });
});
