/**
 * Scoring sheets, shared by every process that scores people or projects (the contest's experts,
 * personnel assessment): one sheet's weighted total, its checks, the aggregation of several
 * sheets, and a ranking with a fixed tie-break. Pure: the form shows the same total the server keeps.
 */
export interface Indicator {
  id: string;
  name: string;
  /** The highest score an assessor may give on it. */
  maxScore: number;
  /** Its share of the total (any positive numbers; they are normalised). */
  weight: number;
  /** What the assessor should look at (shown beside the input). */
  description?: string | null;
}

/** Scores by indicator id. */
export type SheetScores = Record<string, number | null | undefined>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What is wrong with one score given on an indicator (a number within 0..max, one decimal at most), or null. */
export function scoreProblem(i: Indicator, v: unknown): string | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return `「${i.name}」的分数需为数字`;
  if (v < 0) return `「${i.name}」不能低于0分`;
  if (v > i.maxScore) return `「${i.name}」最高${i.maxScore}分`;
  if (Math.round(v * 10) !== v * 10) return `「${i.name}」最多保留1位小数`;
  return null;
}

const unscored = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Whether the weights change the total beyond the maxima: not when every weight is its indicator's
 * maximum times one factor (30 of 30 weighing 30), where the total is simply the points given out of
 * the points possible. A sheet shows 权重 only when they do.
 */
export function weightsMatter(indicators: Indicator[]): boolean {
  const [first] = indicators;
  if (!first) return false;
  const factor = first.weight / first.maxScore;
  return indicators.some((i) => Math.abs(i.weight / i.maxScore - factor) > 1e-9);
}

/**
 * A sheet's total on a 100-point scale: each indicator's score as a fraction of its maximum,
 * weighted by its share of the weights. Missing scores count as 0, and so does a score the sheet
 * would refuse (−3, 31 of 30, 2.55): the total shown while typing counts valid scores only.
 */
export function sheetTotal(indicators: Indicator[], scores: SheetScores): number {
  const weights = indicators.reduce((sum, i) => sum + i.weight, 0);
  if (!weights) return 0;
  const total = indicators.reduce((sum, i) => {
    const v = scores[i.id];
    return unscored(v) || scoreProblem(i, v) ? sum : sum + (Number(v) / i.maxScore) * i.weight;
  }, 0);
  return round2((total / weights) * 100);
}

/**
 * What is wrong with a sheet about to be kept (`complete`: about to be submitted), or null:
 * every score a number within 0..max, each indicator scored, a comment below the threshold.
 */
export function sheetProblem(indicators: Indicator[], scores: SheetScores, opts: { complete: boolean; comment?: string | null; commentBelow?: number | null }): string | null {
  const all = sheetProblems(indicators, scores, opts);
  return all.length ? all.join('；') : null;
}

/** Every problem of a sheet, one per indicator at most, in the sheet's order (a person fixes them all at once). */
export function sheetProblems(indicators: Indicator[], scores: SheetScores, opts: { complete: boolean; comment?: string | null; commentBelow?: number | null }): string[] {
  const known = new Set(indicators.map((i) => i.id));
  if (Object.keys(scores).some((id) => !known.has(id))) return ['评分项不存在，请刷新后重试'];
  const problems: string[] = [];
  for (const i of indicators) {
    const v = scores[i.id];
    if (unscored(v)) {
      if (opts.complete) problems.push(`请为「${i.name}」打分`);
    } else {
      const problem = scoreProblem(i, v);
      if (problem) problems.push(problem);
    }
  }
  const threshold = opts.commentBelow;
  if (!problems.length && opts.complete && threshold !== null && threshold !== undefined && sheetTotal(indicators, scores) < threshold && !opts.comment?.trim()) {
    problems.push(`总分低于${threshold}分，请填写评语`);
  }
  return problems;
}

/** Below this many sheets the mean keeps every one; from it on, one highest and one lowest are dropped. */
export const TRIM_FROM = 5;

/** The final score of several submitted totals: their mean, without the highest and the lowest from five on. */
export function aggregate(totals: number[]): number | null {
  if (!totals.length) return null;
  const kept = totals.length >= TRIM_FROM ? [...totals].sort((a, b) => a - b).slice(1, -1) : totals;
  return round2(kept.reduce((a, b) => a + b, 0) / kept.length);
}

/** Names in Chinese order (as `localeCompare(…, 'zh-CN')`, without a collator made per comparison). */
const byName = new Intl.Collator('zh-CN');
/** Submission times as `localeCompare` orders them (the default locale). */
const byTime = new Intl.Collator();

export interface Ranked<T> {
  item: T;
  rank: number;
}

/**
 * Ranks by final score, highest first, within each group (a track). Ties are broken, in order, by
 * the higher mean of all totals (extremes kept), the more sheets, then the earlier submission; what
 * is still equal shares a rank (1, 2, 2, 4) and is listed by name, so every run lists it alike.
 */
export function rankWithin<T>(items: T[], key: { group: (t: T) => string; score: (t: T) => number | null; allTotals: (t: T) => number[]; submitted: (t: T) => string; name?: (t: T) => string }): Map<string, Ranked<T>[]> {
  const groups = new Map<string, T[]>();
  for (const t of items) {
    if (key.score(t) === null) continue;
    const list = groups.get(key.group(t));
    if (list) list.push(t); else groups.set(key.group(t), [t]);
  }
  const means = new Map<T, number>();
  const mean = (t: T) => {
    let m = means.get(t);
    if (m === undefined) { const a = key.allTotals(t); m = a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0; means.set(t, m); }
    return m;
  };
  const order = (a: T, b: T) => (key.score(b)! - key.score(a)!) || (mean(b) - mean(a)) || (key.allTotals(b).length - key.allTotals(a).length)
    || byTime.compare(key.submitted(a), key.submitted(b));
  const out = new Map<string, Ranked<T>[]>();
  for (const [group, list] of groups) {
    const sorted = [...list].sort((a, b) => order(a, b) || (key.name ? byName.compare(key.name(a), key.name(b)) : 0));
    const ranked: Ranked<T>[] = [];
    sorted.forEach((item, i) => {
      const tied = i > 0 && order(sorted[i - 1], item) === 0;
      ranked.push({ item, rank: tied ? ranked[i - 1].rank : i + 1 });
    });
    out.set(group, ranked);
  }
  return out;
}

/** Sheets of one kind (an assessor kind: 自评, 上级评, 同事互评…) and that kind's share of the result. */
export interface WeightedGroup {
  key: string;
  weight: number;
  totals: number[];
}

export interface WeightedResult {
  /** Σ(group score × weight) ÷ Σ weight over the groups that have sheets; null when none has any. */
  total: number | null;
  /** Each group: its score (`aggregate` of its totals), its weight as declared, its share as counted (0 when left out). */
  parts: { key: string; weight: number; score: number | null; share: number }[];
  /** A group with a weight had no sheet, so the weights of the others were scaled up to fill its share. */
  renormalised: boolean;
}

/**
 * Several kinds of sheets weighted against each other: each group's score is `aggregate` of its
 * totals (the same rule as a contest's final score), and the groups with no sheet are left out, the
 * other weights renormalised to the whole. Groups with weight 0 take no part.
 */
export function weightedAggregate(groups: WeightedGroup[]): WeightedResult {
  const scores = groups.map((g) => (g.weight > 0 ? aggregate(g.totals) : null));
  let weights = 0, sum = 0, missing = false;
  groups.forEach((g, i) => {
    const score = scores[i];
    if (score !== null) { weights += g.weight; sum += score * g.weight; } else if (g.weight > 0) missing = true;
  });
  return {
    total: weights ? round2(sum / weights) : null,
    parts: groups.map((g, i) => ({ key: g.key, weight: g.weight, score: scores[i], share: scores[i] !== null && weights ? Math.round((g.weight / weights) * 10_000) / 10_000 : 0 })),
    renormalised: missing && weights > 0,
  };
}

/** A grade and the lowest total that reaches it. */
export interface GradeThreshold<G extends string = string> {
  grade: G;
  min: number;
}

/** The first grade, highest threshold first, whose threshold the total reaches (a total on the line has it); else `below`. */
export function gradeOf<G extends string>(total: number, thresholds: GradeThreshold<G>[], below: G): G {
  let reached: GradeThreshold<G> | undefined;
  for (const t of thresholds) if (total >= t.min && (!reached || t.min > reached.min)) reached = t;
  return reached?.grade ?? below;
}

/** A sheet's scores as stored or sent (a JSON object, or nothing yet), or null when they are not an object of scores. */
export function parseSheetScores(raw: unknown): SheetScores | null {
  if (raw === null || raw === undefined || raw === '') return {};
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try { parsed = JSON.parse(raw); } catch { return null; }
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed as SheetScores : null;
}
