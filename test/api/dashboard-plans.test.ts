import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { DictService } from '../../src/server/modules/dict/service.js';
import { expectOk } from '../helpers/envelope.js';
import { planOf as explain } from '../helpers/query-plan.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const COPIES = 100;

/**
 * 首页 is where administrators and reviewers land after each login: its figures over pms_project are
 * GROUP BYs that must stay served by the table's declared indexes, not read every project row (at
 * 200,000 projects on SQLite the statements took 1.0–1.2 s with the rows read, 60–70 ms with the
 * indexes). Each statement the dashboard sends is EXPLAINed, for the administrator and for the
 * reviewer, whose row rule filters by state.
 */
describe(`首页 figures are served by pms_project's indexes [${BACKEND}]`, () => {
  let s: TestServer;
  let probe: FastifyInstance;
  let raw: Kysely<any>;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    s = await startServer();
    raw = (s.db as unknown as Kysely<any>).withoutPlugins();
    // The seeded projects copied COPIES times, so the planner weighs a table of some size.
    const seeded = (await raw.selectFrom('pms_project').selectAll().execute()) as Record<string, unknown>[];
    for (let c = 1; c <= COPIES; c++) {
      await raw.insertInto('pms_project').values(seeded.map((p) => ({ ...p, id: `${p.id}c${c}` }))).execute();
    }
    await sql`analyze pms_project`.execute(raw);
    // The same engine on a connection that keeps each statement it compiles, as the database gets it.
    const keep: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => { sent.push(raw.getExecutor().compileQuery(node, queryId)); return node; },
      transformResult: async ({ result }) => result,
    };
    const db = s.app.ctx.db.withPlugin(keep);
    probe = await buildApp({ ...s.app.ctx, db, dicts: new DictService(db) } as any);
  });
  afterAll(async () => {
    await probe?.close();
    await s?.close();
  });

  const planOf = (q: CompiledQuery) => explain(raw, BACKEND, q);

  /** The dashboard's statements that read pms_project, as one user's request sends them. */
  async function dashboardStatements(user: string): Promise<CompiledQuery[]> {
    const token = await s.login(user);
    sent.length = 0;
    const res = await probe.inject({ method: 'GET', url: '/jeecg-boot/sys/dashboard/analysis', headers: { 'x-access-token': token } });
    expect(res.json().success, res.body).toBe(true);
    return sent.filter((q) => q.sql.includes('"pms_project"'));
  }

  for (const user of ['admin', 'reviewer']) {
    it(`${user}: the figures by state, track and province, and the declarations per day, read an index alone`, async () => {
      const statements = await dashboardStatements(user);
      const grouped = statements.find((q) => /group by "state", "track", "region"/.test(q.sql));
      const perDay = statements.find((q) => /substr\("submit_time"/.test(q.sql));
      expect(grouped, 'the one pass by state, track and province').toBeDefined();
      expect(perDay, 'declarations per day').toBeDefined();
      if (BACKEND === 'sqlite') {
        expect(await planOf(grouped!)).toContain('COVERING INDEX idx_pms_project_state_track_region');
        // The administrator's days need no state: the planned submit-time index covers them as well.
        expect(await planOf(perDay!)).toMatch(user === 'admin' ? /COVERING INDEX (idx_pms_project_submit_time_state|ix_pms_project_submit_time_id)/ : /COVERING INDEX idx_pms_project_submit_time_state/);
      } else {
        expect(await planOf(grouped!)).toContain('idx_pms_project_state_track_region');
        expect(await planOf(perDay!)).toMatch(/idx_pms_project_submit_time_state|ix_pms_project_submit_time_id/);
      }
      // The sheets look their projects up by key, whatever the user's rows.
      const sheets = statements.find((q) => q.sql.includes('"pms_project_review"'))!;
      expect(await planOf(sheets)).toMatch(BACKEND === 'sqlite' ? /SEARCH pms_project .*\(id=\?\)/ : /pms_project_pkey/);
    });
  }

  it('the figures count every copy', async () => {
    const seeded = Number((await raw.selectFrom('pms_project').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const a = expectOk(await s.api.get('/sys/dashboard/analysis', { token: await s.login('admin') }));
    expect(a.totals.declared).toBe(seeded);
    expect(a.byState.reduce((n: number, x: any) => n + x.count, 0)).toBe(seeded);
    expect(a.byRegion.reduce((n: number, x: any) => n + x.count, 0)).toBe(a.totals.submitted);
  });
});
