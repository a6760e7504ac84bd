import type { Kysely } from 'kysely';
import { ASSESSOR_KINDS, gradeThresholds, kindLabel, kindWeights, planGrade, type Grade } from '../../../schema/assessment.js';
import { gradeOf, rankWithin, weightedAggregate, type WeightedResult } from '../../../schema/scoring.js';
import type { Row } from '../../crud/hooks.js';
import { updateByKey } from '../../db/update-by-key.js';
import { indicatorsOf, parseScores, RESULT, TASK } from './plan-data.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface AssesseeResult {
  assessee: string;
  departId: string | null;
  totals: number[];
  result: WeightedResult;
  grade: Grade | null;
  rank: number | null;
  /** Said when a kind of assessor is left out and the others' weights renormalised. */
  weightNote: string | null;
}

/** What the weighing says in words: the kinds left out and the shares the others carry instead. */
export function weightNote(r: WeightedResult): string | null {
  if (!r.renormalised) return null;
  const missing = r.parts.filter((p) => p.weight > 0 && p.score === null).map((p) => kindLabel(p.key));
  const used = r.parts.filter((p) => p.share > 0).map((p) => `${kindLabel(p.key)}${Math.round(p.share * 1000) / 10}%`);
  return `无${missing.join('、')}评分，权重按${used.join('、')}重新分配`;
}

/**
 * The result of every assessee with a submitted sheet: per kind of assessor the mean of its sheets,
 * weighed by the plan's weights (a kind without sheets left out, the rest renormalised — scoring.ts,
 * the same aggregation as a contest's), the grade by the plan's lines, and the rank within the
 * assessee's department. Assessees without any sheet have no result.
 */
export async function computeResults(db: Kysely<any>, plan: Row): Promise<AssesseeResult[]> {
  const weights = kindWeights(plan);
  const lines = gradeThresholds(plan);
  const sheets = await db.selectFrom(TASK).select(['assessee', 'departId', 'kind', 'total']).where('planId', '=', String(plan.id)).where('state', '=', 'submitted').execute() as Row[];
  const byPerson = new Map<string, { departId: string | null; kinds: Map<string, number[]>; all: number[] }>();
  for (const s of sheets) {
    let person = byPerson.get(String(s.assessee));
    if (!person) byPerson.set(String(s.assessee), person = { departId: (s.departId as string | null) ?? null, kinds: new Map(), all: [] });
    const total = Number(s.total);
    person.all.push(total);
    const totals = person.kinds.get(String(s.kind));
    if (totals) totals.push(total);
    else person.kinds.set(String(s.kind), [total]);
  }
  const results = [...byPerson].map(([assessee, { departId, kinds, all }]) => {
    const result = weightedAggregate(ASSESSOR_KINDS.map((k) => ({ key: k.kind, weight: weights[k.kind], totals: kinds.get(k.kind) ?? [] })));
    return {
      assessee, departId, totals: all, result,
      grade: result.total === null ? null : gradeOf<Grade>(result.total, lines, 'fail'), rank: null as number | null, weightNote: weightNote(result),
    };
  });
  const ranked = rankWithin(results, { group: (r) => r.departId ?? '', score: (r) => r.result.total, allTotals: (r) => r.totals, submitted: () => '', name: (r) => r.assessee });
  for (const list of ranked.values()) for (const { item, rank } of list) item.rank = rank;
  return results;
}

/** Writes the results onto the plan's result rows (考核实例), as the plan ends, in batched UPDATEs. */
export async function writeResults(tx: Kysely<any>, planId: string, results: AssesseeResult[]): Promise<void> {
  await updateByKey(tx, RESULT, 'assessee',
    [{ name: 'total', cast: 'decimal(6,2)' }, { name: 'grade' }, { name: 'deptRank', cast: 'integer' }, { name: 'weightNote' }],
    results.map((r) => [r.assessee, r.result.total, r.grade, r.rank, r.weightNote]), { planId });
}

/**
 * One assessee's result card: per kind its weight, share and mean; per indicator the weighted mean
 * score across kinds, by the same aggregation. Never who gave which score.
 */
export async function resultCard(db: Kysely<any>, plan: Row, row: Row) {
  const weights = kindWeights(plan);
  const indicators = await indicatorsOf(db, String(plan.id));
  const sheets = await db.selectFrom(TASK).select(['kind', 'total', 'scores', 'state']).where('planId', '=', String(plan.id))
    .where('assessee', '=', String(row.assessee)).execute() as Row[];
  const submitted = sheets.filter((s) => s.state === 'submitted').map((s) => ({ kind: String(s.kind), total: Number(s.total), scores: parseScores(s.scores) }));
  const ofKind = (kind: string) => submitted.filter((s) => s.kind === kind);
  const overall = weightedAggregate(ASSESSOR_KINDS.map((k) => ({ key: k.kind, weight: weights[k.kind], totals: ofKind(k.kind).map((s) => s.total) })));
  return {
    total: overall.total, grade: overall.total === null ? null : planGrade(plan, overall.total), weightNote: weightNote(overall),
    sheets: { submitted: submitted.length, all: sheets.length },
    kinds: overall.parts.filter((p) => p.weight > 0).map((p) => ({ ...p, label: kindLabel(p.key), sheets: ofKind(p.key).length })),
    indicators: indicators.map((i) => {
      const r = weightedAggregate(ASSESSOR_KINDS.map((k) => ({ key: k.kind, weight: weights[k.kind], totals: ofKind(k.kind).map((s) => Number(s.scores[i.id] ?? 0)) })));
      return { id: i.id, name: i.name, maxScore: i.maxScore, weight: i.weight, score: r.total };
    }),
  };
}
