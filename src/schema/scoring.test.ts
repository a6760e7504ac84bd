import { describe, expect, it } from 'vitest';
import { aggregate, gradeOf, parseSheetScores, rankWithin, sheetProblem, sheetTotal, weightedAggregate, weightsMatter, type Indicator } from './scoring';

const sheet: Indicator[] = [
  { id: 'tech', name: '技术创新', maxScore: 30, weight: 30 },
  { id: 'market', name: '市场前景', maxScore: 25, weight: 25 },
  { id: 'team', name: '团队能力', maxScore: 20, weight: 20 },
  { id: 'model', name: '商业模式', maxScore: 15, weight: 15 },
  { id: 'social', name: '社会效益', maxScore: 10, weight: 10 },
];

describe('a scoring sheet', () => {
  it('totals on a 100-point scale, each score a share of its maximum, weighted', () => {
    expect(sheetTotal(sheet, { tech: 30, market: 25, team: 20, model: 15, social: 10 })).toBe(100);
    expect(sheetTotal(sheet, { tech: 15, market: 25, team: 10, model: 15, social: 5 })).toBe(70);
    expect(sheetTotal(sheet, {})).toBe(0);
    // Weights need not sum to 100: 10 of 10 on a weight-1 item and 0 on a weight-3 item is 25.
    expect(sheetTotal([{ id: 'a', name: 'A', maxScore: 10, weight: 1 }, { id: 'b', name: 'B', maxScore: 5, weight: 3 }], { a: 10, b: 0 })).toBe(25);
  });

  it('counts only valid scores in the total: −3, 31 of 30 and 2.55 count as not given', () => {
    expect(sheetTotal(sheet, { tech: 30, market: -3 })).toBe(30);
    expect(sheetTotal(sheet, { tech: 31, market: 25 })).toBe(25);
    expect(sheetTotal(sheet, { tech: 2.55, market: 25 })).toBe(25);
    expect(sheetTotal(sheet, { tech: 2.5, market: 25 })).toBe(27.5);
  });

  it('tells whether the weights change the total beyond the maxima', () => {
    expect(weightsMatter(sheet)).toBe(false); // each weight is its maximum
    expect(weightsMatter([{ id: 'a', name: 'A', maxScore: 10, weight: 1 }, { id: 'b', name: 'B', maxScore: 20, weight: 2 }])).toBe(false);
    expect(weightsMatter([{ id: 'a', name: 'A', maxScore: 100, weight: 30 }, { id: 'b', name: 'B', maxScore: 100, weight: 70 }])).toBe(true);
    expect(weightsMatter([])).toBe(false);
  });

  it('refuses a score above its maximum, below 0, not a number, missing on submit, or a low total without a comment', () => {
    const full = { tech: 20, market: 20, team: 15, model: 10, social: 8 };
    expect(sheetProblem(sheet, full, { complete: true })).toBeNull();
    expect(sheetProblem(sheet, { ...full, tech: 31 }, { complete: false })).toBe('「技术创新」最高30分');
    expect(sheetProblem(sheet, { ...full, team: -1 }, { complete: false })).toBe('「团队能力」不能低于0分');
    expect(sheetProblem(sheet, { ...full, model: 'x' as unknown as number }, { complete: false })).toBe('「商业模式」的分数需为数字');
    expect(sheetProblem(sheet, { ...full, model: 7.25 }, { complete: false })).toBe('「商业模式」最多保留1位小数');
    expect(sheetProblem(sheet, { tech: 20 }, { complete: false })).toBeNull();
    // every problem is listed, in the sheet's order, so one pass fixes them all
    expect(sheetProblem(sheet, { tech: 20 }, { complete: true })).toBe('请为「市场前景」打分；请为「团队能力」打分；请为「商业模式」打分；请为「社会效益」打分');
    expect(sheetProblem(sheet, { ...full, tech: 31, team: -3, model: 7.25 }, { complete: true })).toBe('「技术创新」最高30分；「团队能力」不能低于0分；「商业模式」最多保留1位小数');
    expect(sheetProblem(sheet, { ...full, nope: 1 }, { complete: false })).toBe('评分项不存在，请刷新后重试');
    const low = { tech: 5, market: 5, team: 5, model: 5, social: 5 };
    expect(sheetProblem(sheet, low, { complete: true, commentBelow: 60 })).toBe('总分低于60分，请填写评语');
    expect(sheetProblem(sheet, low, { complete: true, commentBelow: 60, comment: '创新不足' })).toBeNull();
  });
});

describe('aggregation and ranking', () => {
  it('takes the mean, dropping one highest and one lowest from five sheets on', () => {
    expect(aggregate([])).toBeNull();
    expect(aggregate([80, 90])).toBe(85);
    expect(aggregate([60, 80, 80, 80, 99])).toBe(80);
    expect(aggregate([70, 71, 72, 73, 74, 100])).toBe(72.5);
  });

  it('ranks within each track, ties broken by the mean of all sheets, then more sheets, then earlier submission', () => {
    type P = { id: string; track: string; totals: number[]; at: string };
    const projects: P[] = [
      { id: 'a', track: 'it', totals: [80, 80, 80], at: '2026-01-02' },
      { id: 'b', track: 'it', totals: [60, 80, 80, 80, 100], at: '2026-01-01' }, // final 80, mean 80
      { id: 'c', track: 'it', totals: [90, 90], at: '2026-01-03' },
      { id: 'd', track: 'it', totals: [50, 80, 80, 80, 90], at: '2026-01-01' }, // final 80, mean 76
      { id: 'e', track: 'bio', totals: [70], at: '2026-01-01' },
      { id: 'f', track: 'bio', totals: [], at: '2026-01-01' },
      { id: 'g', track: 'bio', totals: [70], at: '2026-01-01' },
    ];
    const ranks = rankWithin(projects, { group: (p) => p.track, score: (p) => aggregate(p.totals), allTotals: (p) => p.totals, submitted: (p) => p.at });
    expect(ranks.get('it')!.map((r) => [r.item.id, r.rank])).toEqual([['c', 1], ['b', 2], ['a', 3], ['d', 4]]);
    expect(ranks.get('bio')!.map((r) => [r.item.id, r.rank])).toEqual([['e', 1], ['g', 1]]);
    // What is still equal shares its rank and is listed by name (丁 ding before 戊 wu), whatever the input order.
    const named = rankWithin([{ id: '戊', track: 'x', totals: [80], at: '' }, { id: '丁', track: 'x', totals: [80], at: '' }],
      { group: (p) => p.track, score: (p) => aggregate(p.totals), allTotals: (p) => p.totals, submitted: (p) => p.at, name: (p) => p.id });
    expect(named.get('x')!.map((r) => [r.item.id, r.rank])).toEqual([['丁', 1], ['戊', 1]]);
  });
});

describe('weighted aggregation across kinds of sheets', () => {
  it('weighs each kind’s mean by its weight', () => {
    const r = weightedAggregate([{ key: 'self', weight: 20, totals: [90] }, { key: 'head', weight: 80, totals: [70, 80] }]);
    expect(r).toEqual({ total: 78, renormalised: false, parts: [
      { key: 'self', weight: 20, score: 90, share: 0.2 }, { key: 'head', weight: 80, score: 75, share: 0.8 },
    ] });
  });

  it('leaves out a kind with no sheet and renormalises the others', () => {
    const r = weightedAggregate([{ key: 'self', weight: 20, totals: [90] }, { key: 'head', weight: 50, totals: [] }, { key: 'peer', weight: 30, totals: [60, 70, 80, 90, 100] }]);
    // peers: five sheets, extremes dropped → 80; (90×20 + 80×30) ÷ 50 = 84
    expect(r.total).toBe(84);
    expect(r.renormalised).toBe(true);
    expect(r.parts.map((p) => p.share)).toEqual([0.4, 0, 0.6]);
    expect(weightedAggregate([{ key: 'self', weight: 100, totals: [] }])).toMatchObject({ total: null, renormalised: false });
    expect(weightedAggregate([{ key: 'self', weight: 0, totals: [10] }, { key: 'head', weight: 100, totals: [50] }]).total).toBe(50);
  });

  it('grades a total at its threshold', () => {
    const lines = [{ grade: 'A', min: 90 }, { grade: 'B', min: 75 }];
    expect([90, 89.99, 75, 10].map((t) => gradeOf(t, lines, 'C'))).toEqual(['A', 'B', 'B', 'C']);
  });
});

describe('stored scores', () => {
  it('reads a JSON object of scores, nothing as none, anything else as unreadable', () => {
    expect(parseSheetScores('{"a":3}')).toEqual({ a: 3 });
    expect(parseSheetScores(null)).toEqual({});
    expect(parseSheetScores('[1]')).toBeNull();
    expect(parseSheetScores('{oops')).toBeNull();
  });
});
