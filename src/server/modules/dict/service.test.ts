import Database from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/tables.js';
import { DictService } from './service.js';

/** The dictionary cache: kept for its TTL, dropped by invalidate, never kept when loaded right after a write. */
describe('DictService cache', () => {
  let db: Db;
  let dicts: DictService;
  const rename = (text: string) => db.updateTable('sysDictItem').set({ itemText: text }).where('itemValue', '=', '1').execute();
  const text = async () => (await dicts.items('sex'))?.[0]?.text;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T08:00:00Z'));
    db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }), plugins: [new CamelCasePlugin()] }) as unknown as Db;
    await db.schema.createTable('sys_dict').addColumn('id', 'text').addColumn('dict_code', 'text').addColumn('del_flag', 'integer').execute();
    await db.schema.createTable('sys_dict_item').addColumn('dict_id', 'text').addColumn('item_text', 'text').addColumn('item_value', 'text')
      .addColumn('status', 'integer').addColumn('sort_order', 'integer').execute();
    await db.insertInto('sysDict').values({ id: 'd1', dictCode: 'sex', delFlag: 0 } as never).execute();
    await db.insertInto('sysDictItem').values({ dictId: 'd1', itemText: '男', itemValue: '1', status: 1, sortOrder: 1 } as never).execute();
    dicts = new DictService(db, 30_000);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await db.destroy();
  });

  it('serves the cached snapshot until the TTL passes', async () => {
    expect(await text()).toBe('男');
    await rename('男性');
    expect(await text()).toBe('男');
    vi.setSystemTime(Date.now() + 30_001);
    expect(await text()).toBe('男性');
  });

  it('invalidate shows changes at once, and a load right after it is not kept', async () => {
    expect(await text()).toBe('男');
    dicts.invalidate();
    // this load may run before the write's transaction commits: it answers, but is not cached
    expect(await text()).toBe('男');
    await rename('男性');
    expect(await text()).toBe('男性');
    vi.setSystemTime(Date.now() + 1_001);
    expect(await text()).toBe('男性');
    // settled: cached again
    await rename('男士');
    expect(await text()).toBe('男性');
  });

  it('texts follows the same snapshot as items: one map per load, a new one after invalidate', async () => {
    const first = await dicts.texts('sex');
    expect(first?.get('1')).toBe('男');
    expect(await dicts.texts('sex')).toBe(first);
    expect(await dicts.texts('nope')).toBeUndefined();
    expect(await dicts.translate('sex', '1,9')).toBe('男,9');
    await rename('男性');
    dicts.invalidate();
    vi.setSystemTime(Date.now() + 1_001);
    expect((await dicts.texts('sex'))?.get('1')).toBe('男性');
  });
});
