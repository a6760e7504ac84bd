import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

interface DepartNode { id: string; orgCode: string; departName: string; children: DepartNode[] | null }
const flat = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/**
 * The calls the sel_user and sel_depart field views make (src/web/widgets/sel_user, sel_depart):
 * echoing a stored value through the view's implied dictionary (loadDictItem, keys in order, an
 * unknown key kept as itself), by whichever column the field stores.
 */
describe(`user and department pickers: value echo [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  let departs: DepartNode[];
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('applicant');
    departs = flat(expectOk(await s.api.get('/sys/sysDepart/queryTreeList', { token })));
  });
  afterAll(async () => { await s?.close(); });

  const echo = async (dict: string, keys: string[]) =>
    expectOk(await s.api.get(`/sys/dict/loadDictItem/${encodeURIComponent(dict)}?key=${encodeURIComponent(keys.join(','))}&delNotExist=false`, { token }));

  it('shows realnames for stored usernames, in the stored order, a missing one as itself', async () => {
    expect(await echo('sys_user,realname,username', ['reviewer', 'nobody', 'admin'])).toEqual(['审核人', 'nobody', '管理员']);
  });

  it('shows realnames for stored user ids when the field stores ids', async () => {
    const page = expectOk(await s.api.get('/sys/user/queryUserComponentData?username=expert&realname=%E8%AF%84%E5%AE%A1%E4%B8%93%E5%AE%B6', { token }));
    expect(page.records).toHaveLength(1);
    expect(await echo('sys_user,realname,id', [page.records[0].id])).toEqual(['评审专家']);
  });

  it('shows department names for stored ids and for stored org codes', async () => {
    const byCode = new Map(departs.map((d) => [d.orgCode, d]));
    expect(await echo('sys_depart,departName,id', [byCode.get('A02A01')!.id, byCode.get('A01')!.id])).toEqual(['信息技术组', '科创服务中心']);
    expect(await echo('sys_depart,departName,orgCode', ['A01A02A02', 'A01A03'])).toEqual(['评审组织组', '赛事运营部']);
  });

  it('never echoes a sensitive user column', async () => {
    expectEnvelope(await s.api.get('/sys/dict/loadDictItem/sys_user,password,username?key=admin', { token }), {
      status: 400, message: '系统设置了安全规则，敏感表和敏感字段禁止查询，联系管理员授权!',
    });
  });
});
