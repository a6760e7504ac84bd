import { CamelCasePlugin, createQueryId, type QueryResult, type UnknownRow } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CamelCaseRows } from './camel-case.js';

const result = (rows: UnknownRow[]): QueryResult<UnknownRow> => ({ rows, numAffectedRows: 2n });
const through = (plugin: CamelCasePlugin, rows: UnknownRow[]) => plugin.transformResult({ result: result(rows), queryId: createQueryId() });

describe('CamelCaseRows', () => {
  const when = new Date('2026-01-02T03:04:05Z');
  const rows = (): UnknownRow[] => [
    { id: 1, create_by: 'admin', update_time: when, photo_blob: Buffer.from([1]), extra_info: { nested_key: { deep_key: 1 } }, tag_list: [{ tag_name: 'a' }, 'plain', 3], none_here: null },
    { id: 2, create_by: null, update_time: null, photo_blob: null, extra_info: null, tag_list: [], none_here: undefined },
  ];

  it('answers what Kysely\'s CamelCasePlugin answers: keys, key order, nested objects and arrays, dates, buffers', async () => {
    const mine = await through(new CamelCaseRows(), rows());
    const theirs = await through(new CamelCasePlugin(), rows());
    expect(mine).toEqual(theirs);
    expect(Object.keys(mine.rows[0])).toEqual(['id', 'createBy', 'updateTime', 'photoBlob', 'extraInfo', 'tagList', 'noneHere']);
    expect(mine.rows[0].extraInfo).toEqual({ nestedKey: { deepKey: 1 } });
    expect(mine.rows[0].updateTime).toBe(when);
    expect(mine.numAffectedRows).toBe(2n);
  });

  it('keeps nested keys when told to, as Kysely does', async () => {
    const opt = { maintainNestedObjectKeys: true };
    expect(await through(new CamelCaseRows(opt), rows())).toEqual(await through(new CamelCasePlugin(opt), rows()));
  });

  it('maps results of other columns with their own keys, and leaves an empty result be', async () => {
    const plugin = new CamelCaseRows();
    expect((await through(plugin, [{ user_name: 'a' }])).rows).toEqual([{ userName: 'a' }]);
    expect((await through(plugin, [{ role_code: 'r', user_id: 'u' }])).rows).toEqual([{ roleCode: 'r', userId: 'u' }]);
    expect((await through(plugin, [{ user_name: 'b' }])).rows).toEqual([{ userName: 'b' }]);
    expect((await through(plugin, [])).rows).toEqual([]);
  });

  it('keeps odd column names plain keys', async () => {
    const odd = (await through(new CamelCaseRows(), [{ 'a"b': 1, '__proto__': 2 } as UnknownRow])).rows[0];
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    expect((await through(new CamelCaseRows(), [{ 'quote"d_name': 1, 'back\\slash': 2 }])).rows[0]).toEqual({ 'quote"dName': 1, 'back\\slash': 2 });
  });
});
