import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../http/context.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** What a job's handler gets for one run. */
export interface JobRun {
  db: Kysely<any>;
  /** The row's 参数, as typed (empty when none). */
  parameter: string;
  /** The scheduled time of the firing, or the time of 立即执行. */
  now: Date;
  log: FastifyBaseLogger;
  /** The app the scheduler runs in (its upload store, its page schemas), for the jobs that need more than the database. */
  ctx?: AppContext;
}

/**
 * A job class (`jobClassName` of a 定时任务 row names one). `run` answers the run's message for the
 * run log; a throw records the run as failed with its message, and the schedule goes on.
 */
export interface JobHandler {
  className: string;
  label: string;
  run(job: JobRun): Promise<string>;
}
