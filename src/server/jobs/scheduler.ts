import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../http/context.js';
import { cronRefusal, firingAt, quartzCron } from './cron.js';
import { claimFiring, closeAbandonedRuns, JOBS, jobRow, performRun, recordManualRun, type JobRow } from './runs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const RUNNING = 0;

/** How often an instance re-reads the rows, to follow what another instance changed. */
const SYNC_MS = 5_000;
/** A write's hook asks for a reload; it runs this long after, once the write has committed. */
const RELOAD_DELAY_MS = 200;
/** How often an instance looks for runs that a stopped instance left 运行中. */
const ABANDONED_MS = 60_000;

/**
 * Runs the 定时任务 rows of status 正常 on their cron, on this instance (JOBS=on). Each firing re-reads
 * its row (a job stopped on another instance does not run) and takes the firing's lease; of several
 * instances on one database one runs it. 立即执行 runs here whatever JOBS says.
 */
export class JobScheduler {
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;
  private readonly scheduled = new Map<string, { expr: string; cron: Cron | null }>();
  private readonly inFlight = new Set<Promise<void>>();
  private sync?: NodeJS.Timeout;
  private sweep?: NodeJS.Timeout;
  private soon?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly db: Kysely<any>, private readonly log: FastifyBaseLogger, readonly enabled: boolean, private readonly ctx?: AppContext) {}

  async start(): Promise<void> {
    if (!this.enabled) return;
    await this.closeAbandoned();
    await this.reload();
    this.sync = setInterval(() => void this.reload(), SYNC_MS).unref();
    this.sweep = setInterval(() => void this.closeAbandoned(), ABANDONED_MS).unref();
    this.log.info(`jobs: ${this.scheduled.size} scheduled on instance ${this.instance}`);
  }

  /** Brings this instance's schedules in line with the rows: status 正常 on its cron, the others none. */
  async reload(): Promise<void> {
    if (!this.enabled || this.stopped) return;
    let rows: { id: string; cronExpression: string }[];
    try {
      rows = await this.db.selectFrom(JOBS).select(['id', 'cronExpression']).where('status', '=', RUNNING).execute() as typeof rows;
    } catch (err) {
      this.log.error({ err }, 'jobs: reading the schedule failed');
      return;
    }
    if (this.stopped) return;
    const wanted = new Map(rows.map((r) => [r.id, r.cronExpression]));
    for (const [id, s] of this.scheduled) {
      if (wanted.get(id) !== s.expr) this.unschedule(id);
    }
    for (const [id, expr] of wanted) if (!this.scheduled.has(id)) this.schedule(id, expr);
  }

  private async closeAbandoned(): Promise<void> {
    try {
      const closed = await closeAbandonedRuns(this.db, this.instance, os.hostname());
      if (closed) this.log.warn(`jobs: ${closed} run(s) left unfinished by a stopped instance recorded as failed`);
    } catch (err) {
      this.log.error({ err }, 'jobs: closing abandoned runs failed');
    }
  }

  /** After a write through the page (in its transaction): reload once it has committed. */
  reloadSoon(): void {
    if (!this.enabled || this.stopped) return;
    clearTimeout(this.soon);
    this.soon = setTimeout(() => void this.reload(), RELOAD_DELAY_MS).unref();
  }

  /** 立即执行: the run is recorded before this answers, and performed right after, on this instance. */
  async executeNow(job: JobRow): Promise<void> {
    const runId = await recordManualRun(this.db, job, this.instance);
    this.track(performRun(this.db, this.log, job, runId, new Date(), this.ctx));
  }

  /** Stops every schedule and waits for the runs under way (the database closes after this). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sync);
    clearInterval(this.sweep);
    clearTimeout(this.soon);
    for (const id of [...this.scheduled.keys()]) this.unschedule(id);
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(id: string, expr: string): void {
    const refusal = cronRefusal(expr);
    if (refusal) {
      // A row written around the page's checks (SQL, an import): kept unscheduled, said once.
      this.log.warn({ jobId: id }, `jobs: not scheduled: ${refusal}`);
      this.scheduled.set(id, { expr, cron: null });
      return;
    }
    const cron: Cron = quartzCron(expr, () => this.fire(id, expr, firingAt(cron, new Date())));
    this.scheduled.set(id, { expr, cron });
  }

  private unschedule(id: string): void {
    this.scheduled.get(id)?.cron?.stop();
    this.scheduled.delete(id);
  }

  private fire(id: string, expr: string, fireTime: Date): Promise<void> {
    return this.track((async () => {
      const job = await jobRow(this.db, id);
      if (!job || job.status !== RUNNING || job.cronExpression !== expr) {
        this.reloadSoon();
        return;
      }
      const runId = await claimFiring(this.db, job, fireTime, this.instance);
      if (runId) await performRun(this.db, this.log, job, runId, fireTime, this.ctx);
    })());
  }

  private track(p: Promise<void>): Promise<void> {
    const tracked = p.catch((err) => this.log.error({ err, jobs: this.instance }, 'jobs: a firing could not be recorded'))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return tracked;
  }
}

/** The scheduler of each running app, for the page's hooks (which get the app's context, not the app). */
const schedulers = new WeakMap<AppContext, JobScheduler>();

export function attachScheduler(ctx: AppContext, scheduler: JobScheduler): void {
  schedulers.set(ctx, scheduler);
}

export function schedulerOf(ctx: AppContext): JobScheduler | undefined {
  return schedulers.get(ctx);
}
