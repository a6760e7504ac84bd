import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { periodOf } from '../../../schema/assessment.js';
import { sheetTotal } from '../../../schema/scoring.js';
import type { Row } from '../../crud/hooks.js';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { addMissingWebMenus } from '../web/menu-upgrade.js';
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

/** Set once the demo is in: deleting the plan later does not bring it back. */
const MARKER = 'seed:assessment-demo';
const ASSESS_MENUS = new Set(['/assess/plan', '/assess/task', '/assess/instance']);

/**
 * The demo of 人员考核 (schemas/seed/assessment.json), once per database: a department with its
 * head, a plan with a 4-indicator template, started as an administrator would (tasks and notices by
 * startPlan), a few sheets submitted — a plan mid-way. A database seeded before 人员考核 existed also
 * gets the pages' buttons (granted to the administrator); its demo is skipped when its departments
 * or accounts are gone.
 */
export async function seedAssessment(db: Kysely<any>, opts: { seedDir: string }): Promise<boolean> {
  const file = path.join(opts.seedDir, 'assessment.json');
  if (!fs.existsSync(file)) return false;
  if (await db.selectFrom('sys_setting').select('key').where('key', '=', MARKER).executeTakeFirst()) return false;
  const seed = JSON.parse(fs.readFileSync(file, 'utf8')) as AssessmentSeed;
  const now = formatDateTime();
  await inTransaction(db, async (tx) => {
    await addMissingWebMenus(tx, opts.seedDir, { createBy: 'system', createTime: now, updateBy: null, updateTime: null }, ASSESS_MENUS);
    await seedDemoPlan(tx, seed, now);
    await tx.insertInto('sys_setting').values({ key: MARKER, value: now }).execute();
  });
  return true;
}

async function seedDemoPlan(tx: Kysely<any>, seed: AssessmentSeed, now: string): Promise<void> {
  const codes = [...new Set([...Object.values(seed.heads).flat(), ...seed.plan.departs])];
  const departs = await tx.selectFrom('sys_depart').select(['id', 'orgCode']).where('orgCode', 'in', codes).execute() as Row[];
  const accounts = [...new Set([...Object.keys(seed.heads), ...seed.submitted.flatMap(([a, b]) => [a, b])])];
  const users = await tx.selectFrom('sys_user').select('username').where('username', 'in', accounts).execute() as Row[];
  if (departs.length < codes.length || users.length < accounts.length) return;
  const departId = (code: string) => String(departs.find((d) => d.orgCode === code)!.id);
  for (const [username, heads] of Object.entries(seed.heads)) {
    await tx.updateTable('sys_user').set({ userIdentity: 2, departIds: heads.map(departId).join(',') }).where('username', '=', username).execute();
  }
  const stamp = { createBy: 'admin', createTime: now, updateBy: null, updateTime: null, sysOrgCode: null };
  const { departs: planDeparts, ...plan } = seed.plan;
  const period = periodOf(plan.periodType, plan.periodStart);
  if (typeof period === 'string') throw new Error(`assessment.json: ${period}`);
  const planId = newId();
  await tx.insertInto(PLAN).values({
    ...plan, id: planId, periodStart: period.start, periodEnd: period.end, assesseeDeparts: planDeparts.map(departId).join(','), assesseeRoles: null,
    chosenAssessors: null, state: 'draft', assesseeCount: null, taskProgress: null, startTime: null, endTime: null, ...stamp,
  }).execute();
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
