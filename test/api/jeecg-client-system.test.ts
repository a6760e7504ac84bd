/* eslint-disable @typescript-eslint/no-explicit-any */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeForJeecgClient } from '../../src/server/modules/system/client-upgrade.js';
import { expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * What the stock JeecgBoot Vue 2 client (jeecgboot/ant-design-vue-jeecg 3.4.3) needs of the server
 * beyond the pages' CRUD (issue 41): the dictionaries its system screens read, and the routes of its
 * system screens, asked as its code asks them (getAction's `_t`, the list mixin's paging).
 */
const t = () => `_t=${Math.floor(Date.now() / 1000)}`;

/** Every dictCode the client's src/views/system (and the components they use) reads. */
const SYSTEM_VIEW_DICTS = ['sex', 'activiti_sync', 'global_perms_type', 'operate_type', 'position_rank', 'quartz_status', 'rule_conditions', 'valid_status', 'database_type'];

describe(`the Vue 2 client's system screens, issue 41 [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  const get = (p: string, token = admin) => s.api.get(`${p}${p.includes('?') ? '&' : '?'}${t()}`, { token });

  it('dictionaries: every one the system screens read has items, in the login map too; an unknown code (and `undefined`) has none', async () => {
    const all = expectOk(await get('/sys/dict/queryAllDictItems'));
    for (const code of SYSTEM_VIEW_DICTS) {
      const items = expectOk(await s.api.get(`/sys/dict/getDictItems/${code}`, { token: admin }));
      expect(items.length, code).toBeGreaterThan(0);
      expect(all[code]?.length, code).toBe(items.length);
    }
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/activiti_sync', { token: admin })).map((i: any) => [i.value, i.text])).toEqual([['1', '同步'], ['0', '不同步']]);
    expect(expectOk(await s.api.get('/sys/dict/getDictItems/global_perms_type', { token: admin })).map((i: any) => i.value)).toEqual(['1', '2']);
    for (const code of ['undefined', 'no_such_dict']) expect(expectOk(await s.api.get(`/sys/dict/getDictItems/${code}`, { token: admin }))).toEqual([]);
  });

  it('a database seeded before issue 41 gets the dictionaries once; one deleted later stays deleted', async () => {
    const db = s.db as any;
    const dict = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'activiti_sync').executeTakeFirstOrThrow();
    await db.deleteFrom('sysDictItem').where('dictId', '=', dict.id).execute();
    await db.deleteFrom('sysDict').where('id', '=', dict.id).execute();
    await db.deleteFrom('sysSetting').where('key', '=', 'upgrade:jeecg-client-41').execute();
    expect(await upgradeForJeecgClient(db, { seedDir: path.resolve('schemas/seed') })).toBe(true);
    const back = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'activiti_sync').executeTakeFirstOrThrow();
    expect((await db.selectFrom('sysDictItem').select('itemValue').where('dictId', '=', back.id).orderBy('sortOrder').execute()).map((r: any) => r.itemValue)).toEqual(['1', '0']);
    expect(await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'global_perms_type').execute()).toHaveLength(1);
    await db.deleteFrom('sysDictItem').where('dictId', '=', back.id).execute();
    await db.deleteFrom('sysDict').where('id', '=', back.id).execute();
    expect(await upgradeForJeecgClient(db, { seedDir: path.resolve('schemas/seed') })).toBe(false);
    expect(await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'activiti_sync').execute()).toEqual([]);
  });
});
