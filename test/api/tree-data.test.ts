import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * Lazy tree loading: /sys/dict/loadTreeData (JTreeSelect, any declared tree) and the category
 * select's /sys/category/loadTreeData and loadDictItem, on the seeded category tree.
 */
describe(`tree data endpoints [${BACKEND}]`, () => {
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
  const dictTree = (params: Record<string, string>) =>
    `/sys/dict/loadTreeData?${new URLSearchParams({ tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', hasChildField: 'has_child', ...params })}`;

  describe('/sys/dict/loadTreeData', () => {
    it('loads the roots, then one level per parent, with the contract node shape', async () => {
      const roots = await get(dictTree({ pid: '' }));
      expect(roots).toEqual([
        { key: ids.get('A01'), title: '项目类别', value: ids.get('A01'), leaf: false, isLeaf: false, parentId: '0' },
        { key: ids.get('A02'), title: '行业领域', value: ids.get('A02'), leaf: false, isLeaf: false, parentId: '0' },
        { key: ids.get('A03'), title: '参赛组别', value: ids.get('A03'), leaf: false, isLeaf: false, parentId: '0' },
      ]);
      const level = await get(dictTree({ pid: ids.get('A02')! }));
      expect(level.map((n: any) => [n.title, n.leaf, n.isLeaf, n.parentId])).toEqual(
        ['信息技术', '生物医药', '先进制造', '新能源新材料', '现代农业', '文化创意'].map((t) => [t, false, false, ids.get('A02')]),
      );
      const leaves = await get(dictTree({ pid: ids.get('A02A02')! }));
      expect(leaves.map((n: any) => [n.title, n.leaf, n.isLeaf, n.parentId])).toEqual(
        ['创新药', '医疗器械', '生物技术', '中医药'].map((t) => [t, true, true, ids.get('A02A02')]),
      );
      expect(await get(dictTree({ pid: 'no-such-node' }))).toEqual([]);
    });

    it('accepts field or column names, reads an is-leaf column with converIsLeafVal=0, finds leaves without a flag column', async () => {
      // 行业领域's children are branches, 信息技术's its 领域 (leaves).
      for (const [pid, leaf] of [[ids.get('A02')!, false], [ids.get('A02A01')!, true]] as const) {
        const byField = await get(dictTree({ pid, pidField: 'pid', hasChildField: 'hasChild', text: 'name' }));
        expect(byField.map((n: any) => n.leaf)).toEqual(byField.map(() => leaf));
        const inverted = await get(dictTree({ pid, converIsLeafVal: '0' }));
        expect(inverted.map((n: any) => n.leaf)).toEqual(inverted.map(() => !leaf));
      }
      const noFlag = await get(`/sys/dict/loadTreeData?tableName=sys_category&text=name&code=id&pidField=pid&pid=${ids.get('A02')}`);
      expect(noFlag.map((n: any) => [n.title, n.leaf])).toEqual([['信息技术', false], ['生物医药', false], ['先进制造', false], ['新能源新材料', false], ['现代农业', false], ['文化创意', false]]);
      const noFlagLeaves = await get(`/sys/dict/loadTreeData?tableName=sys_category&text=name&code=id&pidField=pid&pid=${ids.get('A02A03')}`);
      expect(noFlagLeaves.map((n: any) => [n.title, n.leaf])).toEqual([['智能装备', true], ['工业机器人', true], ['航空航天', true], ['精密仪器', true]]);
    });

    it("takes pid '0' as the root marker, for trees whose roots have no parent at all", async () => {
      const roots = await get('/sys/dict/loadTreeData?tableName=sys_depart&text=departName&code=id&pidField=parentId&hasChildField=hasChild&pid=0');
      expect(roots.map((n: any) => n.title)).toEqual(expect.arrayContaining(['科创服务中心', '专家委员会']));
      expect(roots.every((n: any) => !n.parentId)).toBe(true);
    });

    it('filters with a JSON condition of field equalities', async () => {
      const one = await get(dictTree({ pid: ids.get('A02')!, condition: JSON.stringify({ name: '现代农业' }) }));
      expect(one.map((n: any) => n.title)).toEqual(['现代农业']);
      const byColumn = await get(dictTree({ pid: ids.get('A02A04')!, condition: JSON.stringify({ code: 'A02A04A04', has_child: '0' }) }));
      expect(byColumn.map((n: any) => n.title)).toEqual(['新材料']);
      expect(await get(dictTree({ pid: ids.get('A02')!, condition: JSON.stringify({ code: 'A02A04', has_child: '0' }) }))).toEqual([]);
      // a quote in a value is only a value
      expect(await get(dictTree({ condition: JSON.stringify({ name: "x' or '1'='1" }) }))).toEqual([]);
    });

    it('refuses a non-JSON condition with the SPEC message', async () => {
      for (const condition of ["name='x'", '1=1', '[1,2]', '"text"', 'null']) {
        await refused(dictTree({ condition }), 'JTreeSelect condition传值有误，需要一个json字符串!');
      }
      await refused(dictTree({ condition: '{"name":{"$ne":1}}' }), '条件 name 的值需为字符串或数字');
    });

    it('refuses undeclared tables, undeclared and sensitive columns', async () => {
      await refused(dictTree({ tableName: 'sys_nope' }), '表 sys_nope 未声明，不能作为字典或校验对象');
      await refused('/sys/dict/loadTreeData?tableName=sys_user&text=password&code=id&pidField=id', /系统设置了安全规则，敏感表和敏感字段禁止查询|表 sys_user 未声明/);
      await refused(dictTree({ text: 'salt' }), '字段 salt 未在 sys_category 中声明');
      await refused(dictTree({ condition: JSON.stringify({ password: 'x' }) }), '字段 password 未在 sys_category 中声明');
      await refused('/sys/dict/loadTreeData?tableName=sys_category&text=name', '缺少参数 tableName、text、code 或 pidField');
    });

    it('answers SQL fragments in every parameter with a clear 400', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ tableName: 'sys_category where 1=1' }, '表 sys_category where 1=1 未声明，不能作为字典或校验对象'],
        [{ tableName: 'sys_category;drop table sys_user' }, '表 sys_category;drop table sys_user 未声明，不能作为字典或校验对象'],
        [{ text: 'name,(select password from sys_user)' }, '字段 name,(select password from sys_user) 未在 sys_category 中声明'],
        [{ code: 'id or 1=1' }, '字段 id or 1=1 未在 sys_category 中声明'],
        [{ pidField: 'pid) or (1=1' }, '字段 pid) or (1=1 未在 sys_category 中声明'],
        [{ hasChildField: "has_child='1' --" }, "字段 has_child='1' -- 未在 sys_category 中声明"],
        [{ pid: "1' or '1'='1" }, '参数 pid 格式不正确'],
        [{ pid: '0;delete from sys_category' }, '参数 pid 格式不正确'],
        [{ condition: '{"name or 1=1":"x"}' }, '字段 name or 1=1 未在 sys_category 中声明'],
        [{ condition: '1=1) or (1=1' }, 'JTreeSelect condition传值有误，需要一个json字符串!'],
        [{ converIsLeafVal: '1 or 1=1' }, '参数 converIsLeafVal 只能是 0 或 1'],
      ];
      for (const [params, message] of cases) await refused(dictTree(params), message);
      // the table is still there
      expect((await get(dictTree({}))).length).toBe(3);
      expectEnvelope(await s.api.get(dictTree({})), { status: 401 });
    });
  });

  describe('/sys/category', () => {
    it('loadTreeData: pcode 0 gives the roots, another pcode the children of that category, pid wins', async () => {
      const roots = await get('/sys/category/loadTreeData?pcode=0');
      expect(roots[0]).toEqual({ key: ids.get('A01'), title: '项目类别', value: ids.get('A01'), code: 'A01', leaf: false, isLeaf: false, parentId: '0' });
      expect(roots.map((n: any) => n.code)).toEqual(['A01', 'A02', 'A03']);
      const group = await get('/sys/category/loadTreeData?pcode=A03');
      expect(group.map((n: any) => [n.code, n.title, n.leaf])).toEqual([['A03A01', '初创组', true], ['A03A02', '成长组', true]]);
      const deeper = await get(`/sys/category/loadTreeData?pid=${ids.get('A02A01')}&pcode=A03`);
      expect(deeper.map((n: any) => n.code)).toEqual(['A02A01A01', 'A02A01A02', 'A02A01A03', 'A02A01A04', 'A02A01A05']);
      expect((await get('/sys/category/loadTreeData?pid=0')).length).toBe(3);
      expect(await get('/sys/category/loadTreeData?pcode=Z99')).toEqual([]);
      const filtered = await get(`/sys/category/loadTreeData?pcode=A02&condition=${encodeURIComponent(JSON.stringify({ name: '现代农业' }))}`);
      expect(filtered.map((n: any) => n.code)).toEqual(['A02A05']);
    });

    it('loadTreeData refuses missing and malformed parameters', async () => {
      await refused('/sys/category/loadTreeData', '加载分类字典树参数有误.[null]!');
      await refused('/sys/category/loadTreeData?pcode=0&condition=code%3D1', 'JCategorySelect condition传值有误，需要一个json字符串!');
      await refused(`/sys/category/loadTreeData?pcode=0&condition=${encodeURIComponent('{"password":"x"}')}`, '字段 password 未在 sys_category 中声明');
      await refused(`/sys/category/loadTreeData?pcode=${encodeURIComponent("A01' or '1'='1")}`, '参数 pcode 格式不正确');
      await refused(`/sys/category/loadTreeData?pid=${encodeURIComponent('1) or (1=1')}`, '参数 pid 格式不正确');
    });

    it('loadDictItem translates ids to names in the order asked', async () => {
      const asked = [ids.get('A03A02'), 'missing', ids.get('A01')].join(',');
      expect(await get(`/sys/category/loadDictItem/?ids=${asked}`)).toEqual(['成长组', '项目类别']);
      expect(await get(`/sys/category/loadDictItem?ids=${asked}&delNotExist=false`)).toEqual(['成长组', 'missing', '项目类别']);
      expect(await get('/sys/category/loadDictItem?ids=')).toEqual([]);
      await refused(`/sys/category/loadDictItem?ids=${Array.from({ length: 1001 }, (_, i) => i).join(',')}`, '一次最多翻译1000个值');
    });
  });
});
