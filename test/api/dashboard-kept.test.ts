import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Moves one submitted project to 通过 behind the API's back, and says how many are passed now. */
async function passOne(s: TestServer): Promise<number> {
  const p = await s.db.selectFrom('pmsProject' as any).select('id' as any).where('state' as any, '=', 'submitted').executeTakeFirstOrThrow() as any;
  await s.db.updateTable('pmsProject' as any).set({ state: 'passed' } as any).where('id' as any, '=', p.id).execute();
  const rows = await s.db.selectFrom('pmsProject' as any).select('id' as any).where('state' as any, '=', 'passed').execute();
  return rows.length;
}

/** Another account with `username`'s roles and departments (and password), as `copy`. */
async function copyUser(s: TestServer, username: string, copy: string): Promise<void> {
  const user = await s.db.selectFrom('sysUser' as any).selectAll().where('username' as any, '=', username).executeTakeFirstOrThrow() as any;
  const id = `${copy}-id`;
  await s.db.insertInto('sysUser' as any).values({ ...user, id, username: copy } as any).execute();
  for (const table of ['sysUserRole', 'sysUserDepart']) {
    const rows = await s.db.selectFrom(table as any).selectAll().where('userId' as any, '=', user.id).execute() as any[];
    for (const r of rows) await s.db.insertInto(table as any).values({ ...r, id: `${copy}-${r.id}`.slice(0, 32), userId: id } as any).execute();
  }
}

describe(`首页 figures kept per row-rule scope [${BACKEND}]`, () => {
  let kept: TestServer;
  let fresh: TestServer;
  beforeAll(async () => {
    // Every count is "costly" here, so every answer is kept for a minute.
    kept = await startServer({ env: { DASHBOARD_COSTLY_MS: '0', DASHBOARD_KEEP_MS: '60000' } });
    fresh = await startServer();
  });
  afterAll(async () => { await kept?.close(); await fresh?.close(); });

  it('answers kept figures, with when they were counted, to users of the same scope only', async () => {
    const admin = await kept.login('admin');
    const before = Date.now();
    const first = expectOk(await kept.api.get('/sys/dashboard/analysis', { token: admin }));
    expect(first.asOf).toBeGreaterThanOrEqual(before - 1000);
    expect(first.asOf).toBeLessThanOrEqual(Date.now());

    const passed = await passOne(kept);
    const again = expectOk(await kept.api.get('/sys/dashboard/analysis', { token: admin }));
    expect(again).toEqual(first);
    expect(passed).toBe(first.totals.passed + 1);

    // The reviewer's rules give another scope (no drafts), counted for them, after the change.
    const reviewer = expectOk(await kept.api.get('/sys/dashboard/analysis', { token: await kept.login('reviewer') }));
    expect(reviewer.totals.declared).toBeLessThan(first.totals.declared);
    expect(reviewer.totals.passed).toBe(passed);
    // So do one contest's figures: counted now, the change included.
    const race = await kept.db.selectFrom('pmsRace' as any).select('id' as any).where('isCurrent' as any, '=', 1).executeTakeFirstOrThrow() as any;
    const inRace = await kept.db.selectFrom('pmsProject' as any).select('id' as any).where('raceId' as any, '=', race.id).where('state' as any, '=', 'passed').execute();
    const one = expectOk(await kept.api.get(`/sys/dashboard/analysis?raceId=${race.id}`, { token: admin }));
    expect(one.totals.passed).toBe(inRace.length);
    expect(one.asOf).toBeGreaterThan(first.asOf);

    // 图表看板 too: a change after its count is not in its kept answer.
    const chart = expectOk(await kept.api.get('/sys/dashboard/chart', { token: admin }));
    await passOne(kept);
    expect(expectOk(await kept.api.get('/sys/dashboard/chart', { token: admin }))).toEqual(chart);
  });

  it('shares them between users whose rules reach the same rows, never with one whose rules reach others', async () => {
    await copyUser(kept, 'reviewer', 'reviewer2');
    await copyUser(kept, 'applicant', 'applicant2');
    const ask = async (username: string) => expectOk(await kept.api.get('/sys/dashboard/analysis', { token: await kept.login(username) }));
    const reviewer = await ask('reviewer');
    await passOne(kept);
    expect(await ask('reviewer2')).toEqual(reviewer);
    // An applicant's rule reaches their own projects: a new applicant has none, whatever the first one was shown.
    expect((await ask('applicant')).totals.declared).toBeGreaterThan(0);
    expect((await ask('applicant2')).totals.declared).toBe(0);
  });

  it('counts cheap figures afresh, so a change shows at once', async () => {
    const admin = await fresh.login('admin');
    const first = expectOk(await fresh.api.get('/sys/dashboard/analysis', { token: admin }));
    const passed = await passOne(fresh);
    const again = expectOk(await fresh.api.get('/sys/dashboard/analysis', { token: admin }));
    expect(again.totals.passed).toBe(passed);
    expect(again.totals.passed).toBe(first.totals.passed + 1);
  });

  it('refuses a malformed setting at start', async () => {
    const { readConfig } = await import('../../src/server/config.js');
    expect(() => readConfig({ DASHBOARD_KEEP_MS: '-5' })).toThrow('DASHBOARD_KEEP_MS must be a whole number of milliseconds, got "-5"');
    expect(readConfig({ DASHBOARD_KEEP_MS: '0' }).dashboardFigures).toEqual({ keepMs: 0, costlyMs: 50 });
  });
});
