import { describe, expect, it } from 'vitest';
import { checkPageSchema, SchemaError } from './check';
import { evaluate, linkageProblems, linkageState, type LinkageRule } from './linkage';
import { compileLinkageEnforcer } from './linkage-enforce';
import type { FieldSchema, PageSchema } from './types';
import { compileValidators } from './validator';

const fields: FieldSchema[] = [
  { name: 'status', label: '状态', type: 'string', view: 'radio', dict: { code: 'status' } },
  { name: 'reason', label: '原因', type: 'string', required: true },
  { name: 'amount', label: '金额', type: 'int' },
  { name: 'level', label: '级别', type: 'string', view: 'list', dict: { code: 'level' } },
  { name: 'tags', label: '标签', type: 'string', view: 'checkbox', dict: { code: 'tag' } },
  { name: 'note', label: '备注', type: 'string' },
  { name: 'due', label: '到期', type: 'date' },
];

const rule = (when: LinkageRule['when'], then: LinkageRule['then']): LinkageRule => ({ when, then });
const schema = (linkage: LinkageRule[]): PageSchema => ({ code: 'demo', title: 'demo', table: 'demo', api: '/demo', fields, linkage });

describe('evaluate', () => {
  it('compares scalars as text, numbers as numbers', () => {
    expect(evaluate({ field: 'status', op: 'eq', value: '1' }, { status: 1 })).toBe(true);
    expect(evaluate({ field: 'status', op: 'ne', value: '1' }, { status: '2' })).toBe(true);
    expect(evaluate({ field: 'amount', op: 'gt', value: 100 }, { amount: '150' })).toBe(true);
    expect(evaluate({ field: 'amount', op: 'lt', value: 100 }, { amount: 150 })).toBe(false);
    expect(evaluate({ field: 'amount', op: 'gt', value: 100 }, {})).toBe(false);
    expect(evaluate({ field: 'due', op: 'lt', value: '2026-01-01' }, { due: '2025-12-31' })).toBe(true);
    expect(evaluate({ field: 'amount', op: 'ge', value: 150 }, { amount: '150' })).toBe(true);
    expect(evaluate({ field: 'amount', op: 'gt', value: 150 }, { amount: '150' })).toBe(false);
    expect(evaluate({ field: 'amount', op: 'le', value: '9' }, { amount: 10 })).toBe(false);
    expect(evaluate({ field: 'amount', op: 'le', value: 100 }, {})).toBe(false);
  });

  it('reads empty, lists, and the choices of a several-value field', () => {
    expect(evaluate({ field: 'note', op: 'empty' }, { note: '' })).toBe(true);
    expect(evaluate({ field: 'note', op: 'notEmpty' }, { note: 'x' })).toBe(true);
    expect(evaluate({ field: 'status', op: 'in', value: ['1', '2'] }, { status: '2' })).toBe(true);
    expect(evaluate({ field: 'status', op: 'notIn', value: ['1', '2'] }, { status: '3' })).toBe(true);
    expect(evaluate({ field: 'tags', op: 'eq', value: 'b' }, { tags: 'a,b' }, new Set(['tags']))).toBe(true);
    expect(evaluate({ field: 'tags', op: 'eq', value: 'b' }, { tags: 'a,b' })).toBe(false);
  });
});

describe('linkageState', () => {
  const rules = [
    rule({ field: 'status', op: 'eq', value: '2' }, { field: 'reason', effect: 'show' }),
    rule({ field: 'reason', op: 'notEmpty' }, { field: 'note', effect: 'require' }),
    rule({ field: 'status', op: 'eq', value: '3' }, { field: 'amount', effect: 'disable' }),
    rule({ field: 'status', op: 'in', value: ['1', '2'] }, { field: 'level', effect: 'options', options: ['a', 'b'] }),
    rule({ field: 'status', op: 'eq', value: '2' }, { field: 'level', effect: 'options', options: ['b', 'c'] }),
  ];

  it('shows a field only while a show rule holds, and a hidden field reads as empty downstream', () => {
    expect(linkageState(rules, { status: '2', reason: 'x' }).reason.hidden).toBe(false);
    expect(linkageState(rules, { status: '2', reason: 'x' }).note.required).toBe(true);
    const hidden = linkageState(rules, { status: '1', reason: 'x' });
    expect(hidden.reason.hidden).toBe(true);
    expect(hidden.note.required).toBe(false);
  });

  it('disables, and narrows options to what the holding rules share', () => {
    expect(linkageState(rules, { status: '3' }).amount.disabled).toBe(true);
    expect(linkageState(rules, { status: '1' }).level.options).toEqual(['a', 'b']);
    expect(linkageState(rules, { status: '2' }).level.options).toEqual(['b']);
    expect(linkageState(rules, { status: '3' }).level.options).toBeUndefined();
  });
});

describe('linkageProblems', () => {
  const problem = (r: LinkageRule) => linkageProblems(schema([r]));

  it('accepts well-formed rules', () => {
    expect(problem(rule({ field: 'amount', op: 'gt', value: 10 }, { field: 'level', effect: 'options', options: ['a'] }))).toBeNull();
  });

  it('refuses rules naming what the form does not have, naming the rule', () => {
    expect(problem(rule({ field: 'nope', op: 'empty' }, { field: 'note', effect: 'hide' }))).toEqual({
      path: '/linkage/0/when/field', problem: 'rule 1 (when nope empty then hide note): field "nope" is not declared',
    });
    expect(problem(rule({ field: 'note', op: 'empty' }, { field: 'createTime', effect: 'hide' }))?.problem).toMatch(/field "createTime" is not a declared field of the form/);
    expect(problem(rule({ field: 'note', op: 'empty' }, { field: 'note', effect: 'hide' }))?.problem).toMatch(/cannot follow its own value/);
  });

  it('refuses values that do not fit the field or the operator', () => {
    expect(problem(rule({ field: 'amount', op: 'eq', value: 'abc' }, { field: 'note', effect: 'hide' }))?.problem).toMatch(/"abc" is not a number, and "amount" is of type int/);
    expect(problem(rule({ field: 'note', op: 'gt', value: 'x' }, { field: 'reason', effect: 'hide' }))?.problem).toMatch(/operator gt needs a number, date or time field/);
    expect(problem(rule({ field: 'due', op: 'eq', value: '2026/1/1' }, { field: 'note', effect: 'hide' }))?.problem).toMatch(/is not a date value/);
    expect(problem(rule({ field: 'status', op: 'in', value: '1' }, { field: 'note', effect: 'hide' }))?.problem).toMatch(/operator in needs a list of values/);
    expect(problem(rule({ field: 'status', op: 'empty', value: '1' }, { field: 'note', effect: 'hide' }))?.problem).toMatch(/operator empty takes no value/);
  });

  it('allows options only on a dictionary view', () => {
    expect(problem(rule({ field: 'status', op: 'eq', value: '1' }, { field: 'note', effect: 'options', options: ['a'] }))?.problem).toMatch(/options can only narrow a dictionary view .* "note" is text/);
    expect(problem(rule({ field: 'status', op: 'eq', value: '1' }, { field: 'level', effect: 'options', options: [] }))?.problem).toMatch(/needs at least one value/);
    expect(problem(rule({ field: 'status', op: 'eq', value: '1' }, { field: 'note', effect: 'hide', options: ['a'] }))?.problem).toMatch(/only the options effect takes options/);
  });

  it('refuses a rule on a cycle', () => {
    const p = linkageProblems(schema([
      rule({ field: 'status', op: 'eq', value: '1' }, { field: 'note', effect: 'hide' }),
      rule({ field: 'note', op: 'empty' }, { field: 'status', effect: 'disable' }),
    ]));
    expect(p).toEqual({ path: '/linkage/0', problem: 'rule 1 (when status eq "1" then hide note): is part of a cycle ("note" leads back to "status")' });
  });

  it('is part of the schema checks', () => {
    const doc = schema([rule({ field: 'status', op: 'eq', value: '1' }, { field: 'ghost', effect: 'hide' })]);
    expect(() => checkPageSchema(doc, 'x.json')).toThrow(SchemaError);
    expect(() => checkPageSchema(doc, 'x.json')).toThrow('x.json: /linkage/0/then/field: rule 1 (when status eq "1" then hide ghost): field "ghost" is not a declared field of the form');
    expect(() => checkPageSchema({ ...doc, linkage: [{ when: { field: 'status', op: 'like' }, then: { field: 'note', effect: 'hide' } }] }, 'x.json')).toThrow(/\/linkage\/0\/when\/op: must be one of/);
  });
});

describe('compileLinkageEnforcer', () => {
  const s = schema([
    rule({ field: 'status', op: 'eq', value: '2' }, { field: 'reason', effect: 'show' }),
    rule({ field: 'status', op: 'eq', value: '3' }, { field: 'note', effect: 'require' }),
    rule({ field: 'status', op: 'in', value: ['1', '2'] }, { field: 'tags', effect: 'options', options: ['a', 'b'] }),
  ]);
  const enforce = compileLinkageEnforcer(s)!;

  it('drops a hidden value and requires a shown required field', () => {
    expect(enforce({ status: '1', reason: 'x' })).toEqual({ body: { status: '1' }, problem: null });
    expect(enforce({ status: '2' }).problem).toBe('原因不能为空');
    expect(enforce({ status: '2', reason: 'r' }).problem).toBeNull();
  });

  it('requires what a rule requires, reading an edit over the stored row', () => {
    expect(enforce({ status: '3' }).problem).toBe('备注不能为空');
    expect(enforce({ status: '3' }, { note: 'kept' }).problem).toBeNull();
    expect(enforce({ note: '' }, { status: '3', note: 'kept' }).problem).toBe('备注不能为空');
  });

  it('refuses a choice outside the narrowed options', () => {
    expect(enforce({ status: '1', tags: 'a,c' }).problem).toBe('标签的值「c」不在可选范围内（a、b）');
    expect(enforce({ status: '1', tags: 'b' }).problem).toBeNull();
    expect(enforce({ status: '4', tags: 'c' }).problem).toBeNull();
  });

  it('leaves a rule-hidden required field to the rules, not the validator', () => {
    expect(compileValidators(s).add({ status: '1' }).problem).toBeNull();
    expect(compileValidators(schema([])).add({ status: '1' }).problem).toBe('原因不能为空');
    expect(compileLinkageEnforcer(schema([]))).toBeNull();
  });
});
