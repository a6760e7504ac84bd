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

  const onPositions = () => built.filter((n) => SelectQueryNode.is(n) && JSON.stringify(n.from).includes('sys_position')).length;
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
});
