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
