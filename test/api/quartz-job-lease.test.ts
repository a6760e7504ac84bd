/* eslint-disable @typescript-eslint/no-explicit-any */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { freePort } from '../helpers/ports.js';

const DEADLINE = 'org.jeecg.modules.quartz.job.DeclareDeadlineReminderJob';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The product as deployed (src/server/main.ts in its own process) on an existing database; resolves once its scheduler logged. */
async function startSecondInstance(databaseUrl: string): Promise<{ child: ChildProcess; log: () => string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-b-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env, DATABASE_URL: databaseUrl, PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dataDir,
      LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'info', JOBS: 'on', ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (!/jobs: \d+ scheduled/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`second instance did not start: ${out.slice(-2000)}`);
    }
    await sleep(100);
  }
  return { child, log: () => out, stop };
}

/**
 * Two server processes on one PostgreSQL database, both scheduling the same 1-second job: each
 * firing runs on exactly one of them (the run's unique (job, fire time) is the lease), and the
 * handler's own effect — a reminder sent — happens once per recorded run.
 */
describe.skipIf(BACKEND !== 'postgres')('scheduled jobs on two instances of one database [postgres]', () => {
  let a: TestServer | undefined;
  let b: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
  // After every try, retries included (afterEach runs for each).
  afterEach(async () => {
    await b?.stop();
    await a?.close();
    a = b = undefined;
  });

  // Both instances start inside the test: it stops the first, so a retry (CI retries once) must
  // begin again from two fresh instances, not from what the failed try left.
  it('runs every firing once, on one instance or the other, and the other carries on alone', async () => {
    a = await startServer({ jobs: true });
    const token = await a.login('admin');
    expectOk(await a.api.post('/sys/quartzJob/add', { jobClassName: DEADLINE, cronExpression: '* * * * * ?', parameter: '' }, { token }), '添加成功！');
    const db = a.db as any;
    const job = await db.selectFrom('sys_quartz_job').select('id').where('jobClassName', '=', DEADLINE).executeTakeFirstOrThrow();

    b = await startSecondInstance(a.databaseUrl!);
    // the second instance schedules every running job: this one and the seeded ones that run (clean-ups)
    const running = (await db.selectFrom('sys_quartz_job').select('id').where('status', '=', 0).execute()).length;
    expect(running).toBeGreaterThanOrEqual(1);
    expect(b.log()).toMatch(new RegExp(`jobs: ${running} scheduled`));
    const bothFrom = Date.now();
    await sleep(7_000);
    const bothUntil = Date.now();
    await a.app.close(); // the first instance goes away; its scheduler stops with it
    await sleep(3_000);
    await b.stop();

    const runs = await db.selectFrom('sys_quartz_job_run').selectAll().where('jobId', '=', job.id).orderBy('fireTime').execute();
    expect(runs.length).toBeGreaterThanOrEqual(6);
    expect(runs.every((r: any) => r.status === 'success' && r.triggerType === 'cron')).toBe(true);
    expect(new Set(runs.map((r: any) => r.fireTime)).size).toBe(runs.length);
    // The handler ran once per recorded run: as many reminders as runs, none from a lost race for the lease.
    const race = await db.selectFrom('pms_race').select('title').where('isCurrent', '=', 1).executeTakeFirstOrThrow();
    const sent = await db.selectFrom('sys_announcement').select((eb: any) => eb.fn.countAll().as('n')).where('titile', '=', `「${race.title}」申报即将截止`).executeTakeFirst();
    expect(Number(sent.n)).toBe(runs.length);

    // While both ran, each second was run once: no firing doubled, none lost.
    const at = (r: any) => new Date(r.fireTime.replace(' ', 'T')).getTime();
    const shared = runs.filter((r: any) => at(r) >= bothFrom + 1_000 && at(r) <= bothUntil - 1_000);
    const seconds = Math.floor((bothUntil - 1_000) / 1000) - Math.ceil((bothFrom + 1_000) / 1000) + 1;
    expect(shared.length).toBe(seconds);
    // After the first instance left, the second ran the firings alone: it had been scheduling all along.
    const bInstance = new RegExp(`:${b.child.pid}:`);
    const afterA = runs.filter((r: any) => at(r) > bothUntil + 1_000);
    expect(afterA.length).toBeGreaterThanOrEqual(1);
    expect(afterA.every((r: any) => bInstance.test(r.instance))).toBe(true);
    const split = shared.filter((r: any) => bInstance.test(r.instance)).length;
    console.info(`lease: ${runs.length} firings, ${shared.length} while both ran (${split} by the second process, ${shared.length - split} by the first)`);
  }, 90_000);
});
