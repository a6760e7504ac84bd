import { describe, expect, it } from 'vitest';
import { checkPageSchema } from './check';
import type { PageSchema } from './types';
import { availableTransitions, editableIn, todoOf } from './workflow';

const task = {
  code: 'task', title: '任务', table: 'task', api: '/task', permission: 'pms:task',
  fields: [
    { name: 'title', label: '名称', type: 'string' },
    { name: 'state', label: '状态', type: 'string', form: false, dict: { code: 'task_state' } },
    { name: 'doneAt', label: '完成时间', type: 'datetime', form: false },
    { name: 'note', label: '说明', type: 'string', form: false },
  ],
  workflow: {
    field: 'state', initial: 'todo', editable: ['todo'],
    transitions: [
      { name: 'start', label: '开始', from: ['todo'], to: 'doing' },
      { name: 'finish', label: '完成', from: ['doing'], to: 'done', opinion: 'optional', stamp: { doneAt: 'now', note: 'opinion' } },
      { name: 'cancel', label: '取消', from: ['todo', 'doing'], to: 'cancelled', permission: 'pms:task:manage' },
    ],
  },
} as unknown as PageSchema;

const problem = (wf: object, more: object = {}) => {
  try {
    checkPageSchema(JSON.parse(JSON.stringify({ ...task, ...more, workflow: { ...task.workflow, ...wf } })), 't.json');
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('workflow in the schema language', () => {
  it('offers the transitions that leave the row’s state and whose button the user holds', () => {
    const held = new Set(['pms:task:start', 'pms:task:finish']);
    expect(availableTransitions(task, 'todo', (c) => held.has(c)).map((t) => t.name)).toEqual(['start']);
    expect(availableTransitions(task, 'doing', (c) => held.has(c)).map((t) => t.name)).toEqual(['finish']);
    expect(availableTransitions(task, 'doing', () => true).map((t) => t.name)).toEqual(['finish', 'cancel']);
    expect(availableTransitions(task, 'done', () => true)).toEqual([]);
    expect(editableIn(task, 'todo')).toBe(true);
    expect(editableIn(task, 'doing')).toBe(false);
  });

  it('accepts a well-formed workflow and refuses the mistakes with their path', () => {
    expect(problem({})).toBe('ok');
    expect(problem({ field: 'nope' })).toMatch(/\/workflow\/field: field "nope" is not a declared column/);
    expect(problem({}, { fields: task.fields.map((f) => (f.name === 'state' ? { ...f, form: true } : f)) })).toMatch(/must have form false/);
    expect(problem({ transitions: [...task.workflow!.transitions, task.workflow!.transitions[0]] })).toMatch(/\/workflow\/transitions\/3\/name: transition "start" is declared twice/);
    expect(problem({ transitions: [{ name: 'loop', label: '循环', from: ['todo'], to: 'todo' }] })).toMatch(/must leave its state/);
    expect(problem({ transitions: [{ name: 'x', label: 'x', from: ['todo'], to: 'done', stamp: { title: 'now', missing: 'user' } }] })).toMatch(/stamp\/missing: field "missing" is not a declared column/);
    expect(problem({ transitions: [{ name: 'x', label: 'x', from: ['todo'], to: 'done', stamp: { note: 'opinion' } }] })).toMatch(/stamps the opinion but asks for none/);
    expect(problem({ transitions: [{ name: 'x', label: 'x', from: ['todo'], to: 'done', stamp: { state: 'user' } }] })).toMatch(/the state is written by the transition itself/);
    expect(problem({ transitions: [{ name: 'x', label: 'x', from: [], to: 'done' }] })).toMatch(/\/workflow\/transitions\/0\/from/);
  });

  it('tells the owner, a user field\'s account or a role\'s holders; a field must be a column', () => {
    const notify = (n: unknown) => problem({ transitions: [{ name: 'x', label: 'x', from: ['todo'], to: 'done', notify: n }] });
    expect(notify('owner')).toBe('ok');
    expect(notify({ role: 'reviewer' })).toBe('ok');
    expect(notify(['owner', { field: 'title' }])).toBe('ok');
    expect(notify([{ field: 'missing' }])).toMatch(/\/workflow\/transitions\/0\/notify\/0\/field: field "missing" is not a declared column/);
    expect(notify('everyone')).toMatch(/\/workflow\/transitions\/0\/notify/);
    expect(notify({ role: 'reviewer', field: 'title' })).toMatch(/\/workflow\/transitions\/0\/notify/);
  });

  it('lists the waiting rows as work: a label, for whoever fires it or for the rows naming the user', () => {
    const todo = (t: unknown) => problem({ transitions: [{ name: 'x', label: 'x', from: ['todo'], to: 'done', todo: t }] });
    expect(todo('待办任务')).toBe('ok');
    expect(todo({ label: '我的任务', for: { field: 'title' } })).toBe('ok');
    expect(todo({ label: '我的任务', for: 'owner' })).toBe('ok');
    expect(todo({ label: '我的任务', for: { field: 'missing' } })).toMatch(/\/workflow\/transitions\/0\/todo\/for\/field: field "missing" is not a declared column/);
    expect(todo({ for: 'owner' })).toMatch(/\/workflow\/transitions\/0\/todo/);
    expect(todo('')).toMatch(/\/workflow\/transitions\/0\/todo/);
    expect(todoOf({ name: 'x', label: 'x', from: ['a'], to: 'b', todo: '待办' })).toEqual({ label: '待办' });
    expect(todoOf({ name: 'x', label: 'x', from: ['a'], to: 'b' })).toBeNull();
  });

  it('names a row by a declared column (record)', () => {
    expect(problem({}, { record: { noun: '任务', title: 'title' } })).toBe('ok');
    expect(problem({}, { record: { noun: '任务' } })).toMatch(/record/);
  });
});
