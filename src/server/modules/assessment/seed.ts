import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { sheetTotal } from '../../../schema/scoring.js';
import type { Row } from '../../crud/hooks.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { indicatorsOf, PLAN, refreshProgress, TASK } from './plan-data.js';
import { startPlan } from './start.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface AssessmentSeed {
  /** Department heads (JeecgBoot: identity 上级, 负责部门) by account, their departments by org code. */
  heads: Record<string, string[]>;
  plan: Row & { name: string; departs: string[] };
  /** name, weight, maximum, description, 优秀/良好/合格/不合格 standards. */
  indicators: [string, number, number, string, string, string, string, string][];
  /** Sheets already submitted: assessee, assessor, a score per indicator, comment. */
  submitted: [string, string, number[], string][];
}

/**
 * First-start demo of 人员考核 (schemas/seed/assessment.json): a department with its head, a plan
 * with a 4-indicator template, started as an administrator would (tasks and notices by startPlan),
 * and a few sheets submitted — a plan mid-way. Does nothing when the plan is there already.
 */
export async function seedAssessment(tx: Kysely<any>, seedDir: string): Promise<void> {
  const file = path.join(seedDir, 'assessment.json');
  if (!fs.existsSync(file)) return;
  const seed = JSON.parse(fs.readFileSync(file, 'utf8')) as AssessmentSeed;
  if (await tx.selectFrom(PLAN).select('id').where('name', '=', seed.plan.name).executeTakeFirst()) return;
  const departId = async (code: string) => String((await tx.selectFrom('sys_depart').select('id').where('orgCode', '=', code).executeTakeFirstOrThrow()).id);
  for (const [username, codes] of Object.entries(seed.heads)) {
    const ids = await Promise.all(codes.map(departId));
    await tx.updateTable('sys_user').set({ userIdentity: 2, departIds: ids.join(',') }).where('username', '=', username).execute();
  }
  const now = formatDateTime();
  const stamp = { createBy: 'admin', createTime: now, updateBy: null, updateTime: null, sysOrgCode: null };
  const { departs, ...plan } = seed.plan;
  const planId = newId();
  await tx.insertInto(PLAN).values({
    ...plan, id: planId, periodEnd: null, assesseeDeparts: (await Promise.all(departs.map(departId))).join(','), assesseeRoles: null,
    chosenAssessors: null, state: 'draft', assesseeCount: null, taskProgress: null, startTime: null, endTime: null, ...stamp,
  }).execute();
  const [y, m] = String(plan.periodStart).split('-').map(Number);
  const end = new Date(Date.UTC(y, m + 2, 0)).toISOString().slice(0, 10);
  await tx.updateTable(PLAN).set({ periodEnd: end }).where('id', '=', planId).execute();
  for (const [i, [name, weight, maxScore, description, excellentDesc, goodDesc, passDesc, failDesc]] of seed.indicators.entries()) {
    await tx.insertInto('assess_indicator').values({ id: newId(), planId, name, weight, maxScore, description, excellentDesc, goodDesc, passDesc, failDesc, sortNo: i + 1, ...stamp }).execute();
  }
  await startPlan(tx, planId, 'admin');
  await tx.updateTable(PLAN).set({ state: 'running', startTime: now }).where('id', '=', planId).execute();
  const indicators = await indicatorsOf(tx, planId);
  for (const [assessee, assessor, marks, comment] of seed.submitted) {
    const scores = Object.fromEntries(indicators.map((ind, k) => [ind.id, marks[k]]));
    await tx.updateTable(TASK).set({ scores: JSON.stringify(scores), total: sheetTotal(indicators, scores), comment, state: 'submitted', submitTime: now })
      .where('planId', '=', planId).where('assessee', '=', assessee).where('assessor', '=', assessor).execute();
  }
  await refreshProgress(tx, planId, seed.submitted.map(([assessee]) => assessee));
}
