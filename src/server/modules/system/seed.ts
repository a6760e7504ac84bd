import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { quartzCronProblem } from '../../../schema/cron.js';
import { newId } from '../../util/ids.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface Samples {
  announcements: { titile: string; msgCategory: string; priority: string; msgType: 'ALL'; msgAbstract: string; msgContent: string; published: boolean }[];
  tenants: { code: number; name: string; status: number }[];
  jobs: { jobClassName: string; cronExpression: string; parameter: string; description: string; status: number }[];
}

/** First-start examples of the system pages from schemas/seed/system-samples.json: announcements, a tenant, a job. */
export async function seedSystemSamples(tx: Kysely<any>, seedDir: string, stamp: { createBy: string; createTime: string }): Promise<void> {
  const file = path.join(seedDir, 'system-samples.json');
  if (!fs.existsSync(file)) return;
  const samples = JSON.parse(fs.readFileSync(file, 'utf8')) as Samples;
  const own = { ...stamp, updateBy: null, updateTime: null, sysOrgCode: null };
  for (const { published, ...a } of samples.announcements) {
    await tx.insertInto('sys_announcement').values({
      id: newId(), ...a, userIds: null, sendStatus: published ? '1' : '0', sender: published ? 'admin' : null,
      sendTime: published ? stamp.createTime : null, ...own,
    }).execute();
  }
  for (const t of samples.tenants) await tx.insertInto('sys_tenant').values({ id: newId(), ...t, ...own }).execute();
  for (const j of samples.jobs) {
    const problem = quartzCronProblem(j.cronExpression);
    if (problem) throw new Error(`system-samples.json: job ${j.jobClassName}: ${problem}`);
    await tx.insertInto('sys_quartz_job').values({ id: newId(), ...j, ...own }).execute();
  }
}
