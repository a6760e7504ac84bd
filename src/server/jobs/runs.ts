import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../http/context.js';
import { newId } from '../util/ids.js';
import { formatDateTime } from '../util/time.js';
import { jobHandler, unknownJobClass } from './registry.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const JOBS = 'sys_quartz_job';
const RUNS = 'sys_quartz_job_run';
const MESSAGE_MAX = 2000;

export interface JobRow {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter: string | null;
  status: number;
}

export async function jobRow(db: Kysely<any>, id: string): Promise<JobRow | undefined> {
  return await db.selectFrom(JOBS).select(['id', 'jobClassName', 'cronExpression', 'parameter', 'status']).where('id', '=', id).executeTakeFirst() as JobRow | undefined;
}

const runValues = (job: JobRow, instance: string) => ({
  id: newId(), jobId: job.id, jobClassName: job.jobClassName, instance, startTime: formatDateTime(), status: 'running',
});

/**
 * The lease of one cron firing: the run is recorded with (job, fire time), unique, so of several
 * instances firing the same second exactly one inserts it. Answers the run's id, or null when
 * another instance holds the firing.
 */
export async function claimFiring(db: Kysely<any>, job: JobRow, fireTime: Date, instance: string): Promise<string | null> {
  const values = { ...runValues(job, instance), triggerType: 'cron', fireTime: formatDateTime(fireTime) };
  const res = await db.insertInto(RUNS).values(values).onConflict((oc) => oc.columns(['jobId', 'fireTime']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0 ? values.id : null;
}

/** A run asked for by 立即执行: no fire time, so no lease to take. */
export async function recordManualRun(db: Kysely<any>, job: JobRow, instance: string): Promise<string> {
  const values = { ...runValues(job, instance), triggerType: 'manual', fireTime: null };
  await db.insertInto(RUNS).values(values).execute();
  return values.id;
}

/** Runs the row's handler and records the outcome: a throw is a failed run with its message, never more. */
export async function performRun(db: Kysely<any>, log: FastifyBaseLogger, job: JobRow, runId: string, now: Date, ctx?: AppContext): Promise<void> {
  const started = Date.now();
  let status = 'success';
  let message: string;
  try {
    const handler = jobHandler(job.jobClassName);
    if (!handler) throw new Error(unknownJobClass(job.jobClassName));
    message = await handler.run({ db, parameter: job.parameter ?? '', now, log, ctx });
  } catch (e) {
    status = 'failed';
    message = e instanceof Error ? e.message : String(e);
    log.warn({ job: job.jobClassName, runId, err: e }, 'scheduled job failed');
  }
  await db.updateTable(RUNS).set({ endTime: formatDateTime(), durationMs: Date.now() - started, status, message: message.slice(0, MESSAGE_MAX) })
    .where('id', '=', runId).execute();
}

/** A run still 运行中 this long after its start was cut short: no handler of ours runs that long. */
export const RUN_TIMEOUT_MS = 30 * 60_000;

/** Whether a process of this machine still lives (signal 0 tests, sends nothing). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs whose instance stopped before they ended (a crash, kill -9, a power cut) are recorded as
 * failed, not left 运行中 for ever: at once when the instance was a process of this machine that no
 * longer exists (or an earlier process under the same pid), after RUN_TIMEOUT_MS when it was
 * another machine's. Instances are named host:pid:tag (JobScheduler). Answers how many were closed.
 */
export async function closeAbandonedRuns(db: Kysely<any>, instance: string, host: string, now = new Date()): Promise<number> {
  const running = await db.selectFrom(RUNS).select(['id', 'instance', 'startTime']).where('status', '=', 'running').where('instance', '<>', instance).execute() as { id: string; instance: string; startTime: string }[];
  const timedOut = formatDateTime(new Date(now.getTime() - RUN_TIMEOUT_MS));
  const [ownHost, ownPid] = instance.split(':');
  const dead = running.filter((r) => {
    const [runHost, pid] = r.instance.split(':');
    if (runHost === host && runHost === ownHost) return pid === ownPid || !processAlive(Number(pid));
    return r.startTime < timedOut;
  });
  if (!dead.length) return 0;
  await db.updateTable(RUNS).set({ status: 'failed', endTime: formatDateTime(now), message: '运行中断：执行该任务的服务实例在运行结束前停止' })
    .where('id', 'in', dead.map((r) => r.id)).where('status', '=', 'running').execute();
  return dead.length;
}

/** A job's runs, newest first, as a JeecgBoot page. */
export async function runsOf(db: Kysely<any>, jobId: string, pageNo: number, pageSize: number) {
  const base = db.selectFrom(RUNS).where('jobId', '=', jobId);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const records = await base.select(['id', 'jobId', 'jobClassName', 'triggerType', 'fireTime', 'instance', 'startTime', 'endTime', 'durationMs', 'status', 'message'])
    .orderBy('startTime', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
  return { records, total, current: pageNo, size: pageSize, pages: Math.ceil(total / pageSize) };
}

export async function deleteRunsOf(db: Kysely<any>, jobIds: string[]): Promise<void> {
  if (jobIds.length) await db.deleteFrom(RUNS).where('jobId', 'in', jobIds).execute();
}
