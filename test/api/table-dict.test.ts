import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/** Table dictionaries and the duplicate check reach only tables and columns a schema declares. */
describe(`table dictionaries and duplicate check [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    for (const [code, name, postRank] of [['CEO', '总经理', '5'], ['DEV', '开发_工程师', '3'], ['QA', '测试工程师', '3']]) {
      expectOk(await s.api.post('/sys/position/add', { code, name, postRank }, { token }));
    }
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string) => s.api.get(path, { token });

  it('lists a declared table dictionary, by field or column names, with a JSON condition', async () => {
    const all = expectOk(await get('/sys/dict/getDictItems/sys_position,name,code'));
    expect(all.map((i: any) => i.value).sort()).toEqual(['CEO', 'DEV', 'QA']);
    expect(all[0]).toEqual({ value: all[0].value, text: all[0].text, title: all[0].text, label: all[0].text });
    const cond = encodeURIComponent(JSON.stringify({ post_rank: '3' }));
    const filtered = expectOk(await get(`/sys/dict/getDictItems/sys_position,name,code,${cond}`));
    expect(filtered.map((i: any) => i.value).sort()).toEqual(['DEV', 'QA']);
  });

  it('offers the rows whose window holds now: a condition may bound a field by a value or the server’s $now', async () => {
    const raceIds = async (cond: object) => expectOk(await get(`/sys/dict/loadDict/pms_race,title,id,${encodeURIComponent(JSON.stringify(cond))}?keyword=&pageSize=50`)).map((i: any) => i.text);
    const open = { declareStart: { '<=': '$now' }, declareEnd: { '>=': '$now' } };
    const current = (await (s.db as any).selectFrom('pms_race').select(['title', 'declareStart', 'declareEnd']).where('isCurrent', '=', 1).executeTakeFirstOrThrow()) as any;
    const other = (await (s.db as any).selectFrom('pms_race').select(['id', 'title']).where('isCurrent', '=', 0).executeTakeFirstOrThrow()) as any;
    await (s.db as any).updateTable('pms_race').set({ declareStart: '2024-03-15 00:00:00', declareEnd: '2024-06-30 23:59:59' }).where('id', '=', other.id).execute();
    // the current contest's window is open in the seed, the other closed
    expect(await raceIds(open)).toEqual([current.title]);
    expect(await raceIds({ declareEnd: { '<=': '2024-12-31 00:00:00' } })).toEqual([other.title]);
    for (const bad of [{ declareEnd: { '<': '$now' } }, { declareEnd: {} }, { declareEnd: { '>=': ['x'] } }]) {
      expectEnvelope(await get(`/sys/dict/loadDict/pms_race,title,id,${encodeURIComponent(JSON.stringify(bad))}`), { status: 400, success: false, message: '过滤条件 declareEnd 的值无效' });
    }
  });

  it('searches with loadDict and translates keys in order with loadDictItem', async () => {
    const hits = expectOk(await get(`/sys/dict/loadDict/sys_position,name,code?keyword=${encodeURIComponent('工程')}&pageSize=10`));
    expect(hits.map((i: any) => i.value).sort()).toEqual(['DEV', 'QA']);
    // `_` is literal
    expect(expectOk(await get('/sys/dict/loadDict/sys_position,name,code?keyword=_')).map((i: any) => i.value)).toEqual(['DEV']);
    expect(expectOk(await get('/sys/dict/loadDict/sys_position,name,code?keyword=CEO,QA')).map((i: any) => i.value).sort()).toEqual(['CEO', 'QA']);
    expect(expectOk(await get('/sys/dict/loadDictItem/sys_position,name,code?key=QA,nope,CEO'))).toEqual(['测试工程师', '总经理']);
    expect(expectOk(await get('/sys/dict/loadDictItem/sys_position,name,code?key=QA,nope&delNotExist=false'))).toEqual(['测试工程师', 'nope']);
  });

  it('refuses undeclared tables and columns, SQL conditions and sensitive columns with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['/sys/dict/getDictItems/sys_session,token_hash,user_id', /表 sys_session 未声明/],
      ['/sys/dict/getDictItems/sys_user,password,username', /敏感表和敏感字段禁止查询/],
      ['/sys/dict/loadDict/sys_user,realname,password?keyword=a', /敏感表和敏感字段禁止查询/],
      ['/sys/dict/loadDict/sys_user,salt,username?keyword=a', /敏感表和敏感字段禁止查询/],
      ['/sys/dict/loadDictItem/sys_position,name,secret?key=a', /字段 secret 未在 sys_position 中声明/],
      [`/sys/dict/getDictItems/sys_position,name,code,${encodeURIComponent("1=1 or 'a'='a'")}`, /过滤条件需为JSON对象/],
      [`/sys/dict/getDictItems/${encodeURIComponent('sys_position where 1=1')},name,code`, /未声明/],
      [`/sys/dict/getDictItems/${encodeURIComponent('(select password from sys_user)')},name,code`, /未声明/],
      ['/sys/dict/loadDict/sys_position,name,code?pageSize=100000', /pageSize/],
    ];
    for (const [path, message] of cases) expectEnvelope(await get(path), { status: 400, success: false, code: 400, message });
  });

  it('checks duplicates on declared fields only', async () => {
    expectOk(await get('/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=NEW'), '该值可用！');
    expectRefused(await get('/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=CEO'), '该值不可用，系统中已存在！');
    const ceo = expectOk(await get('/sys/position/list?code=CEO')).records[0];
    expectOk(await get(`/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=CEO&dataId=${ceo.id}`), '该值可用！');
    expectEnvelope(await get('/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal='), { success: true, code: 500, message: '数据为空,不作处理！' });
    expectEnvelope(await get('/sys/duplicate/check?tableName=sys_user&fieldName=password&fieldVal=x'), { status: 400, message: /敏感表和敏感字段禁止查询/ });
    expectEnvelope(await get('/sys/duplicate/check?tableName=sys_session&fieldName=tokenHash&fieldVal=x'), { status: 400, message: /未声明/ });
    expectEnvelope(await get('/sys/duplicate/check?tableName=sys_position&fieldName=code%20or%201=1&fieldVal=x'), { status: 400, message: /未在 sys_position 中声明/ });
    expectEnvelope(await s.api.get('/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=x'), { status: 401 });
  });
});
