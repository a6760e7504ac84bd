import type { Kysely } from 'kysely';
import { assessmentTasks, kindWeights, planStartProblem } from '../../../schema/assessment.js';
import type { Row } from '../../crud/hooks.js';
import { notifyUsers } from '../announcement/notify.js';
import { ClientError } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { resolveAssessees } from './people.js';
import { indicatorsOf, PLAN, RESULT, TASK } from './plan-data.js';

/** The page an assessor scores their tasks on (schemas/assess/assess_task.json). */
const TASK_PAGE = 'assess/TaskList';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits at 16 columns. */
const BATCH = 500;

async function insertBatched(tx: Kysely<any>, table: string, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insertInto(table).values(rows.slice(i, i + BATCH)).execute();
}

const split = (v: unknown) => String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * 开始考核, inside the transition's transaction: resolves the assessees, creates one task per
 * assessor–assessee pair and one result row per assessee, tells every assessor. A refusal (no
 * assessee, weights not 100 %, no indicator) leaves nothing behind, and so would a failure halfway.
 */
export async function startPlan(tx: Kysely<any>, planId: string, by: string): Promise<number> {
  const plan = await tx.selectFrom(PLAN).selectAll().where('id', '=', planId).executeTakeFirstOrThrow() as Row;
  const problem = planStartProblem(plan, await indicatorsOf(tx, planId));
  if (problem) throw new ClientError(400, problem);
  const { assessees, headsOf } = await resolveAssessees(tx, plan);
  if (!assessees.length) throw new ClientError(400, '没有被考核人：所选部门和角色下没有在职人员');
  const chosen = split(plan.chosenAssessors);
  if (chosen.length) {
    const active = await tx.selectFrom('sys_user').select('username').where('username', 'in', chosen).where('status', '=', 1).where('delFlag', '=', 0).execute() as Row[];
    const missing = chosen.filter((c) => !active.some((a) => a.username === c));
    if (missing.length) throw new ClientError(400, `指定评价人不存在或已冻结：${missing.join('、').slice(0, 100)}`);
  }
  const weights = kindWeights(plan);
  if (weights.chosen > 0 && !chosen.length) throw new ClientError(400, '指定人员评有权重，请选择指定评价人');
  const tasks = assessmentTasks(assessees, { weights, headsOf, peerCount: Number(plan.peerCount) || 3, chosen });
  const now = formatDateTime();
  const stamp = { createBy: by, createTime: now, updateBy: null, updateTime: null, sysOrgCode: null };
  await insertBatched(tx, TASK, tasks.map((t) => ({
    id: newId(), planId, assessee: t.assessee, assessor: t.assessor, kind: t.kind, departId: t.depart,
    scores: null, total: null, comment: null, state: 'pending', submitTime: null, ...stamp,
  })));
  const load = new Map<string, number>();
  for (const t of tasks) load.set(t.assessee, (load.get(t.assessee) ?? 0) + 1);
  await insertBatched(tx, RESULT, assessees.map((a) => ({
    id: newId(), planId, assessee: a.username, departId: a.depart, progress: `0/${load.get(a.username) ?? 0}`,
    total: null, grade: null, deptRank: null, weightNote: null, ...stamp,
  })));
  await tx.updateTable(PLAN).set({ assesseeCount: assessees.length, taskProgress: `0/${tasks.length}` }).where('id', '=', planId).execute();
  const assessors = [...new Set(tasks.map((t) => t.assessor))];
  const title = `考核任务：${String(plan.name)}`;
  // Every assessor opens their tasks from the one 考核任务 menu entry.
  const page = await tx.selectFrom('sys_permission').select('url').where('component', '=', TASK_PAGE).where('delFlag', '=', 0).executeTakeFirst() as { url: string | null } | undefined;
  await notifyUsers(tx, {
    usernames: assessors, title, sender: by, busType: PLAN, busId: planId, openPage: page?.url ?? null,
    content: `${title}已开始，请在「人员考核 › 考核任务」中完成您的评分${plan.periodEnd ? `（考核周期截至${String(plan.periodEnd).slice(0, 10)}）` : ''}。`,
  });
  return tasks.length;
}
