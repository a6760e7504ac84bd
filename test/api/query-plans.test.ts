import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { Slot } from '../../src/server/crud/open-statements.js';
import { DictService } from '../../src/server/modules/dict/service.js';
import { perfdbRoot } from '../fixtures/schemas-perfdb/root.js';
import { designField } from '../helpers/cgform-design.js';
import { expectOk } from '../helpers/envelope.js';
import { planOf as explain } from '../helpers/query-plan.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const ROWS = 3000;

/**
 * The guard of the planned indexes (index-plan.ts): the statements the engine really sends for each
 * list shape are EXPLAINed, and each must use the index planned for it — so a change to the list
 * path or to the planner cannot quietly turn a shape back into a table scan. PostgreSQL is asked
 * with sequential scans discouraged (a few thousand rows fit a scan anyway); SQLite after ANALYZE.
 * Also: the totals past the page's exact-count threshold are estimates, flagged as such, and a synced
 * online form gets its planned indexes.
 */
describe(`list query plans use their planned indexes [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let fixture: ReturnType<typeof perfdbRoot>;
  let probe: FastifyInstance;
  const captured: RootOperationNode[] = [];
  const sent: CompiledQuery[] = [];
  let raw: Kysely<any>;

  beforeAll(async () => {
    fixture = perfdbRoot();
    s = await startServer({ root: fixture.root });
    token = await s.login('admin');
    raw = (s.db as unknown as Kysely<any>).withoutPlugins();
    // Every 10th row has status 0; create times and amounts are distinct; titles carry a running number.
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    for (let start = 1; start <= ROWS; start += 500) {
      const values = Array.from({ length: Math.min(500, ROWS - start + 1) }, (_, i) => {
        const n = start + i;
        return {
          id: `t${pad(n, 8)}`, create_by: 'admin', create_time: `2025-${pad(1 + (n % 12), 2)}-${pad(1 + (n % 28), 2)} ${pad(n % 24, 2)}:${pad(n % 60, 2)}:${pad(Math.floor(n / 60) % 60, 2)}`,
          sys_org_code: 'A01', title: `工单${pad(n, 5)}号 设备巡检`, content: `第${n}次巡检记录`, status: n % 10 === 0 ? '0' : '1', amount: n / 10, remark: `R${n % 7}`,
        };
      });
      await raw.insertInto('demo_ticket').values(values).execute();
    }
    await sql`analyze demo_ticket`.execute(raw);
    // The same engine on a connection that keeps each statement it sends, as the database receives it: the
    // queries it builds and runs (after the plugins), and the compiled ones it runs (a list's, bound to its values).
    const keep: KyselyPlugin = { transformQuery: ({ node }) => { captured.push(node); return node; }, transformResult: async ({ result }) => result };
    const db = s.app.ctx.db.withPlugin(keep);
    const run = db.executeQuery.bind(db);
    db.executeQuery = ((q: CompiledQuery) => { if ('sql' in q) sent.push(q); return run(q); }) as typeof db.executeQuery;
    probe = await buildApp({ ...s.app.ctx, db, dicts: new DictService(db) } as any);
  });
  afterAll(async () => {
    await probe?.close();
    await s?.close();
    fixture?.remove();
  });

  /** The statements on demo_ticket one list request sends, compiled as the database gets them. */
  async function statementsOf(query: string): Promise<CompiledQuery[]> {
    captured.length = 0;
    sent.length = 0;
    const res = await probe.inject({ method: 'GET', url: `/jeecg-boot/demo/ticket/list?${query}`, headers: { 'x-access-token': token } });
    expect(res.json().success, res.body).toBe(true);
    const built = captured.map((node) => raw.getExecutor().compileQuery(node, { queryId: 'plan' } as any))
      .filter((q) => !q.parameters.some((p) => p instanceof Slot)); // a statement compiled with open values: it is run bound, and kept then
    return [...built, ...sent].filter((q) => q.sql.includes('"demo_ticket"'));
  }

  const planOf = (q: CompiledQuery) => explain(raw, BACKEND, q);

  const contains = BACKEND === 'sqlite' ? 'fts_demo_ticket' : 'ix_demo_ticket_title_trgm';
  const shapes: { name: string; query: string; rows: string | null; count?: string }[] = [
    { name: 'selective filter, default sort', query: 'status=0&pageSize=10', rows: 'ix_demo_ticket_status_create_time_id', count: 'ix_demo_ticket_status_create_time_id' },
    { name: 'default sort, deep page', query: 'pageNo=200&pageSize=10', rows: 'ix_demo_ticket_create_time_id' },
    { name: 'range on a query field', query: 'amount_begin=10&amount_end=20&pageSize=10&column=amount&order=asc', rows: 'ix_demo_ticket_amount_id', count: 'ix_demo_ticket_amount_id' },
    { name: 'sort by a non-key column', query: 'column=amount&order=desc&pageSize=500', rows: 'ix_demo_ticket_amount_id' },
    { name: 'contains on a searchable column', query: `title=${encodeURIComponent('*00123号*')}&pageSize=10`,
      // On a few thousand rows PostgreSQL rightly prefers walking the sort index for ten rows; the count shows the predicate is served.
      rows: BACKEND === 'sqlite' ? contains : null, count: contains },
  ];

  for (const shape of shapes) {
    it(`${shape.name}: ${shape.rows ?? shape.count}`, async () => {
      const statements = await statementsOf(shape.query);
      const rows = statements.find((q) => /order by/i.test(q.sql))!;
      expect(rows, 'the page query').toBeDefined();
      if (shape.rows) expect(await planOf(rows)).toContain(shape.rows);
      if (shape.count) {
        const count = statements.find((q) => /count\(/i.test(q.sql))!;
        expect(await planOf(count)).toContain(shape.count);
      }
    });
  }

  it('counts exactly up to the page\'s threshold and estimates past it, flagged', async () => {
    const few = expectOk(await s.api.get('/demo/ticket/list?status=0&amount_begin=1&amount_end=5', { token }));
    expect([few.total, few.totalEstimated]).toEqual([5, undefined]); // rows 10, 20, 30, 40, 50
    const many = expectOk(await s.api.get('/demo/ticket/list?status=1', { token }));
    expect(many.totalEstimated).toBe(true);
    expect(many.records).toHaveLength(10);
    // 2,700 rows hold status 1: the estimate is of that order, and never under the threshold it passed.
    expect(many.total).toBeGreaterThan(100);
    expect(many.total).toBeGreaterThan(900);
    expect(many.total).toBeLessThan(8100);
    const all = expectOk(await s.api.get('/demo/ticket/list?pageSize=-521', { token }));
    expect([all.total, all.totalEstimated]).toEqual([ROWS, undefined]); // every row asked for: counted
  });

  it('answers a broad filter\'s estimate again without counting, and counts again once a delete brings it under the threshold', async () => {
    const query = 'remark=R3'; // 429 rows: past the threshold of 100
    const first = expectOk(await s.api.get(`/demo/ticket/list?${query}`, { token }));
    expect(first.totalEstimated).toBe(true);
    const again = await statementsOf(query);
    expect(again.filter((q) => /order by/i.test(q.sql))).toHaveLength(1);
    expect(again.filter((q) => /count\(/i.test(q.sql)), 'the kept estimate answers').toEqual([]);
    expect(expectOk(await s.api.get(`/demo/ticket/list?${query}`, { token })).total).toBe(first.total);

    const ids = expectOk(await s.api.get(`/demo/ticket/list?${query}&pageSize=1000`, { token })).records.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(429);
    for (let i = 60; i < ids.length; i += 100) {
      const res = await s.api('DELETE', `/demo/ticket/deleteBatch?ids=${ids.slice(i, i + 100).join(',')}`, { token });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    }
    const after = expectOk(await s.api.get(`/demo/ticket/list?${query}`, { token }));
    expect([after.total, after.totalEstimated]).toEqual([60, undefined]);
  });

  it('a synced online form gets its planned indexes, and loses one its design no longer needs', async () => {
    const field = designField;
    const design = (withQuery: boolean) => ({
      head: { tableName: 'demo_perf_form', tableTxt: '索引演示', tableType: 1 },
      fields: [
        field('id', { dbIsKey: 1, isShowForm: 0, isShowList: 0 }),
        field('level', { dbFieldTxt: '级别', fieldShowType: 'list', dictField: 'priority', isQuery: withQuery ? 1 : 0, orderNum: 1 }),
        field('remark', { dbFieldTxt: '备注', orderNum: 2 }),
      ],
      indexs: [],
    });
    const indexes = async () => (BACKEND === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'demo_perf_form' and name glob 'ix_*' order by name`.execute(raw)).rows
      : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'demo_perf_form' and left(indexname, 3) = 'ix_' order by indexname`.execute(raw)).rows).map((r) => r.name);
    const headId = expectOk(await s.api.post('/online/cgform/api/addAll', design(true), { token }), '添加成功！');
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }), '同步数据库成功！');
    expect(await indexes()).toEqual(['ix_demo_perf_form_create_time_id', 'ix_demo_perf_form_level_create_time_id']);
    expectOk(await s.api.put('/online/cgform/api/editAll', { ...design(false), head: { ...design(false).head, id: headId } }, { token }));
    expectOk(await s.api.post(`/online/cgform/api/doDbSynch/${headId}/normal`, {}, { token }), '同步数据库成功！');
    expect(await indexes()).toEqual(['ix_demo_perf_form_create_time_id']);
  });
});
