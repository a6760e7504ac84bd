import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** The dictionary pages: sys_dict and sys_dict_item schemas with their module (cache, uniqueness, cascade). */
describe(`dictionary pages: /sys/dict, /sys/dictItem [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let applicant: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    applicant = await s.login('applicant');
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string, token = admin) => s.api.get(path, { token });
  const post = (path: string, body: unknown, token = admin) => s.api.post(path, body, { token });
  const put = (path: string, body: unknown, token = admin) => s.api.put(path, body, { token });
  const del = (path: string, token = admin) => s.api('DELETE', path, { token });
  const dictByCode = async (code: string) => expectOk(await get(`/sys/dict/list?dictCode=${code}`)).records[0];
  const itemsOf = async (dictId: string) => expectOk(await get(`/sys/dictItem/list?dictId=${dictId}&pageSize=100`)).records;
  const texts = async (code: string) => expectOk(await get(`/sys/dict/getDictItems/${code}`)).map((i: any) => `${i.value}:${i.text}`);

  it('lists the seeded dictionaries with the hand-written dictionary routes still in place', async () => {
    const sex = await dictByCode('sex');
    expect(sex).toMatchObject({ dictName: '性别', dictCode: 'sex', type: 1, type_dictText: '数字' });
    const items = await itemsOf(sex.id);
    expect(items.map((i: any) => [i.itemValue, i.itemText, i.sortOrder, i.status_dictText])).toEqual([['1', '男', 1, '启用'], ['2', '女', 2, '启用']]);
    expect(await texts('sex')).toEqual(['1:男', '2:女']);
  });

  it('adds a dictionary and its items; getDictItems reflects every change at once', async () => {
    // the cache is loaded (login, the reads above) and nothing refreshed it: only the writes' own invalidation can show changes
    expect(expectOk(await get('/sys/dict/getDictItems/contest_level'))).toEqual([]);
    expectOk(await post('/sys/dict/add', { dictName: '赛事级别', dictCode: 'contest_level', description: '赛事的级别' }), '添加成功！');
    const dict = await dictByCode('contest_level');
    expect(dict).toMatchObject({ dictName: '赛事级别', type: 0, description: '赛事的级别', createBy: 'admin' });
    expect(await texts('contest_level')).toEqual([]);

    expectOk(await post('/sys/dictItem/add', { dictId: dict.id, itemText: '国家级', itemValue: 'N', sortOrder: 2 }), '添加成功！');
    expectOk(await post('/sys/dictItem/add', { dictId: dict.id, itemText: '省级', itemValue: 'P', sortOrder: 1 }), '添加成功！');
    expect(await texts('contest_level')).toEqual(['P:省级', 'N:国家级']);

    const national = (await itemsOf(dict.id)).find((i: any) => i.itemValue === 'N');
    expect(national.status).toBe(1);
    expectOk(await put('/sys/dictItem/edit', { id: national.id, itemText: '国家级赛事', sortOrder: 0 }), '编辑成功!');
    expect(await texts('contest_level')).toEqual(['N:国家级赛事', 'P:省级']);

    // disabled: still in getDictItems, gone from the login map
    expectOk(await put('/sys/dictItem/edit', { id: national.id, status: 0 }), '编辑成功!');
    expect(expectOk(await get('/sys/dict/queryAllDictItems')).contest_level.map((i: any) => i.value)).toEqual(['P']);
    expect(await texts('contest_level')).toEqual(['N:国家级赛事', 'P:省级']);

    expectOk(await del(`/sys/dictItem/delete?id=${national.id}`), '删除成功!');
    expect(await texts('contest_level')).toEqual(['P:省级']);

    expectOk(await put('/sys/dict/edit', { id: dict.id, dictCode: 'contest_grade' }), '编辑成功!');
    expect(await texts('contest_grade')).toEqual(['P:省级']);
    expect(expectOk(await get('/sys/dict/getDictItems/contest_level'))).toEqual([]);
  });

  it('an item value is unique within its dictionary, not across dictionaries', async () => {
    const sex = await dictByCode('sex');
    const res = await post('/sys/dictItem/add', { dictId: sex.id, itemText: '男(重复)', itemValue: '1' });
    expectEnvelope(res, { status: 400, success: false, code: 400, message: '该值不可用，系统中已存在！' });
    const female = (await itemsOf(sex.id)).find((i: any) => i.itemValue === '2');
    expectEnvelope(await put('/sys/dictItem/edit', { id: female.id, itemValue: '1' }), { status: 400, message: '该值不可用，系统中已存在！' });
    // its own value on edit is fine
    expectOk(await put('/sys/dictItem/edit', { id: female.id, itemValue: '2', itemText: '女' }), '编辑成功!');
    expect(await texts('sex')).toEqual(['1:男', '2:女']);

    const yn = await dictByCode('yn');
    expectRefused(await get(`/sys/dictItem/dictItemCheck?dictId=${sex.id}&itemValue=1`), '该值不可用，系统中已存在！');
    expectOk(await get(`/sys/dictItem/dictItemCheck?dictId=${sex.id}&itemValue=9`), '该值可用！');
    expectOk(await get(`/sys/dictItem/dictItemCheck?dictId=${sex.id}&itemValue=2&id=${female.id}`), '该值可用！');
    expectRefused(await get(`/sys/dictItem/dictItemCheck?dictId=${yn.id}&itemValue=1`), '该值不可用，系统中已存在！');
    expectEnvelope(await get(`/sys/dictItem/dictItemCheck?itemValue=1`), { status: 400, message: '缺少参数 dictId' });
  });

  it('refuses bad input with a clear 400', async () => {
    expectEnvelope(await post('/sys/dict/add', { dictName: '坏编码', dictCode: 'a b' }), { status: 400, message: '字典编码只能包含字母、数字和下划线' });
    expectEnvelope(await post('/sys/dict/add', { dictCode: 'x_only' }), { status: 400, message: '字典名称不能为空' });
    expectEnvelope(await post('/sys/dict/add', { dictName: 'x', dictCode: 'x_type', type: 7 }), { status: 400, message: '字典类型的值不正确: 7' });
    expectRefused(await post('/sys/dict/add', { dictName: '重复', dictCode: 'sex' }), '数据库中已存在该记录');
    expectEnvelope(await post('/sys/dictItem/add', { dictId: 'nope', itemText: 'x', itemValue: 'x' }), { status: 400, message: '所属字典不存在' });
    const sex = await dictByCode('sex');
    expectEnvelope(await post('/sys/dictItem/add', { dictId: sex.id, itemText: 'x' }), { status: 400, message: '数据值不能为空' });
    expectEnvelope(await post('/sys/dictItem/add', { dictId: sex.id, itemText: 'x', itemValue: '3', status: 5 }), { status: 400, message: '是否启用的值不正确: 5' });
    expectEnvelope(await post('/sys/dictItem/add', { dictId: sex.id, itemText: 'x', itemValue: '3', sortOrder: 'a' }), { status: 400, message: '排序值需要整数' });
    // a null on a NOT NULL column with a default keeps the stored value
    const male = (await itemsOf(sex.id)).find((i: any) => i.itemValue === '1');
    expectOk(await put('/sys/dictItem/edit', { id: male.id, sortOrder: null, status: null }), '编辑成功!');
    expect((await itemsOf(sex.id)).find((i: any) => i.itemValue === '1')).toMatchObject({ sortOrder: 1, status: 1 });
    expectOk(await put('/sys/dict/edit', { id: sex.id, type: null }), '编辑成功!');
    expect((await dictByCode('sex')).type).toBe(1);
  });

  it('deleting dictionaries deletes their items', async () => {
    for (const code of ['tmp_a', 'tmp_b']) {
      expectOk(await post('/sys/dict/add', { dictName: code, dictCode: code }), '添加成功！');
      const d = await dictByCode(code);
      expectOk(await post('/sys/dictItem/add', { dictId: d.id, itemText: '一', itemValue: '1' }), '添加成功！');
      expect(await texts(code)).toEqual(['1:一']);
    }
    const a = await dictByCode('tmp_a'), b = await dictByCode('tmp_b');
    expectOk(await del(`/sys/dict/deleteBatch?ids=${a.id},${b.id}`), '批量删除成功!');
    expect(await itemsOf(a.id)).toEqual([]);
    expect(await itemsOf(b.id)).toEqual([]);
    const left = await s.db.selectFrom('sysDictItem').select('id').where('dictId', 'in', [a.id, b.id]).execute();
    expect(left).toEqual([]);
    expect(expectOk(await get('/sys/dict/getDictItems/tmp_a'))).toEqual([]);
    expect(expectOk(await get('/sys/dict/queryAllDictItems'))).not.toHaveProperty('tmp_b');
  });

  it('writes need the system:dict buttons; reading the pages needs the page, the dictionaries stay open to forms', async () => {
    const sex = await dictByCode('sex');
    expectEnvelope(await post('/sys/dict/add', { dictName: 'x', dictCode: 'by_applicant' }, applicant), { status: 403, message: '没有权限，请联系管理员授权' });
    expectEnvelope(await post('/sys/dictItem/add', { dictId: sex.id, itemText: 'x', itemValue: '9' }, applicant), { status: 403 });
    expectEnvelope(await del(`/sys/dict/delete?id=${sex.id}`, applicant), { status: 403 });
    expectEnvelope(await get(`/sys/dictItem/list?dictId=${sex.id}`, applicant), { status: 403 });
    expect(expectOk(await get('/sys/dict/getDictItems/sex', applicant))).toHaveLength(2);
    expect(await texts('sex')).toEqual(['1:男', '2:女']);
  });
});
