import type { Kysely } from 'kysely';
import type { SchemaRegistry } from '../../schema/registry.js';
import { notifyEach, type Notice } from '../announcement/notify.js';
import { recordLinker } from '../announcement/record-notice.js';
import { GRADE_TEXT, OPEN_STATES, planOf, RESULT, TASK } from './plan-data.js';
import { computeResults, writeResults } from './results.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 结束考核, inside the transition's transaction: open tasks become 未完成 (kept, not lost), the
 * results are written, and each assessee is told their result card is ready, opening it.
 */
export async function endPlan(tx: Kysely<any>, schemas: SchemaRegistry, planId: string, by: string): Promise<void> {
  await tx.updateTable(TASK).set({ state: 'unfinished' }).where('planId', '=', planId).where('state', 'in', OPEN_STATES).execute();
  const plan = await planOf(tx, planId);
  await writeResults(tx, planId, await computeResults(tx, plan));
  const results = await tx.selectFrom(RESULT).select(['id', 'assessee', 'total', 'grade']).where('planId', '=', planId).execute() as Record<string, unknown>[];
  const linkFor = recordLinker(tx, schemas.get(RESULT)!);
  const notices: Notice[] = [];
  for (const r of results) {
    const title = `考核计划「${String(plan.name)}」已结束，您的考核结果已出`;
    const score = r.total === null || r.total === undefined ? '暂无有效评分' : `总分 ${Number(r.total)}${r.grade ? `，等级 ${GRADE_TEXT[String(r.grade)] ?? String(r.grade)}` : ''}`;
    notices.push({
      usernames: [String(r.assessee)], title, sender: by, busType: RESULT, busId: String(r.id),
      content: `${title}：${score}。可在「人员考核 › 考核实例」查看结果卡。`,
      openPage: await linkFor(String(r.assessee), r),
    });
  }
  await notifyEach(tx, notices);
}
