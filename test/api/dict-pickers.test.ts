import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * The server side of the picker views (issue 4): the search select's page and echo (loadDict,
 * loadDictItem), the tree selects' lazy levels (sys/dict and sys/category loadTreeData) as the
 * widgets call them, and the cascading selects' querySelectOptions — on the seeded category tree.
 */
describe(`picker endpoints [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
    const all = expectOk(await s.api.get(`/sys/category/list?code=${encodeURIComponent('A*')}&pageSize=100`, { token }));
    for (const r of all.records) ids.set(r.code, r.id);
  });
  afterAll(async () => { await s?.close(); });

  const get = async (path: string) => expectOk(await s.api.get(path, { token }));
  const refused = async (path: string, message: string | RegExp) =>
    expectEnvelope(await s.api.get(path, { token }), { status: 400, success: false, code: 400, message });

  describe('search select (sel_search)', () => {
    it('loadDict pages a keyword search: pageSize caps the page, no keyword gives the first page', async () => {
      const hits = await get(`/sys/dict/loadDict/sys_category,name,code?keyword=${encodeURIComponent('组')}&pageSize=10`);
      expect(hits.map((i: any) => i.text).sort()).toEqual(['初创组', '参赛组别', '成长组'].sort());
      expect(await get(`/sys/dict/loadDict/sys_category,name,code?keyword=${encodeURIComponent('组')}&pageSize=2`)).toHaveLength(2);
      expect(await get('/sys/dict/loadDict/sys_category,name,code?pageSize=5')).toHaveLength(5);
      // the keyword also matches the stored value
      expect((await get('/sys/dict/loadDict/sys_category,name,code?keyword=A02A01A0&pageSize=10')).map((i: any) => i.value).sort())
        .toEqual(['A02A01A01', 'A02A01A02', 'A02A01A03', 'A02A01A04', 'A02A01A05']);
      // a keyword is a value: quotes and wildcards match literally
      expect(await get(`/sys/dict/loadDict/sys_category,name,code?keyword=${encodeURIComponent("%' or '1'='1")}&pageSize=10`)).toEqual([]);
    });

    it('loadDictItem echoes a stored value as its text', async () => {
      expect(await get('/sys/dict/loadDictItem/sys_category,name,code?key=A03A01')).toEqual(['初创组']);
      expect(await get('/sys/dict/loadDictItem/sys_category,name,code?key=A03A01,gone&delNotExist=false')).toEqual(['初创组', 'gone']);
    });
  });

  describe('tree selects (sel_tree, cat_tree)', () => {
    it('sel_tree as sys_category configures it (pidValue 0, has_child): roots, then children of an expanded node', async () => {
      const tree = (pid: string) => `/sys/dict/loadTreeData?${new URLSearchParams({ pid, tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', hasChildField: 'has_child' })}`;
      const roots = await get(tree('0'));
      expect(roots.map((n: any) => [n.title, n.isLeaf])).toEqual([['项目类别', false], ['行业领域', false], ['参赛组别', false]]);
      const children = await get(tree(roots[1].key));
      expect(children.map((n: any) => n.title)).toEqual(['信息技术', '生物医药', '先进制造', '新能源新材料', '现代农业', '文化创意']);
      expect(children.every((n: any) => n.parentId === roots[1].key)).toBe(true);
      expect(await get(`/sys/dict/loadDictItem/sys_category,name,id?key=${children[0].key}`)).toEqual(['信息技术']);
    });

    it('cat_tree: roots under a pcode, children by pid, names of several ids in order', async () => {
      const under = await get('/sys/category/loadTreeData?pcode=A02');
      expect(under.map((n: any) => n.title)).toEqual(['信息技术', '生物医药', '先进制造', '新能源新材料', '现代农业', '文化创意']);
      expect(under[0].leaf).toBe(false);
      const deeper = await get(`/sys/category/loadTreeData?pid=${under[0].key}&condition=${encodeURIComponent('{"name":"集成电路"}')}`);
      expect(deeper.map((n: any) => n.title)).toEqual(['集成电路']);
      expect(await get(`/sys/category/loadDictItem?ids=${[ids.get('A03A02'), ids.get('A01')].join(',')}`)).toEqual(['成长组', '项目类别']);
    });
  });

  describe('/online/cgform/api/querySelectOptions (link_down)', () => {
    const options = (params: Record<string, string>) =>
      `/online/cgform/api/querySelectOptions?${new URLSearchParams({ table: 'sys_category', txt: 'name', key: 'code', idField: 'id', pidField: 'pid', ...params })}`;

    it('lists the first level (parent null, \'\' or 0), then each level under a parent id', async () => {
      const first = await get(options({}));
      expect(first).toEqual([
        { store: 'A01', label: '项目类别', id: ids.get('A01'), pid: '0' },
        { store: 'A02', label: '行业领域', id: ids.get('A02'), pid: '0' },
        { store: 'A03', label: '参赛组别', id: ids.get('A03'), pid: '0' },
      ]);
      const second = await get(options({ pidValue: ids.get('A02')! }));
      expect(second.map((o: any) => [o.store, o.label])).toEqual([
        ['A02A01', '信息技术'], ['A02A02', '生物医药'], ['A02A03', '先进制造'], ['A02A04', '新能源新材料'], ['A02A05', '现代农业'], ['A02A06', '文化创意'],
      ]);
      expect(second.every((o: any) => o.pid === ids.get('A02'))).toBe(true);
      const third = await get(options({ pidValue: ids.get('A02A01')! }));
      expect(third.map((o: any) => o.label)).toEqual(['人工智能', '集成电路', '软件与信息服务', '物联网', '大数据与云计算']);
      expect(await get(options({ pidValue: ids.get('A03A01')! }))).toEqual([]);
      // the stored field may be the id itself, and names may be columns
      const byId = await get(options({ key: 'id', pidField: 'pid', txt: 'name', idField: 'id', pidValue: ids.get('A03')! }));
      expect(byId.map((o: any) => [o.store, o.label])).toEqual([[ids.get('A03A01'), '初创组'], [ids.get('A03A02'), '成长组']]);
    });

    it('a root written with a null or empty parent is first level too', async () => {
      await s.db.insertInto('sys_category' as any).values([
        { id: 'ld-null-root', pid: null, name: '空父节点', code: 'LDN', hasChild: '0' },
        { id: 'ld-empty-root', pid: '', name: '空串父节点', code: 'LDE', hasChild: '0' },
      ] as any).execute();
      try {
        const first = await get(options({}));
        expect(first.map((o: any) => o.store)).toEqual(['A01', 'A02', 'A03', 'LDE', 'LDN']);
      } finally {
        await s.db.deleteFrom('sys_category' as any).where('id', 'in', ['ld-null-root', 'ld-empty-root']).execute();
      }
    });

    it('filters a level with a JSON condition of equalities (field or column names)', async () => {
      expect((await get(options({ condition: JSON.stringify({ code: 'A02' }) }))).map((o: any) => o.label)).toEqual(['行业领域']);
      const leaves = await get(options({ pidValue: ids.get('A02')!, condition: JSON.stringify({ has_child: '0' }) }));
      expect(leaves).toEqual([]); // 行业领域's children are branches
      const named = await get(options({ pidValue: ids.get('A02A04')!, condition: JSON.stringify({ has_child: '0', name: '新材料' }) }));
      expect(named.map((o: any) => o.store)).toEqual(['A02A04A04']);
    });

    it('treats SQL fragments in values as plain values', async () => {
      for (const pidValue of ["0' or '1'='1", '0) or (1=1', `${ids.get('A02')}; delete from sys_category`]) {
        expect(await get(options({ pidValue }))).toEqual([]);
      }
      expect(await get(options({ condition: JSON.stringify({ name: "x' or '1'='1" }) }))).toEqual([]);
      expect((await get(options({}))).length).toBe(3);
    });

    it('refuses undeclared tables and columns, sensitive columns, missing parameters and non-JSON conditions with a clear 400', async () => {
      const cases: [Record<string, string>, string | RegExp][] = [
        [{ table: 'sys_nope' }, '表 sys_nope 未声明，不能作为字典或校验对象'],
        [{ table: 'sys_session' }, '表 sys_session 未声明，不能作为字典或校验对象'],
        [{ table: 'sys_category where 1=1' }, '表 sys_category where 1=1 未声明，不能作为字典或校验对象'],
        [{ txt: 'secret' }, '字段 secret 未在 sys_category 中声明'],
        [{ key: 'code,(select password from sys_user)' }, '字段 code,(select password from sys_user) 未在 sys_category 中声明'],
        [{ idField: 'id or 1=1' }, '字段 id or 1=1 未在 sys_category 中声明'],
        [{ pidField: 'pid) or (1=1' }, '字段 pid) or (1=1 未在 sys_category 中声明'],
        [{ table: 'sys_user', txt: 'password', key: 'id', idField: 'id', pidField: 'id' }, '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!'],
        [{ table: 'sys_user', txt: 'realname', key: 'salt', idField: 'id', pidField: 'id' }, '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!'],
        [{ table: 'sys_user', txt: 'realname', key: 'id', idField: 'id', pidField: 'id', condition: '{"password":"x"}' }, '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!'],
        [{ txt: '' }, '缺少参数 table、txt、key、idField 或 pidField'],
        [{ pidField: '' }, '缺少参数 table、txt、key、idField 或 pidField'],
        [{ condition: "code='A01'" }, '联动组件 condition 需为JSON对象，如 {"status":"1"}'],
        [{ condition: '[1]' }, '联动组件 condition 需为JSON对象，如 {"status":"1"}'],
        [{ condition: '{"code or 1=1":"x"}' }, '字段 code or 1=1 未在 sys_category 中声明'],
      ];
      for (const [params, message] of cases) await refused(options(params), message);
      expectEnvelope(await s.api.get(options({})), { status: 401 });
    });

    it('caps a level at 1000 options', async () => {
      const rows = Array.from({ length: 1005 }, (_, i) => ({ id: `ld-many-${String(i).padStart(4, '0')}`, pid: 'ld-many-parent', name: `n${i}`, code: `LDM${i}`, hasChild: '0' }));
      for (let i = 0; i < rows.length; i += 200) await s.db.insertInto('sys_category' as any).values(rows.slice(i, i + 200) as any).execute();
      try {
        expect(await get(options({ pidValue: 'ld-many-parent' }))).toHaveLength(1000);
      } finally {
        await s.db.deleteFrom('sys_category' as any).where('pid', '=', 'ld-many-parent').execute();
      }
    });
  });
});
