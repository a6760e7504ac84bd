import type { Kysely } from 'kysely';
import { OPEN_STATES, planOf, TASK } from './plan-data.js';
import { computeResults, writeResults } from './results.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** 结束考核, inside the transition's transaction: open tasks become 未完成 (kept, not lost), and the results are written. */
export async function endPlan(tx: Kysely<any>, planId: string): Promise<void> {
  await tx.updateTable(TASK).set({ state: 'unfinished' }).where('planId', '=', planId).where('state', 'in', OPEN_STATES).execute();
  const plan = await planOf(tx, planId);
  await writeResults(tx, planId, await computeResults(tx, plan));
}
