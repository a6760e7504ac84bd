import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk, expectRefused } from '../helpers/envelope.js';
import { BACKEND, PG_ADMIN_URL, startServer, type TestServer } from '../helpers/server.js';

/** Tenants, data sources, gateway routes, scheduled jobs and logs: schema pages with small modules. */
describe(`system pages: tenants, data sources, gateway routes, jobs, logs [${BACKEND}]`, () => {
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
  const records = async (path: string) => expectOk(await get(path)).records;

  describe('tenants /sys/tenant', () => {
    const tenant = async (code: number) => (await records(`/sys/tenant/list?code=${code}`))[0];

    it('lists the seeded tenant and adds one with checked dates and a unique number', async () => {
      expect(await tenant(1)).toMatchObject({ code: 1, name: '默认租户', status: 1, status_dictText: '正常' });
      expectOk(await post('/sys/tenant/add', { code: 2, name: '华东赛区', beginDate: '2025-01-01 00:00:00', endDate: '2025-12-31 23:59:59' }), '添加成功！');
      expect(await tenant(2)).toMatchObject({ name: '华东赛区', status: 1, beginDate: '2025-01-01 00:00:00' });
      expectRefused(await post('/sys/tenant/add', { code: 2, name: '重复' }), '数据库中已存在该记录');
      expectEnvelope(await post('/sys/tenant/add', { code: 3, name: 'x', beginDate: '2025-02-01 00:00:00', endDate: '2025-01-01 00:00:00' }), { status: 400, message: '结束时间不能早于开始时间' });
      expectEnvelope(await post('/sys/tenant/add', { code: 0, name: 'x' }), { status: 400, message: '租户编号不能小于1' });
      expectEnvelope(await post('/sys/tenant/add', { code: 'abc', name: 'x' }), { status: 400, message: '租户编号需要整数' });
      expectEnvelope(await post('/sys/tenant/add', { code: 3, name: 'x', status: 7 }), { status: 400, message: '状态的值不正确: 7' });
      const t2 = await tenant(2);
      expectEnvelope(await put('/sys/tenant/edit', { id: t2.id, code: 9 }), { status: 400, message: '租户编号创建后不能修改' });
      expectEnvelope(await put('/sys/tenant/edit', { id: t2.id, endDate: '2024-01-01 00:00:00' }), { status: 400, message: '结束时间不能早于开始时间' });
      expectEnvelope(await post('/sys/tenant/add', { code: 5, name: 'x' }, applicant), { status: 403 });
    });

    it('queryList and getCurrentUserTenant answer effective tenants only', async () => {
      expect(expectOk(await get('/sys/tenant/queryList?ids=1,2')).map((t: any) => t.name)).toEqual(['默认租户', '华东赛区']);
      const t2 = await tenant(2);
      expectOk(await put('/sys/tenant/edit', { id: t2.id, status: 0 }), '编辑成功!');
      expect(expectOk(await get('/sys/tenant/queryList?ids=1,2')).map((t: any) => t.code)).toEqual([1]);
      expectEnvelope(await get('/sys/tenant/queryList?ids=1,x'), { status: 400, message: 'ids 需为逗号分隔的租户编号' });
      await s.db.updateTable('sysUser').set({ relTenantIds: '1,2' }).where('username', '=', 'applicant').execute();
      expect(expectOk(await get('/sys/tenant/getCurrentUserTenant', applicant)).list.map((t: any) => t.code)).toEqual([1]);
      expect(expectOk(await get('/sys/tenant/getCurrentUserTenant')).list).toEqual([]);
    });

    it('a tenant users still belong to cannot be deleted', async () => {
      const t1 = await tenant(1), t2 = await tenant(2);
      expectEnvelope(await del(`/sys/tenant/delete?id=${t2.id}`), { status: 400, message: '租户「华东赛区」仍有1个用户关联，不能删除' });
      await s.db.updateTable('sysUser').set({ relTenantIds: '1' }).where('username', '=', 'applicant').execute();
      expectOk(await del(`/sys/tenant/delete?id=${t2.id}`), '删除成功!');
      expectEnvelope(await del(`/sys/tenant/delete?id=${t1.id}`), { status: 400, message: '租户「默认租户」仍有1个用户关联，不能删除' });
      expect(await tenant(1)).toBeDefined();
    });
  });

  describe('data sources /sys/dataSource', () => {
    const base = { code: 'contest_pg', name: '赛事库', dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:1/contest', dbUsername: 'reader', dbPassword: 'S3cret!pw' };
    const stored = async (code: string) => s.db.selectFrom('sys_data_source' as any).selectAll().where('code', '=', code).executeTakeFirstOrThrow() as Promise<any>;

    it('stores the password but never returns it', async () => {
      expectOk(await post('/sys/dataSource/add', base), '添加成功！');
      const row = (await records('/sys/dataSource/list?code=contest_pg'))[0];
      expect(row).toMatchObject({ code: 'contest_pg', name: '赛事库', dbType_dictText: 'PostgreSQL', dbDriver: 'org.postgresql.Driver', dbUsername: 'reader' });
      expect(row).not.toHaveProperty('dbPassword');
      const byId = expectOk(await get(`/sys/dataSource/queryById?id=${row.id}`));
      expect(byId).not.toHaveProperty('dbPassword');
      expect(JSON.stringify(byId)).not.toContain('S3cret');
      expect((await stored('contest_pg')).dbPassword).toBe('S3cret!pw');
      // an edit without a password keeps the stored one
      expectOk(await put('/sys/dataSource/edit', { ...row, dbPassword: '', name: '赛事只读库' }), '编辑成功!');
      expect(await stored('contest_pg')).toMatchObject({ dbPassword: 'S3cret!pw', name: '赛事只读库' });
      expectOk(await put('/sys/dataSource/edit', { id: row.id, dbPassword: 'N3w' }), '编辑成功!');
      expect((await stored('contest_pg')).dbPassword).toBe('N3w');
      expect(expectOk(await get('/sys/dataSource/options'))).toEqual([{ value: 'contest_pg', label: '赛事只读库', text: '赛事只读库' }]);
      const sheet = await get('/sys/dataSource/exportXls');
      expect(sheet.status).toBe(200);
      expect(sheet.text).not.toContain('N3w');
    });

    it('validates code, type and JDBC address', async () => {
      expectEnvelope(await post('/sys/dataSource/add', { ...base, code: 'a b' }), { status: 400, message: '数据源编码只能包含字母、数字、下划线和短横线' });
      expectEnvelope(await post('/sys/dataSource/add', { ...base, code: 'x1', dbType: '42' }), { status: 400, message: '数据库类型的值不正确: 42' });
      expectEnvelope(await post('/sys/dataSource/add', { ...base, code: 'x1', dbUrl: 'postgres://h/db' }), { status: 400, message: '数据源地址应为 JDBC 格式，如 jdbc:postgresql://127.0.0.1:5432/db' });
      expectRefused(await post('/sys/dataSource/add', base), '数据库中已存在该记录');
    });

    it('testConnection reports a refused connection without internals', async () => {
      const res = await post('/sys/dataSource/testConnection', base);
      expectRefused(res, /^数据库连接失败：.*ECONNREFUSED/);
      expect(res.body.message).not.toMatch(/\n|at .*\.js/);
      expectRefused(await post('/sys/dataSource/testConnection', { ...base, dbType: '1', dbUrl: 'jdbc:mysql://127.0.0.1:3306/x' }),
        '数据库连接失败：目前仅支持测试 PostgreSQL 数据源（jdbc:postgresql://主机:端口/库名）');
      expectEnvelope(await post('/sys/dataSource/testConnection', {}), { status: 400, message: '数据源地址不能为空' });
      expectEnvelope(await s.api('POST', '/sys/dataSource/testConnection', { token: admin }), { status: 400, message: '请求体需要一个JSON对象' });
      expectEnvelope(await post('/sys/dataSource/testConnection', { dbUrl: 5 }), { status: 400, message: '参数 dbUrl 格式不正确' });
      expectRefused(await post('/sys/dataSource/testConnection', { id: 'nope' }), '未找到对应数据');
      expectEnvelope(await post('/sys/dataSource/testConnection', base, applicant), { status: 403 });
    });

    it.runIf(BACKEND === 'postgres')('testConnection connects to a reachable PostgreSQL, with a saved password by id', async () => {
      const pg = new URL(PG_ADMIN_URL);
      const dbUrl = `jdbc:postgresql://${pg.hostname}:${pg.port || 5432}${pg.pathname}`;
      expectOk(await post('/sys/dataSource/testConnection', { dbType: '6', dbUrl, dbUsername: decodeURIComponent(pg.username), dbPassword: decodeURIComponent(pg.password) }), '数据库连接成功');
      expectOk(await post('/sys/dataSource/add', { code: 'test_pg', name: '测试库', dbType: '6', dbUrl, dbUsername: decodeURIComponent(pg.username), dbPassword: decodeURIComponent(pg.password) }), '添加成功！');
      const row = (await records('/sys/dataSource/list?code=test_pg'))[0];
      expectOk(await post('/sys/dataSource/testConnection', { id: row.id }), '数据库连接成功');
      expectRefused(await post('/sys/dataSource/testConnection', { id: row.id, dbUrl: `jdbc:postgresql://${pg.hostname}:${pg.port || 5432}/no_such_db_here` }), /^数据库连接失败：.*no_such_db_here/);
    });
  });

  describe('gateway routes /sys/gatewayRoute', () => {
    const route = { routerId: 'contest-api', name: '赛事接口', uri: 'lb://contest-service', predicates: '[{"name":"Path","args":["/contest/**"]}]' };

    it('stores valid JSON definitions with defaults', async () => {
      expectOk(await post('/sys/gatewayRoute/add', route), '添加成功！');
      const row = (await records('/sys/gatewayRoute/list?routerId=contest-api'))[0];
      expect(row).toMatchObject({ ...route, filters: '[]', retryable: 0, stripPrefix: 0, persistable: 0, status: 1, status_dictText: '有效' });
    });

    it('refuses definitions that are not JSON arrays of {name, args}', async () => {
      const add = (patch: Record<string, unknown>) => post('/sys/gatewayRoute/add', { ...route, routerId: 'r2', ...patch });
      expectEnvelope(await add({ predicates: 'Path=/api/**' }), { status: 400, message: '路由断言不是合法的JSON' });
      expectEnvelope(await add({ predicates: '{"name":"Path"}' }), { status: 400, message: '路由断言必须是JSON数组，如 [{"name":"Path","args":["/api/**"]}]' });
      expectEnvelope(await add({ predicates: '[{"args":["/a"]}]' }), { status: 400, message: '路由断言第1项缺少 name' });
      expectEnvelope(await add({ filters: '[{"name":"StripPrefix","args":{"parts":"1"}}, 5]' }), { status: 400, message: '过滤器第2项必须是对象' });
      expectEnvelope(await add({ filters: '[{"name":"X","args":"1"}]' }), { status: 400, message: '过滤器第1项的 args 必须是对象或数组' });
      expectEnvelope(await add({ uri: 'ftp://files' }), { status: 400, message: '路由URI应以 lb://、http(s):// 或 ws(s):// 开头' });
      expectEnvelope(await add({ retryable: 2 }), { status: 400, message: '是否重试的值不正确: 2' });
      const row = (await records('/sys/gatewayRoute/list?routerId=contest-api'))[0];
      expectEnvelope(await put('/sys/gatewayRoute/edit', { id: row.id, filters: '[' }), { status: 400, message: '过滤器不是合法的JSON' });
      expectOk(await put('/sys/gatewayRoute/edit', { id: row.id, filters: '[{"name":"StripPrefix","args":{"parts":"1"}}]' }), '编辑成功!');
      expect((await records('/sys/gatewayRoute/list?routerId=contest-api'))[0].filters).toBe('[{"name":"StripPrefix","args":{"parts":"1"}}]');
      expect((await records('/sys/gatewayRoute/list')).length).toBe(1);
    });
  });

  describe('scheduled jobs /sys/quartzJob', () => {
    const job = async (cls: string) => (await records(`/sys/quartzJob/list?jobClassName=${cls}`))[0];

    it('lists the seeded job and validates cron expressions', async () => {
      expect(await job('org.jeecg.modules.quartz.job.SampleJob')).toMatchObject({ cronExpression: '0/30 * * * * ?', status: -1, status_dictText: '停止' });
      const add = (patch: Record<string, unknown>) => post('/sys/quartzJob/add', { jobClassName: 'org.jeecg.modules.quartz.job.PurgeExpiredJob', cronExpression: '0 0/5 * * * ?', ...patch });
      expectEnvelope(await add({ cronExpression: '0 0 * * *' }), { status: 400, message: 'Cron表达式应有6或7个字段（秒 分 时 日 月 周 [年]），当前为5个' });
      expectEnvelope(await add({ cronExpression: '0 0 25 * * ?' }), { status: 400, message: 'Cron表达式的时字段取值应在 0-23 之间：25' });
      expectEnvelope(await add({ cronExpression: '0 0 1 * * MON' }), { status: 400, message: 'Cron表达式的日和周字段必须有且只有一个为 ?' });
      expectEnvelope(await add({ jobClassName: 'not a class' }), { status: 400, message: '任务类名应为完整的类名，如 org.jeecg.modules.quartz.job.SampleJob' });
      expectEnvelope(await add({ status: 1 }), { status: 400, message: '状态的值不正确: 1' });
      expectOk(await add({ parameter: 'daily' }), '添加成功！');
      expect(await job('org.jeecg.modules.quartz.job.PurgeExpiredJob')).toMatchObject({ status: 0, status_dictText: '正常', parameter: 'daily' });
      const row = await job('org.jeecg.modules.quartz.job.PurgeExpiredJob');
      expectEnvelope(await put('/sys/quartzJob/edit', { id: row.id, cronExpression: '0 0 12 ? * 8' }), { status: 400, message: 'Cron表达式的周字段取值应在 1-7 之间：8' });
      expectOk(await put('/sys/quartzJob/edit', { id: row.id, cronExpression: '0 0 12 ? * MON-FRI' }), '编辑成功!');
    });

    it('pause and resume change the recorded state', async () => {
      const row = await job('org.jeecg.modules.quartz.job.PurgeExpiredJob');
      expectOk(await get(`/sys/quartzJob/pause?id=${row.id}`), '停止定时任务成功');
      expect((await job('org.jeecg.modules.quartz.job.PurgeExpiredJob')).status).toBe(-1);
      expectOk(await get(`/sys/quartzJob/resume?id=${row.id}`), '启动定时任务成功');
      expect((await job('org.jeecg.modules.quartz.job.PurgeExpiredJob')).status).toBe(0);
      expectRefused(await get('/sys/quartzJob/pause?id=nope'), '未找到对应数据');
      expectEnvelope(await get('/sys/quartzJob/resume'), { status: 400, message: '缺少参数 id' });
      expectEnvelope(await get(`/sys/quartzJob/pause?id=${row.id}`, applicant), { status: 403, message: '没有权限，请联系管理员授权' });
      expect((await job('org.jeecg.modules.quartz.job.PurgeExpiredJob')).status).toBe(0);
    });
  });

  describe('logs /sys/log', () => {
    it('shows the login log, newest first, with dictionary text', async () => {
      await s.api.post('/sys/login', { username: 'reviewer', password: 'wrong-password' });
      const logs = await records('/sys/log/list?logType=1&pageSize=20');
      expect(logs[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志', logContent: '用户名: reviewer,登录失败', ip: '127.0.0.1' });
      const success = logs.filter((l: any) => l.logContent.endsWith('登录成功！')).map((l: any) => l.username);
      expect(success.slice(0, 2)).toEqual(['applicant', 'admin']);
      const mine = await records(`/sys/log/list?logContent=${encodeURIComponent('*admin,登录成功*')}`);
      expect(mine.length).toBe(1);
      expect(mine[0]).toMatchObject({ username: 'admin', createBy: 'admin' });
      expect(mine[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(await records('/sys/log/list?logType=2')).toEqual([]);
    });

    it('logs are never written through the page; deleting needs system:log:delete', async () => {
      expectEnvelope(await post('/sys/log/add', { logType: 1, logContent: '伪造' }), { status: 403 });
      const [first] = await records('/sys/log/list?logType=1');
      expectEnvelope(await del(`/sys/log/delete?id=${first.id}`, applicant), { status: 403 });
      expectOk(await del(`/sys/log/delete?id=${first.id}`), '删除成功!');
      expect((await records('/sys/log/list?logType=1'))[0].id).not.toBe(first.id);
    });
  });
});
