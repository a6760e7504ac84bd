/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../../src/schema/credit-code.js';
import { editableCopy, sampleRow, writableSchemas } from '../helpers/sample-row.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * A hook inside a write's transaction that reads through the main database handle (the dictionary
 * cache, cold) used to wait for the transaction, which waited for the hook: that request and every
 * later one hung until the process was killed (SQLite). Every schema's add and edit, hooks and
 * all, with the dictionary cache cold, must answer, and an unrelated anonymous request after it.
 */
/** What a schema's module requires beyond its fields' own rules (a parent row, well-formed settings). */
const firstId = (s: TestServer, table: string) => (s.db as any).selectFrom(table).select('id').limit(1).executeTakeFirst().then((r: any) => r?.id);
const RULES_BEYOND_FIELDS: Record<string, (s: TestServer, n: number) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
  sys_announcement: () => ({ msgType: 'ALL' }),
  sys_fill_rule: () => ({ ruleParams: '{"prefix":"T","seqLength":4}' }),
  sys_gateway_route: () => ({ predicates: '[{"name":"Path","args":["/t/**"]}]' }),
  sys_tenant: (_s, n) => ({ code: 9000 + n }),
  pms_enterprise: (_s, n) => { const body = `91330106MA${String(1000000 + n).slice(-7)}`; return { creditCode: body + creditCodeCheckChar(body) }; },
  // A job class must be one the server runs (the seed's SampleJob takes the sample's class).
  quartz_job: () => ({ jobClassName: 'org.jeecg.modules.quartz.job.DailyStatsJob', cronExpression: '0/30 * * * * ?' }),
  onl_graphreport_head: () => ({ cgrSql: 'select depart_name, id from sys_depart', xaxisField: 'depart_name', yaxisField: 'id' }),
  sys_dict_item: async (s) => ({ dictId: await firstId(s, 'sys_dict') }),
  onl_cgreport_item: async (s) => ({ cgrheadId: await firstId(s, 'onl_cgreport_head') }),
  onl_cgreport_param: async (s) => ({ cgrheadId: await firstId(s, 'onl_cgreport_head') }),
  onl_graphreport_item: async (s) => ({ graphreportHeadId: await firstId(s, 'onl_graphreport_head') }),
  // The kinds of assessor's weights make 100% (sumChecks), and a sub row names a main row that may change.
  assess_plan: () => ({ weightSelf: 100 }),
  pms_race_indicator: async (s) => ({ raceId: await firstId(s, 'pms_race') }),
  pms_project_member: async (s) => ({ projectId: (await (s.db as any).selectFrom('pms_project').select('id').where('state', '=', 'draft').limit(1).executeTakeFirst())?.id }),
};

describe(`writes with a cold dictionary cache never hold the database [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  const answered: string[] = [];
  const refused: string[] = [];
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const coldCache = async () => {
    const res = await s.api.get('/sys/dict/refleshCache', { token: admin, timeoutMs: 5_000 });
    expect(res.status).toBe(200);
  };
  /** An anonymous request that touches the database answers within a second or two. */
  const stillServes = async (after: string) => {
    const res = await s.api.get('/site/siteinfoFz', { timeoutMs: 3_000 }).catch((err) => { throw new Error(`after ${after}: ${err}`); });
    expect(res.status, after).toBe(200);
  };

  it('adds a row to every writable schema, cache cold before each', async () => {
    let n = 0;
    for (const schema of writableSchemas(s)) {
      await coldCache();
      n += 1;
      const body = { ...await sampleRow(s, schema, n), ...await RULES_BEYOND_FIELDS[schema.code]?.(s, n) };
      const res = await s.api.post(`${schema.api}/add`, body, { token: admin, timeoutMs: 8_000 })
        .catch((err) => { throw new Error(`${schema.code} add did not answer: ${err}`); });
      expect(res.status, `${schema.code} add: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.body?.success) answered.push(schema.code);
      else refused.push(`${schema.code}: ${res.body?.message}`);
      await stillServes(`${schema.code} add`);
    }
    // The writes that froze the server, and most others, really ran their hooks to the end.
    expect(answered, refused.join('\n')).toEqual(expect.arrayContaining(['sys_announcement', 'sys_data_source', 'sys_dict', 'sys_dict_item', 'sys_position', 'quartz_job']));
    expect(answered.length, refused.join('\n')).toBeGreaterThan(writableSchemas(s).length * 0.8);
  });

  it('edits a row of every listable schema, cache cold before each', async () => {
    let edited = 0;
    for (const schema of writableSchemas(s).filter((x) => x.features?.edit !== false)) {
      const list = await s.api.get(`${schema.api}/list?pageSize=1`, { token: admin, timeoutMs: 5_000 });
      const row = list.body?.result?.records?.[0];
      if (!row) continue;
      await coldCache();
      const res = await s.api.put(`${schema.api}/edit`, editableCopy(schema, row), { token: admin, timeoutMs: 8_000 })
        .catch((err) => { throw new Error(`${schema.code} edit did not answer: ${err}`); });
      expect(res.status, `${schema.code} edit: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      if (res.body?.success) edited += 1;
      await stillServes(`${schema.code} edit`);
    }
    expect(edited).toBeGreaterThan(5);
  });

  it('deletes what it added, cache cold before each', async () => {
    for (const code of answered) {
      const schema = s.app.ctx.schemas.get(code)!;
      if (schema.features?.delete === false) continue;
      const list = await s.api.get(`${schema.api}/list?pageSize=1&column=createTime&order=desc`, { token: admin, timeoutMs: 5_000 });
      const id = list.body?.result?.records?.[0]?.id;
      if (!id) continue;
      await coldCache();
      const res = await s.api('DELETE', `${schema.api}/delete?id=${encodeURIComponent(id)}`, { token: admin, timeoutMs: 8_000 })
        .catch((err) => { throw new Error(`${code} delete did not answer: ${err}`); });
      expect(res.status, `${code} delete: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      await stillServes(`${code} delete`);
    }
  });
});
