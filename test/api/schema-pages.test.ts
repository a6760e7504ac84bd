import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/**
 * `/sys/schema/pages`: the page schemas of several menu components (and page codes) in one answer,
 * each as `/sys/schema/page` answers it alone; the web keeps them for the menu's first openings.
 */
describe(`page schemas in one request [${BACKEND}]`, () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    token = await s.login('admin');
  });
  afterAll(async () => { await s?.close(); });

  it('answers each component and code as the single-page route does, leaving out those that do not exist', async () => {
    const components = ['pms/AllProjectList', 'pms/MyProjectList', 'system/NoSuchList'];
    const res = expectOk(await s.api.get(`/sys/schema/pages?components=${encodeURIComponent(components.join(','))}&codes=sys_user,no_such_code`, { token }));
    expect(Object.keys(res.components).sort()).toEqual(['pms/AllProjectList', 'pms/MyProjectList']);
    for (const c of ['pms/AllProjectList', 'pms/MyProjectList']) {
      expect(res.components[c]).toEqual(expectOk(await s.api.get(`/sys/schema/page?component=${encodeURIComponent(c)}`, { token })));
    }
    // Two views of one schema keep their own titles and queries.
    expect(res.components['pms/AllProjectList'].title).not.toBe(res.components['pms/MyProjectList'].title);
    expect(Object.keys(res.codes)).toEqual(['sys_user']);
    expect(res.codes.sys_user).toEqual(expectOk(await s.api.get('/sys/schema/page?code=sys_user', { token })));
  });

  it('refuses a request naming nothing, too many pages, or a repeated parameter', async () => {
    const refused = async (query: string, message: string) =>
      expectEnvelope(await s.api.get(`/sys/schema/pages${query}`, { token }), { status: 400, success: false, message });
    await refused('', '缺少参数 components 或 codes');
    await refused('?components=,,', '缺少参数 components 或 codes');
    await refused(`?components=${Array.from({ length: 101 }, (_, i) => `p${i}`).join(',')}`, '一次最多取100个页面');
    await refused('?components=a&components=b', '参数 components 应为逗号分隔的文本');
  });

  it('needs a signed-in account', async () => {
    expect((await s.api.get('/sys/schema/pages?components=pms/AllProjectList')).status).toBe(401);
  });
});
