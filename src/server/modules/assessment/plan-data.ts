import type { Kysely } from 'kysely';
import { parseSheetScores, type Indicator, type SheetScores } from '../../../schema/scoring.js';
import type { Row } from '../../crud/hooks.js';
import { badRequest, ClientError } from '../../http/result.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const PLAN = 'assess_plan';
export const INDICATOR = 'assess_indicator';
export const TASK = 'assess_task';
export const RESULT = 'assess_result';
/** The states in which a task is still its assessor's to change. */
export const OPEN_STATES = ['pending', 'draft'];
/** A plan whose results its assessees may read. */
export const CLOSED_PLAN = ['ended', 'archived'];
/** The grades' words (dictionary assess_grade), for what a person reads: the results sheet, the notice. */
export const GRADE_TEXT: Record<string, string> = { excellent: '优秀', good: '良好', pass: '合格', fail: '不合格' };

export async function planOf(db: Kysely<any>, id: string): Promise<Row> {
  const plan = await db.selectFrom(PLAN).selectAll().where('id', '=', id).executeTakeFirst() as Row | undefined;
  if (!plan) throw new ClientError(404, '考核计划不存在');
  return plan;
}

/** The plan's indicator template, in its order, as a scoring sheet. */
export async function indicatorsOf(db: Kysely<any>, planId: string): Promise<(Indicator & Row)[]> {
  const rows = await db.selectFrom(INDICATOR).selectAll().where('planId', '=', planId).orderBy('sortNo').orderBy('id').execute() as Row[];
  return rows.map((r) => ({ ...r, id: String(r.id), name: String(r.name), maxScore: Number(r.maxScore), weight: Number(r.weight), description: (r.description as string | null) ?? null }));
}

export function parseScores(raw: unknown): SheetScores {
  const scores = parseSheetScores(raw);
  if (!scores) throw badRequest('评分数据格式错误');
  return scores;
}

/** "submitted/all" of the plan and of each named assessee's result, kept by every write that changes them. */
export async function refreshProgress(db: Kysely<any>, planId: string, assessees: string[]): Promise<void> {
  const count = async (assessee?: string) => {
    let q = db.selectFrom(TASK).select(['state', db.fn.countAll().as('n')]).where('planId', '=', planId).groupBy('state');
    if (assessee) q = q.where('assessee', '=', assessee);
    const rows = await q.execute() as Row[];
    const all = rows.reduce((s, r) => s + Number(r.n), 0);
    const done = rows.filter((r) => r.state === 'submitted').reduce((s, r) => s + Number(r.n), 0);
    return `${done}/${all}`;
  };
  for (const a of new Set(assessees)) await db.updateTable(RESULT).set({ progress: await count(a) }).where('planId', '=', planId).where('assessee', '=', a).execute();
  await db.updateTable(PLAN).set({ taskProgress: await count() }).where('id', '=', planId).execute();
}
