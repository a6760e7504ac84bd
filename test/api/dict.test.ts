import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { seedDicts } from '../helpers/seed-dicts.js';
import { ADMIN_PASSWORD, BACKEND, startServer, type TestServer } from '../helpers/server.js';


const SEX = [
  { value: '1', text: '男', title: '男', label: '男' },
  { value: '2', text: '女', title: '女', label: '女' },
];

describe(`dictionaries [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login();
  });
  afterAll(async () => { await s?.close(); });

  const get = (path: string) => s.api.get(path, { token });

  it('getDictItems/sex answers the DictModel items in sort order', async () => {
    expect(expectOk(await get('/sys/dict/getDictItems/sex'))).toEqual(SEX);
  });

  it('getDictItems answers every seeded dictionary', async () => {
    for (const d of seedDicts) {
      const items = expectOk(await get(`/sys/dict/getDictItems/${d.dictCode}`));
      expect(items.map((i: any) => [i.text, i.value])).toEqual(d.items);
    }
  });

  it('tolerates the X-Sign/X-TIMESTAMP headers and the sign/_t parameters of the Vue2 client', async () => {
    const res = await s.api.get('/sys/dict/getDictItems/sex?sign=ABCDEF&_t=1700000000', {
      token, headers: { 'X-Sign': 'ABCDEF', 'X-TIMESTAMP': String(Date.now()), 'tenant-id': '0' },
    });
    expect(expectOk(res)).toEqual(SEX);
  });

  it('an unknown code, and the user form\'s `undefined`, have no items (JeecgBoot\'s empty list, not an error)', async () => {
    for (const code of ['no_such_dict', 'undefined']) expect(expectOk(await get(`/sys/dict/getDictItems/${code}`))).toEqual([]);
  });

  it('a table dictionary on an undeclared table, or malformed, is HTTP 400', async () => {
    for (const code of ['sys_session,token_hash,user_id', 'sys_session,token_hash,user_id,ip%3D1']) {
      const res = await get(`/sys/dict/getDictItems/${code}`);
      expectEnvelope(res, { status: 400, success: false, code: 400, message: '表 sys_session 未声明，不能作为字典或校验对象' });
    }
    expectEnvelope(await get('/sys/dict/getDictItems/a,b'), { status: 400, success: false, code: 400, message: '表字典格式应为 table,text,value' });
  });

  it('a malformed code is refused with 字典Code格式不正确！', async () => {
    for (const code of ["a'b", 'sex%20or%201%3D1', 'a%22b', '%E6%80%A7%E5%88%AB', 'x'.repeat(101), 'a;drop']) {
      expectRefused(await get(`/sys/dict/getDictItems/${code}`), '字典Code格式不正确！');
    }
  });

  it('queryAllDictItems answers the map of every dictionary', async () => {
    const map = expectOk(await get('/sys/dict/queryAllDictItems'));
    expect(Object.keys(map).sort()).toEqual(seedDicts.map((d) => d.dictCode).sort());
    expect(map.sex).toEqual(SEX);
    for (const items of Object.values(map) as any[][]) {
      for (const i of items) expect(Object.keys(i).sort()).toEqual(['label', 'text', 'title', 'value']);
    }
  });

  it('the map equals the login sysAllDictItems', async () => {
    const login = expectOk(await s.api.post('/sys/login', { username: 'admin', password: ADMIN_PASSWORD }));
    expect(login.sysAllDictItems).toEqual(expectOk(await get('/sys/dict/queryAllDictItems')));
  });

  it('refleshCache answers 刷新缓存完成！ and makes edits visible; disabled items stay in getDictItems only', async () => {
    const dict = await s.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow();
    await s.db.updateTable('sysDictItem').set({ status: 0 }).where('dictId', '=', dict.id).where('itemValue', '=', '2').execute();
    await s.db.updateTable('sysDictItem').set({ itemText: '男性' }).where('dictId', '=', dict.id).where('itemValue', '=', '1').execute();
    try {
      const res = await get('/sys/dict/refleshCache');
      expectOk(res, '刷新缓存完成！');
      expect(res.body.result).toBe('刷新缓存完成！');
      const all = expectOk(await get('/sys/dict/getDictItems/sex'));
      expect(all.map((i: any) => i.text)).toEqual(['男性', '女']);
      const enabled = expectOk(await get('/sys/dict/queryAllDictItems'));
      expect(enabled.sex).toEqual([{ value: '1', text: '男性', title: '男性', label: '男性' }]);
    } finally {
      await s.db.updateTable('sysDictItem').set({ status: 1 }).where('dictId', '=', dict.id).execute();
      await s.db.updateTable('sysDictItem').set({ itemText: '男' }).where('dictId', '=', dict.id).where('itemValue', '=', '1').execute();
      expectOk(await get('/sys/dict/refleshCache'), '刷新缓存完成！');
    }
    expect(expectOk(await get('/sys/dict/getDictItems/sex'))).toEqual(SEX);
  });

  it('a deleted dictionary (del_flag 1) is unknown after a cache refresh', async () => {
    await s.db.updateTable('sysDict').set({ delFlag: 1 }).where('dictCode', '=', 'priority').execute();
    expectOk(await get('/sys/dict/refleshCache'));
    expect(expectOk(await get('/sys/dict/getDictItems/priority'))).toEqual([]);
    expect(expectOk(await get('/sys/dict/queryAllDictItems'))).not.toHaveProperty('priority');
    await s.db.updateTable('sysDict').set({ delFlag: 0 }).where('dictCode', '=', 'priority').execute();
    expectOk(await get('/sys/dict/refleshCache'));
  });
});
