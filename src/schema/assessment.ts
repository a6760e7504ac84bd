import { gradeOf, type GradeThreshold, type Indicator } from './scoring';

/**
 * Personnel assessment (人员考核), the parts the server and the web app both need: who assesses
 * whom, the period a plan covers, its weights and grades. Pure; scoring itself is scoring.ts.
 */

/** The kinds of assessor a plan weighs against each other, in the order one pair keeps its kind. */
export const ASSESSOR_KINDS = [
  { kind: 'self', label: '自评', weightField: 'weightSelf' },
  { kind: 'head', label: '上级评', weightField: 'weightHead' },
  { kind: 'peer', label: '同事互评', weightField: 'weightPeer' },
  { kind: 'chosen', label: '指定人员评', weightField: 'weightChosen' },
] as const;

export type AssessorKind = (typeof ASSESSOR_KINDS)[number]['kind'];
export type Grade = 'excellent' | 'good' | 'pass' | 'fail';

export const kindLabel = (kind: string) => ASSESSOR_KINDS.find((k) => k.kind === kind)?.label ?? kind;

/** A plan's settings as stored (numbers may come back as strings from the database). */
export interface PlanSettings {
  weightSelf?: unknown;
  weightHead?: unknown;
  weightPeer?: unknown;
  weightChosen?: unknown;
  gradeExcellent?: unknown;
  gradeGood?: unknown;
  gradePass?: unknown;
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));

/** The weight (percent) of each assessor kind. */
export function kindWeights(plan: PlanSettings): Record<AssessorKind, number> {
  return Object.fromEntries(ASSESSOR_KINDS.map((k) => [k.kind, num(plan[k.weightField])])) as Record<AssessorKind, number>;
}

export function gradeThresholds(plan: PlanSettings): GradeThreshold<Grade>[] {
  return [
    { grade: 'excellent', min: num(plan.gradeExcellent) },
    { grade: 'good', min: num(plan.gradeGood) },
    { grade: 'pass', min: num(plan.gradePass) },
  ];
}

export const planGrade = (plan: PlanSettings, total: number): Grade => gradeOf(total, gradeThresholds(plan), 'fail');

const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

/** What is wrong with a plan's own settings (saved or started), or null: weights of the kinds, grade lines. */
export function planSettingsProblem(plan: PlanSettings): string | null {
  const weights = Object.values(kindWeights(plan));
  if (weights.some((w) => !Number.isFinite(w) || w < 0)) return '评价人权重需为0到100之间的数字';
  const total = sum(weights);
  if (total !== 100) return `各类评价人权重合计须为100%，当前为${total}%`;
  const [excellent, good, pass] = gradeThresholds(plan).map((t) => t.min);
  if (!(excellent > good && good > pass && pass > 0 && excellent <= 100)) return '等级分数线须满足 100 ≥ 优秀 > 良好 > 合格 > 0';
  return null;
}

/** What keeps a plan from starting, or null: its settings, and an indicator template whose weights make 100%. */
export function planStartProblem(plan: PlanSettings, indicators: Indicator[]): string | null {
  const settings = planSettingsProblem(plan);
  if (settings) return settings;
  if (!indicators.length) return '请先添加考核指标';
  const total = sum(indicators.map((i) => i.weight));
  if (total !== 100) return `考核指标权重合计须为100%，当前为${total}%`;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The dates a plan covers (YYYY-MM-DD): the month, quarter or year its start falls in, or the range
 * given. A message when the dates do not make one.
 */
export function periodOf(type: unknown, start: unknown, end?: unknown): { start: string; end: string } | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(start ?? ''));
  if (!m) return '请选择考核周期的开始日期';
  const [y, mo] = [Number(m[1]), Number(m[2])];
  const span = (fromMonth: number, months: number) => ({
    start: `${y}-${pad(fromMonth)}-01`, end: `${y}-${pad(fromMonth + months - 1)}-${pad(lastDay(y, fromMonth + months - 1))}`,
  });
  switch (type) {
    case 'month': return span(mo, 1);
    case 'quarter': return span(Math.floor((mo - 1) / 3) * 3 + 1, 3);
    case 'year': return span(1, 12);
    case 'range': {
      const e = /^\d{4}-\d{2}-\d{2}/.exec(String(end ?? ''))?.[0];
      if (!e) return '请选择考核周期的结束日期';
      const s = m[0];
      return e < s ? '考核周期的结束日期不能早于开始日期' : { start: s, end: e };
    }
    default: return '请选择考核周期类型';
  }
}

/** One person assessed by the plan, in their department for it (null: none), and who heads that department. */
export interface Assessee {
  username: string;
  depart: string | null;
}

export interface AssessmentTask {
  assessee: string;
  assessor: string;
  kind: AssessorKind;
  depart: string | null;
}

/**
 * Who assesses whom: for every assessee, themself (自评), the heads of their department (上级评),
 * `peerCount` colleagues of the same department among the assessees (同事互评: the next ones by
 * account, round the department, so each colleague carries the same load) and the chosen
 * assessors (指定人员评) — only the kinds with a weight. Nobody assesses anyone twice: a pair keeps
 * its first kind in that order, and nobody but the assessee gives a self-assessment.
 */
export function assessmentTasks(assessees: Assessee[], opts: {
  weights: Record<AssessorKind, number>;
  headsOf: (depart: string) => string[];
  peerCount: number;
  chosen: string[];
}): AssessmentTask[] {
  const byDepart = new Map<string, string[]>();
  for (const a of assessees) if (a.depart) byDepart.set(a.depart, [...(byDepart.get(a.depart) ?? []), a.username]);
  for (const list of byDepart.values()) list.sort();
  const tasks: AssessmentTask[] = [];
  const seen = new Set<string>();
  const add = (a: Assessee, assessor: string, kind: AssessorKind) => {
    const key = `${a.username}\u0000${assessor}`;
    if (seen.has(key) || (kind !== 'self' && assessor === a.username)) return;
    seen.add(key);
    tasks.push({ assessee: a.username, assessor, kind, depart: a.depart });
  };
  for (const a of [...assessees].sort((x, y) => x.username.localeCompare(y.username))) {
    if (opts.weights.self > 0) add(a, a.username, 'self');
    if (opts.weights.head > 0 && a.depart) for (const h of opts.headsOf(a.depart)) add(a, h, 'head');
    if (opts.weights.peer > 0 && a.depart) {
      const colleagues = byDepart.get(a.depart)!;
      const at = colleagues.indexOf(a.username);
      const n = Math.min(Math.max(0, opts.peerCount), colleagues.length - 1);
      for (let k = 1; k <= n; k++) add(a, colleagues[(at + k) % colleagues.length], 'peer');
    }
    if (opts.weights.chosen > 0) for (const c of opts.chosen) add(a, c, 'chosen');
  }
  return tasks;
}
