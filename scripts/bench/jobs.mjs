// Job scheduling overhead benchmark (not a test). JOBS rows of 定时任务 fire every second for DURATION
// seconds through the server's JobScheduler (each firing re-reads its row, takes its lease by inserting
// the run, looks its handler up and records the outcome). A row's class name is unique, so the rows name
// classes no handler answers to (bench.NoopJob#i): each run is then recorded failed at once, which is
// the scheduler's own work around a handler that does nothing, next to a bare baseline in the same run: the same
// croner schedules whose callback sends only the lease INSERT and the outcome UPDATE on the same
// database. Prints runs recorded, the share run in their own second, the process CPU per firing and
// the event loop's delay (p50/p99/max) while they fire; then the idle cost of the scheduler (the rows
// stopped: only its 5 s re-read of the schedule remains).
// Aim (issue 15): every firing run once, in its own second; the scheduler's CPU per firing within 2×
// the bare statements'.
// Usage: node scripts/bench/jobs.mjs   env JOBS=100  DURATION=15 (s)  DB=sqlite|postgres
//        PG_URL=postgres://postgres@127.0.0.1:5432/test (admin connection; a throw-away database is made and dropped)
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { machineLine, throwawayPostgres, throwawayRoot } from './lib/load.mjs';
import { reportFigure } from './lib/figures.mjs';
import { serverModules } from './lib/server-modules.mjs';

const JOBS = Number(process.env.JOBS ?? 100);
const DURATION = Number(process.env.DURATION ?? 15);
const DB = (process.env.DB ?? 'sqlite').toLowerCase();
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOOP = 'bench.NoopJob#';

const { bootstrap, readConfig, JobScheduler, quartzCron, firingAt, newId, formatDateTime } = await serverModules([
  'src/server/bootstrap.ts', 'src/server/config.ts', 'src/server/jobs/scheduler.ts', 'src/server/jobs/cron.ts', 'src/server/util/ids.ts', 'src/server/util/time.ts',
]);

const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silent; } };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** Runs `start` for DURATION s (from a second boundary) and measures CPU and the event loop; `stop` ends it. */
async function measure(start, stop) {
  await sleep(1000 - (Date.now() % 1000) + 50);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpu0 = cpuMs();
  const from = new Date();
  loop.enable();
  await start();
  await sleep(DURATION * 1000);
  await stop();
  loop.disable();
  return { cpu: cpuMs() - cpu0, from, loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } };
}

const root = throwawayRoot('bench-jobs-');
let pgDrop, ctx;
try {
  let databaseUrl = '';
  if (DB === 'postgres') ({ drop: pgDrop, url: databaseUrl } = await throwawayPostgres(PG_URL, 'bench_jobs'));
  Object.assign(process.env, { DATA_DIR: path.join(root, 'data'), DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off', JOBS: 'off' });
  ({ ctx } = await bootstrap({ ...readConfig(process.env), adminPassword: 'Bench-Jobs-2026' }, root));
  const db = ctx.db;
  const now = formatDateTime();
  const ids = Array.from({ length: JOBS }, (_, i) => `bench-job-${i}`);
  await db.insertInto('sys_quartz_job').values(ids.map((id, i) => ({
    id, jobClassName: `${NOOP}${i}`, cronExpression: '* * * * * ?', parameter: `p${i}`, description: `bench ${i}`, status: 0, createBy: 'bench', createTime: now,
  }))).execute();

  // The scheduler as the server runs it.
  const scheduler = new JobScheduler(db, silent, true);
  const sched = await measure(() => scheduler.start(), () => scheduler.stop());
  const runs = await db.selectFrom('sys_quartz_job_run').select(['jobId', 'fireTime', 'startTime', 'status']).where('triggerType', '=', 'cron').execute();
  const byFiring = new Set(runs.map((r) => `${r.jobId}@${r.fireTime}`));
  const onTime = runs.filter((r) => String(r.fireTime) === String(r.startTime)).length;
  const recorded = runs.filter((r) => r.status !== 'running').length;

  // Bare: the same schedules, each firing only the lease INSERT and the outcome UPDATE.
  await db.deleteFrom('sys_quartz_job_run').execute();
  const crons = [];
  let bareFirings = 0;
  const bare = await measure(async () => {
    for (const id of ids) {
      const cron = quartzCron('* * * * * ?', async () => {
        const fireTime = firingAt(cron, new Date());
        const runId = newId();
        await db.insertInto('sys_quartz_job_run').values({ id: runId, jobId: id, jobClassName: NOOP, instance: 'bare', startTime: formatDateTime(), status: 'running', triggerType: 'cron', fireTime: formatDateTime(fireTime) })
          .onConflict((oc) => oc.columns(['jobId', 'fireTime']).doNothing()).execute();
        await db.updateTable('sys_quartz_job_run').set({ endTime: formatDateTime(), durationMs: 0, status: 'success', message: 'ok' }).where('id', '=', runId).execute();
        bareFirings++;
      });
      crons.push(cron);
    }
  }, async () => { crons.forEach((c) => c.stop()); await sleep(300); });

  // Idle: the rows stopped, the scheduler keeps only its re-read every 5 s.
  await db.updateTable('sys_quartz_job').set({ status: -1 }).where('id', 'in', ids).execute();
  const idleScheduler = new JobScheduler(db, silent, true);
  const idle = await measure(() => idleScheduler.start(), () => idleScheduler.stop());

  const expected = JOBS * DURATION;
  const perSched = sched.cpu / Math.max(1, runs.length);
  const perBare = bare.cpu / Math.max(1, bareFirings);
  const f1 = (x) => x.toFixed(1), f2 = (x) => x.toFixed(2);
  console.log(`\nJob scheduling, ${JOBS} jobs every second for ${DURATION} s on ${DB === 'postgres' ? 'PostgreSQL' : 'SQLite'} (about ${expected.toLocaleString('en')} firings)`);
  console.log(`  machine   ${machineLine()}`);
  console.log(`  scheduler ${runs.length} runs (${byFiring.size} distinct firings, ${recorded} with their outcome recorded), ${f1(100 * onTime / Math.max(1, runs.length))}% started in their own second;`);
  console.log(`            CPU ${f2(perSched)} ms per firing (${f1(sched.cpu / DURATION / 10)}% of a core); event loop delay p50 ${f1(sched.loop.p50)} / p99 ${f1(sched.loop.p99)} / max ${f1(sched.loop.max)} ms`);
  console.log(`  bare      ${bareFirings} firings (croner → lease INSERT + outcome UPDATE): CPU ${f2(perBare)} ms per firing; event loop p99 ${f1(bare.loop.p99)} ms`);
  console.log(`  ratio     scheduler / bare CPU per firing: ${f2(perSched / perBare)}× (aim ≤ 2×)`);
  console.log(`  idle      ${JOBS} stopped rows, ${DURATION} s: CPU ${f1(idle.cpu)} ms in all (${f2(idle.cpu / DURATION / 10)}% of a core)`);
  reportFigure('jobs', `${DB}: CPU per firing (× croner + bare statements)`, perSched / perBare, '×', 2);
  reportFigure('jobs', `${DB}: firings run in their own second`, 100 * onTime / Math.max(1, runs.length), '%', 99, 'higher');
  if (byFiring.size !== runs.length) { console.error('a firing ran twice'); process.exitCode = 1; }
} catch (e) {
  console.error(`\nbenchmark aborted: ${e.stack ?? e.message}`);
  process.exitCode = 1;
} finally {
  await ctx?.db.destroy().catch(() => undefined);
  await pgDrop?.();
}
