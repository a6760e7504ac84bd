import type { FastifyInstance } from 'fastify';
import { SelectQueryNode, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { DictService } from '../../src/server/modules/dict/service.js';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The engine compiles a read's statement once per shape and read scope, and later requests only bind
 * their values (issue 39): Kysely builds no statement for them. Seen through a plugin that records each
 * statement Kysely builds on the page's table (a bound statement reaches the database without one).
 */
describe(`reads bound to compiled statements [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let probe: FastifyInstance;
  const built: RootOperationNode[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    for (const [code, name] of [['B1', '甲'], ['B2', '乙']]) {
      expectOk(await s.api.post('/sys/position/add?answer=id', { code, name, postRank: '3' }, { token }));
    }
    const rows = expectOk(await s.api.get('/sys/position/list?column=code&order=asc&code=B*', { token })).records;
    ids.push(...rows.map((r: any) => r.id));
    const keep: KyselyPlugin = { transformQuery: ({ node }) => { built.push(node); return node; }, transformResult: async ({ result }) => result };
    const db = s.app.ctx.db.withPlugin(keep) as unknown as Kysely<any>;
    probe = await buildApp({ ...s.app.ctx, db, dicts: new DictService(db) } as any);
  });
  afterAll(async () => {
    await probe?.close();
    await s?.close();
  });

  // A table dictionary's texts (dict-text.ts: `select <k>, cast(text), cast(value) … where value in (…)`) are looked up per
  // request, their values being the page's: not the read's own statement.
  const isDictLookup = (n: SelectQueryNode) => JSON.stringify(n.selections).includes('{"kind":"IdentifierNode","name":"k"}');
  const builtOn = (table: string) => built.filter((n) => SelectQueryNode.is(n) && JSON.stringify(n.from).includes(`"${table}"`) && !isDictLookup(n)).length;
  const onPositions = () => builtOn('sys_position');
  const get = async (url: string) => {
    const body = (await probe.inject({ method: 'GET', url: `/jeecg-boot${url}`, headers: { 'x-access-token': token } })).json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.result;
  };

  it('queryById builds its statement once, then binds each id', async () => {
    expect((await get(`/sys/position/queryById?id=${ids[0]}`)).code).toBe('B1');
    built.length = 0;
    expect((await get(`/sys/position/queryById?id=${ids[1]}`)).code).toBe('B2');
    expect(onPositions()).toBe(0);
    expect(await probe.inject({ method: 'GET', url: '/jeecg-boot/sys/position/queryById?id=none', headers: { 'x-access-token': token } }).then((r) => r.json().message)).toBe('未找到对应数据');
  });

  it('a list of one shape builds its statements once, then binds each value', async () => {
    expect((await get('/sys/position/list?code=B1')).records.map((r: any) => r.name)).toEqual(['甲']);
    built.length = 0;
    expect((await get('/sys/position/list?code=B2')).records.map((r: any) => r.name)).toEqual(['乙']);
    expect(onPositions()).toBe(0);
  });

  it('childList builds its statement once, then binds each parent', async () => {
    const roots = (await get('/sys/category/rootList?pageSize=100')).records as any[];
    const [a, b] = roots.filter((r) => r.hasChild === '1');
    expect(a && b, 'two seeded categories with children').toBeTruthy();
    // The category page answers its children as an array (the JeecgBoot client's tree reads it so).
    const kidsOf = async (pid: string) => ((await get(`/sys/category/childList?pid=${pid}`)) as any[]).map((r) => r.pid);
    expect(new Set(await kidsOf(a.id))).toEqual(new Set([a.id]));
    built.length = 0;
    expect(new Set(await kidsOf(b.id))).toEqual(new Set([b.id]));
    expect(builtOn('sys_category')).toBe(0);
  });

  it('subList builds its statement once, then binds each main row', async () => {
    const races = (await get('/pms/race/list?pageSize=100')).records as any[];
    expect(races.length).toBeGreaterThan(0);
    const lines = async (id: string) => (await get(`/pms/race/subList/pms_race_indicator?mainId=${id}`)).records as any[];
    const counts = [];
    for (const r of races) {
      const found = await lines(r.id);
      expect(found.every((l) => l.raceId === r.id)).toBe(true);
      counts.push(found.length);
      if (counts.length === 1) built.length = 0; // the first request compiled it
    }
    expect(Math.max(...counts), 'a seeded contest has indicators').toBeGreaterThan(0);
    expect(builtOn('pms_race_indicator')).toBe(0);
  });

  it('a table dictionary\'s texts are read once and kept, and a rename shows at once', async () => {
    const projects = async () => (await get('/pms/project/list?pageSize=50')).records as any[];
    const first = (await projects()).find((p) => p.raceId);
    expect(first, 'a seeded project of a contest').toBeTruthy();
    const title = first.raceId_dictText;
    expect(title).toBeTruthy();
    built.length = 0;
    expect((await projects()).find((p) => p.id === first.id).raceId_dictText).toBe(title);
    expect(built.filter((n) => SelectQueryNode.is(n) && isDictLookup(n)).length, 'no dictionary statement for texts read a moment ago').toBe(0);

    const renamed = `${title}（更名）`;
    const edited = await probe.inject({ method: 'PUT', url: '/jeecg-boot/pms/race/edit', headers: { 'x-access-token': token }, payload: { id: first.raceId, title: renamed } });
    expect(edited.json().success, edited.body).toBe(true);
    expect((await projects()).find((p) => p.id === first.id).raceId_dictText).toBe(renamed);
  });
});
