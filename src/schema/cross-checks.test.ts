import { describe, expect, it } from 'vitest';
import { checkPageSchema } from './check';
import { crossChecksProblem, crossProblems } from './cross-checks';
import { compileLinkageEnforcer } from './linkage-enforce';
import type { PageSchema } from './types';

const race: PageSchema = {
  code: 'race', title: '赛事', table: 'race', api: '/race', permission: 'race',
  fields: [
    { name: 'startDate', label: '开始日期', type: 'date' },
    { name: 'endDate', label: '结束日期', type: 'date' },
    { name: 'declareStart', label: '申报开始', type: 'datetime' },
    { name: 'declareEnd', label: '申报截止', type: 'datetime' },
    { name: 'seats', label: '名额', type: 'int' },
    { name: 'minSeats', label: '最少名额', type: 'int' },
    { name: 'title', label: '名称', type: 'string' },
  ],
  crossChecks: [
    { field: 'endDate', op: 'ge', than: 'startDate' },
    { field: 'declareEnd', op: 'le', than: 'endDate' },
    { field: 'declareEnd', op: 'gt', than: 'declareStart' },
    { field: 'seats', op: 'ge', than: 'minSeats' },
  ],
};

describe('cross-field checks', () => {
  it('names both fields of every broken check, in the schema’s order', () => {
    expect(crossProblems(race, { startDate: '2026-03-01', endDate: '2026-02-01', declareStart: '2026-03-05 09:00:00', declareEnd: '2026-03-04 09:00:00', seats: 1, minSeats: 2 })).toEqual([
      { field: 'endDate', message: '「结束日期」不能早于「开始日期」' },
      { field: 'declareEnd', message: '「申报截止」不能晚于「结束日期」' },
      { field: 'declareEnd', message: '「申报截止」须晚于「申报开始」' },
      { field: 'seats', message: '「名额」不能小于「最少名额」' },
    ]);
  });

  it('compares a date-time with a date at the day, numbers as numbers, and lets an empty value be', () => {
    expect(crossProblems(race, { endDate: '2026-11-30', declareEnd: '2026-11-30 18:00:00' })).toEqual([]);
    expect(crossProblems(race, { endDate: '2026-11-30', declareEnd: '2026-12-01 00:00:00' })).toHaveLength(1);
    expect(crossProblems(race, { seats: 10, minSeats: 9 })).toEqual([]);
    expect(crossProblems(race, { startDate: '2026-03-01', endDate: null, declareEnd: '' })).toEqual([]);
  });

  it('checks only the pairs a partial edit touches', () => {
    const stored = { startDate: '2026-03-01', endDate: '2026-02-01' };
    expect(crossProblems(race, { ...stored, title: 'x' }, new Set(['title']))).toEqual([]);
    expect(crossProblems(race, { ...stored }, new Set(['startDate']))).toHaveLength(1);
  });

  it('is enforced by the server with the linkage rules: add checks all, edit what it sends', () => {
    const enforce = compileLinkageEnforcer(race)!;
    expect(enforce({ startDate: '2026-03-01', endDate: '2026-02-01' }).problem).toBe('「结束日期」不能早于「开始日期」');
    expect(enforce({ title: '改名' }, { startDate: '2026-03-01', endDate: '2026-02-01' }).problem).toBeNull();
    expect(enforce({ endDate: '2026-01-01' }, { startDate: '2026-03-01' }).problem).toBe('「结束日期」不能早于「开始日期」');
    expect(compileLinkageEnforcer({ fields: race.fields })).toBeNull();
  });

  it('refuses checks a schema cannot keep', () => {
    const bad = (crossChecks: PageSchema['crossChecks']) => crossChecksProblem({ ...race, crossChecks });
    expect(bad([{ field: 'nope', op: 'ge', than: 'startDate' }])).toEqual({ path: '/crossChecks/0/field', problem: 'field "nope" is not a declared column' });
    expect(bad([{ field: 'title', op: 'ge', than: 'startDate' }])?.problem).toMatch(/only numbers, dates and times/);
    expect(bad([{ field: 'seats', op: 'ge', than: 'startDate' }])?.problem).toMatch(/do not order alike/);
    expect(bad([{ field: 'endDate', op: 'ge', than: 'endDate' }])?.problem).toMatch(/itself/);
    expect(() => checkPageSchema({ ...race, crossChecks: [{ field: 'endDate', op: 'after', than: 'startDate' }] }, 'race.json')).toThrow(/crossChecks\/0\/op/);
    expect(() => checkPageSchema({ ...race, crossChecks: [{ field: 'endDate', op: 'ge', than: 'title' }] }, 'race.json')).toThrow(/crossChecks\/0\/than/);
    expect(checkPageSchema(race, 'race.json').crossChecks).toHaveLength(4);
  });
});

describe('sum checks', () => {
  const plan: PageSchema = {
    code: 'plan', title: '考核计划', table: 'plan', api: '/plan', permission: 'plan',
    fields: [
      { name: 'self', label: '自评权重', type: 'decimal' },
      { name: 'head', label: '上级评权重', type: 'decimal' },
      { name: 'peer', label: '同事互评权重', type: 'decimal' },
      { name: 'name', label: '名称', type: 'string' },
    ],
    sumChecks: [{ fields: ['self', 'head', 'peer'], equals: 100, label: '各类评价人权重', unit: '%' }],
  };

  it('marks every field and says the running sum under the last; an empty one counts 0', () => {
    expect(crossProblems(plan, { self: 20, head: '50', peer: null })).toEqual([
      { field: 'self', message: '' },
      { field: 'head', message: '' },
      { field: 'peer', message: '各类评价人权重合计须为100%，当前为70%' },
    ]);
    expect(crossProblems(plan, { self: 20.5, head: 49.5, peer: 30 })).toEqual([]);
    expect(crossProblems(plan, { self: 0.1, head: 0.2, peer: 99.7 })).toEqual([]);
  });

  it('is checked by the server with one message, and an edit touching none of its fields is not refused for it', () => {
    const enforce = compileLinkageEnforcer(plan)!;
    expect(enforce({ self: 10, head: 10, peer: 10 }).problem).toBe('各类评价人权重合计须为100%，当前为30%');
    expect(enforce({ name: '改名' }, { self: 10, head: 10, peer: 10 }).problem).toBeNull();
    expect(enforce({ peer: 80 }, { self: 10, head: 10, peer: 10 }).problem).toBeNull();
  });

  it('sums declared numeric form fields only', () => {
    expect(crossChecksProblem({ ...plan, sumChecks: [{ fields: ['self', 'name'], equals: 100, label: '权重' }] })).toEqual({ path: '/sumChecks/0/fields/1', problem: 'field "name" is of type string: only numbers are summed' });
    expect(crossChecksProblem({ ...plan, sumChecks: [{ fields: ['self', 'nope'], equals: 100, label: '权重' }] })).toMatchObject({ path: '/sumChecks/0/fields/1' });
    expect(() => checkPageSchema(JSON.parse(JSON.stringify({ ...plan, sumChecks: [{ fields: ['self'], equals: 100, label: '权重' }] })), 'p.json')).toThrow(/sumChecks/);
  });
});
