import { Cron } from 'croner';
import { quartzCronProblem } from '../../schema/cron.js';

/**
 * Quartz's reading of a cron expression, as croner options: seconds first and an optional year,
 * Sunday = 1, day-of-month and day-of-week both holding (one of them is `?`), `0/30` meaning "from
 * 0 every 30" as Quartz has it.
 */
const QUARTZ = { mode: '6-or-7-parts', alternativeWeekdays: true, domAndDow: true, sloppyRanges: true } as const;

/** A croner schedule of a checked expression; with `fire`, it runs until stopped. */
export function quartzCron(expr: string, fire?: () => Promise<void>): Cron {
  // protect: a firing while this instance still runs the previous one is skipped, not stacked.
  return fire ? new Cron(expr.trim(), { ...QUARTZ, protect: true, catch: true, unref: true }, fire) : new Cron(expr.trim(), { ...QUARTZ, paused: true });
}

/**
 * Null when the schedule can run: the field checks shared with the form (a message naming the
 * field), then croner itself must read it and find a next time.
 */
export function cronRefusal(expr: unknown): string | null {
  const problem = quartzCronProblem(expr);
  if (problem) return problem;
  let cron: Cron;
  try {
    cron = quartzCron(String(expr));
  } catch (e) {
    return `Cron表达式无法解析：${(e as Error).message.replace(/^CronPattern: /, '')}`;
  }
  return cron.nextRun() ? null : 'Cron表达式不会再触发：没有将来的执行时间';
}

/**
 * The scheduled second a firing noticed at `now` belongs to: the latest time of the schedule not
 * after `now`. Every instance names a firing alike, so it is the key of the run's lease.
 */
export function firingAt(cron: Cron, now: Date): Date {
  const nextSecond = new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);
  return cron.previousRuns(1, nextSecond)[0] ?? new Date(nextSecond.getTime() - 1000);
}
