import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { creditCodeProblem } from '../../../schema/credit-code.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface Seed {
  enterprises: { name: string; creditCode: string; legalPerson: string; region: string; industry: string; scale: string; contact: string; phone: string; address: string; intro: string }[];
  activities: { title: string; days: number; hours: number; deadlineDays: number; place: string; capacity: number; content: string; published: boolean }[];
  notices: { title: string; summary: string; content: string; startDays: number; endDays: number; sortNo: number; published: boolean }[];
  tasks?: { title: string; content: string; assignee: string; deadlineDays: number; priority: string; state: 'todo' | 'doing' | 'done'; result?: string }[];
  dailyWork?: { username: string; days: number; hours: number; content: string; plan: string }[];
}

const DAY = 86_400_000;
const at = (days: number, hours = 0) => {
  const d = new Date(Date.now() + days * DAY);
  d.setHours(9 + hours, 0, 0, 0);
  return formatDateTime(d);
};

/** Category id of an industry under 行业领域 (code A02), by name. */
async function industryId(tx: Kysely<any>, name: string): Promise<string> {
  const row = await tx.selectFrom('sys_category').select('id').where('name', '=', name).where('code', 'like', 'A02%').executeTakeFirst();
  if (!row) throw new Error(`contest-pages.json: industry "${name}" is not a category under 行业领域`);
  return String(row.id);
}

/**
 * First-start examples of 企业管理, 活动管理, 小程序通知, 任务管理 and 日常工作
 * (schemas/seed/contest-pages.json): enterprises with valid credit codes (checked here: a typo
 * stops the seed), activities open for sign-up and notices showing now, plus a draft of each;
 * tasks in every state, one overdue and one due today; the reviewer's last two work days.
 */
export async function seedContestPages(tx: Kysely<any>, seedDir: string, stamp: { createBy: string; createTime: string }): Promise<void> {
  const file = path.join(seedDir, 'contest-pages.json');
  if (!fs.existsSync(file)) return;
  const seed = JSON.parse(fs.readFileSync(file, 'utf8')) as Seed;
  const own = { ...stamp, updateBy: null, updateTime: null, sysOrgCode: null };
  for (const { industry, ...e } of seed.enterprises) {
    const problem = creditCodeProblem(e.creditCode);
    if (problem) throw new Error(`contest-pages.json: ${e.name}: ${problem}`);
    await tx.insertInto('pms_enterprise').values({ id: newId(), ...e, industry: await industryId(tx, industry), ...own }).execute();
  }
  for (const { days, hours, deadlineDays, published, ...a } of seed.activities) {
    await tx.insertInto('pms_activity').values({
      id: newId(), ...a, startTime: at(days), endTime: at(days, hours), signupDeadline: at(deadlineDays), signupCount: 0,
      publishStatus: published ? '1' : '0', publishTime: published ? stamp.createTime : null, coverImage: null, ...own,
    }).execute();
  }
  for (const { startDays, endDays, published, ...n } of seed.notices) {
    await tx.insertInto('pms_applet_notice').values({
      id: newId(), ...n, startTime: at(startDays, -9), endTime: at(endDays, 14), coverImage: null,
      publishStatus: published ? '1' : '0', publishTime: published ? stamp.createTime : null, ...own,
    }).execute();
  }
  for (const { deadlineDays, state, result, ...t } of seed.tasks ?? []) {
    const started = state === 'todo' ? null : at(deadlineDays - 3);
    await tx.insertInto('pms_task').values({
      id: newId(), ...t, deadline: at(deadlineDays).slice(0, 10), state, startTime: started,
      finishTime: state === 'done' ? at(deadlineDays - 1) : null, result: result ?? null, ...own,
    }).execute();
  }
  for (const { username, days, ...w } of seed.dailyWork ?? []) {
    const user = await tx.selectFrom('sys_user').select('orgCode').where('username', '=', username).executeTakeFirst();
    await tx.insertInto('pms_daily_work').values({ id: newId(), ...w, workDate: at(days).slice(0, 10), ...own, createBy: username, sysOrgCode: user?.orgCode ?? null }).execute();
  }
}
