import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { HISTORY_TABLE } from '../../crud/workflow.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { sheetTotal } from '../../../schema/scoring.js';
import { REVIEW } from './review-module.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface ProjectSeed {
  orgs: string[];
  leaders: [string, string][];
  projects: [name: string, track: string, state: 'draft' | 'submitted' | 'returned' | 'passed' | 'rejected'][];
  opinions: { returned: string[]; passed: string; rejected: string[] };
  /** The contest's scoring sheet: name, maximum, weight, description. */
  indicators: [string, number, number, string][];
  /** Expert accounts the passed projects are shared among (three each). */
  experts: string[];
}

/** The transitions that brought a seeded project to its state, as the workflow would have recorded them. */
const PATHS: Record<string, [transition: string, from: string, to: string, by: 'applicant' | 'reviewer'][]> = {
  draft: [],
  submitted: [['submit', 'draft', 'submitted', 'applicant']],
  returned: [['submit', 'draft', 'submitted', 'applicant'], ['return', 'submitted', 'returned', 'reviewer']],
  passed: [['submit', 'draft', 'submitted', 'applicant'], ['pass', 'submitted', 'passed', 'reviewer']],
  rejected: [['submit', 'draft', 'submitted', 'applicant'], ['reject', 'submitted', 'rejected', 'reviewer']],
};

/**
 * First-start demo of the contest (schemas/seed/projects.json): projects of the applicant account
 * in every state of the declaration workflow, with their teams, the reviewer's opinions and the
 * history each transition would have written, so a newcomer sees the whole story.
 */
export async function seedDemoProjects(tx: Kysely<any>, seedDir: string, raceId: string): Promise<void> {
  const file = path.join(seedDir, 'projects.json');
  if (!fs.existsSync(file)) return;
  const seed = JSON.parse(fs.readFileSync(file, 'utf8')) as ProjectSeed;
  const start = Date.now() - 20 * 86_400_000;
  let seq = start * 1000;
  const used = { returned: 0, rejected: 0 };
  const sheet = seed.indicators.map(([name, maxScore, weight, description], i) => ({ id: newId(), raceId, name, maxScore, weight, description, sortNo: i + 1 }));
  for (const ind of sheet) {
    await tx.insertInto('pms_race_indicator').values({ ...ind, createBy: 'admin', createTime: formatDateTime(new Date(start)), updateBy: null, updateTime: null, sysOrgCode: null }).execute();
  }
  let passed = 0;
  for (const [i, [name, track, state]] of seed.projects.entries()) {
    const at = (hours: number) => formatDateTime(new Date(start + i * 3_600_000 * 12 + hours * 3_600_000));
    const [leader, phone] = seed.leaders[i % seed.leaders.length];
    const orgName = seed.orgs[i % seed.orgs.length];
    const opinion = state === 'passed' ? seed.opinions.passed
      : state === 'returned' || state === 'rejected' ? seed.opinions[state][used[state]++ % seed.opinions[state].length] : null;
    const audited = opinion !== null;
    const id = newId();
    await tx.insertInto('pms_project').values({
      id, raceId, name, track, orgName, leader, leaderPhone: phone, region: null, category: null,
      summary: `<p>${name}：面向${orgName.replace(/有限公司|合作社|工作室/, '')}所在行业的关键问题，提出可落地的解决方案。</p>`,
      attachment: null, videoUrl: null, state,
      submitTime: state === 'draft' ? null : at(1), auditOpinion: opinion, auditBy: audited ? 'reviewer' : null, auditTime: audited ? at(26) : null,
      createBy: 'applicant', createTime: at(0), updateBy: null, updateTime: null, sysOrgCode: 'A01A02A01',
    }).execute();
    await tx.insertInto('pms_project_member').values([
      { id: newId(), projectId: id, name: leader, role: '项目负责人', orgName, phone, createBy: 'applicant', createTime: at(0), updateBy: null, updateTime: null, sysOrgCode: 'A01A02A01' },
      { id: newId(), projectId: id, name: `${leader.slice(0, 1)}助理`, role: '核心成员', orgName, phone: null, createBy: 'applicant', createTime: at(0), updateBy: null, updateTime: null, sysOrgCode: 'A01A02A01' },
    ]).execute();
    if (state === 'passed') await seedReviews(tx, { id, raceId, orgName }, sheet, seed.experts, passed++, at(48));
    for (const [k, [transition, from, to, by]] of PATHS[state].entries()) {
      await tx.insertInto(HISTORY_TABLE).values({
        id: newId(), seq: seq++, tableName: 'pms_project', rowId: id, transition, fromState: from, toState: to,
        opinion: by === 'reviewer' ? opinion : null, createBy: by, createName: by === 'reviewer' ? '审核人' : '申报人', createTime: at(k ? 26 : 1),
      }).execute();
    }
  }
}

/**
 * Three experts score each passed project (round robin): all sheets submitted for the first
 * projects, the last two projects still waiting on one expert each — a contest mid-review.
 */
async function seedReviews(tx: Kysely<any>, project: { id: string; raceId: string; orgName: string }, sheet: { id: string; maxScore: number; weight: number }[], experts: string[], n: number, time: string) {
  const indicators = sheet.map((i) => ({ ...i, name: '' }));
  let done = 0;
  for (let k = 0; k < 3; k++) {
    const expert = experts[(n + k) % experts.length];
    const pending = n >= 8 && k === 2;
    // Plausible, varied marks: 60–95 % of each maximum, by project, expert and indicator.
    const scores = Object.fromEntries(sheet.map((i, j) => [i.id, Math.round(i.maxScore * (0.6 + ((n * 7 + k * 5 + j * 3) % 8) * 0.05) * 10) / 10]));
    await tx.insertInto(REVIEW).values({
      id: newId(), projectId: project.id, raceId: project.raceId, expert, scores: pending ? null : JSON.stringify(scores),
      total: pending ? null : sheetTotal(indicators, scores), comment: pending ? null : '材料完整，思路清晰。', state: pending ? 'pending' : 'submitted',
      submitTime: pending ? null : time, createBy: 'admin', createTime: time, updateBy: null, updateTime: null, sysOrgCode: null,
    }).execute();
    if (!pending) done += 1;
  }
  await tx.updateTable('pms_project').set({ reviewProgress: `${done}/3` }).where('id', '=', project.id).execute();
}
