import { describe, expect, it } from 'vitest';
import { assessmentTasks, periodOf, planGrade, planSettingsProblem, planStartProblem } from './assessment';

const plan = { weightSelf: 10, weightHead: 40, weightPeer: 30, weightChosen: 20, gradeExcellent: 90, gradeGood: 80, gradePass: 60 };
const weights = { self: 10, head: 40, peer: 30, chosen: 20 };
const ind = (id: string, weight: number) => ({ id, name: id, maxScore: 10, weight });

describe('an assessment plan', () => {
  it('covers the month, quarter or year its start falls in, or the range given', () => {
    expect(periodOf('month', '2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodOf('quarter', '2026-08-03')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(periodOf('year', '2028-05-01 00:00:00')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
    expect(periodOf('range', '2026-03-01', '2026-03-15')).toEqual({ start: '2026-03-01', end: '2026-03-15' });
    expect(periodOf('range', '2026-03-15', '2026-03-01')).toBe('考核周期的结束日期不能早于开始日期');
    expect(periodOf('range', '2026-03-15')).toBe('请选择考核周期的结束日期');
    expect(periodOf('week', '2026-03-15')).toBe('请选择考核周期类型');
  });

  it('needs assessor weights and indicator weights of 100% and ordered grade lines', () => {
    expect(planSettingsProblem(plan)).toBeNull();
    expect(planSettingsProblem({ ...plan, weightChosen: 10 })).toBe('各类评价人权重合计须为100%，当前为90%');
    expect(planSettingsProblem({ ...plan, gradeGood: 95 })).toBe('等级分数线须满足 100 ≥ 优秀 > 良好 > 合格 > 0');
    expect(planStartProblem(plan, [])).toBe('请先添加考核指标');
    expect(planStartProblem(plan, [ind('a', 40), ind('b', 40.5)])).toBe('考核指标权重合计须为100%，当前为80.5%');
    expect(planStartProblem(plan, [ind('a', 40), ind('b', 60)])).toBeNull();
  });

  it('grades a total on a line with that line’s grade', () => {
    expect([90, 89.99, 80, 60, 59.99].map((t) => planGrade(plan, t))).toEqual(['excellent', 'good', 'good', 'pass', 'fail']);
  });
});

describe('who assesses whom', () => {
  const heads: Record<string, string[]> = { d1: ['boss'], d2: ['ann'] };
  const headsOf = (d: string) => heads[d] ?? [];

  it('gives each assessee themself, their head, the next colleagues and the chosen, each pair once', () => {
    const tasks = assessmentTasks(
      [{ username: 'ann', depart: 'd1' }, { username: 'bob', depart: 'd1' }, { username: 'cat', depart: 'd1' }, { username: 'dan', depart: 'd2' }],
      { weights, headsOf, peerCount: 1, chosen: ['boss', 'hr'] },
    );
    const of = (who: string) => tasks.filter((t) => t.assessee === who).map((t) => `${t.kind}:${t.assessor}`);
    // boss heads d1 and is also chosen: one task, as head.
    expect(of('ann')).toEqual(['self:ann', 'head:boss', 'peer:bob', 'chosen:hr']);
    expect(of('cat')).toEqual(['self:cat', 'head:boss', 'peer:ann', 'chosen:hr']);
    // ann assesses dan as his head while being assessed herself; dan has no colleague.
    expect(of('dan')).toEqual(['self:dan', 'head:ann', 'chosen:boss', 'chosen:hr']);
    expect(new Set(tasks.map((t) => `${t.assessee}/${t.assessor}`)).size).toBe(tasks.length);
  });

  it('leaves out the kinds without weight and never lets a head or the chosen assess themselves', () => {
    const tasks = assessmentTasks([{ username: 'boss', depart: 'd1' }, { username: 'eve', depart: null }],
      { weights: { self: 0, head: 50, peer: 0, chosen: 50 }, headsOf, peerCount: 3, chosen: ['eve'] });
    expect(tasks.map((t) => `${t.assessee}<${t.kind}:${t.assessor}`)).toEqual(['boss<chosen:eve']);
  });
});
