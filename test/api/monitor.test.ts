import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectOk } from '../helpers/envelope.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe(`系统监控 and dashboards [${BACKEND}]`, () => {
  let s: TestServer;
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    s = await startServer();
    admin = await s.login('admin');
    reviewer = await s.login('reviewer');
  });
  afterAll(async () => { await s?.close(); });

  it('the request trace keeps method, path, status, duration and user, never a secret query value', async () => {
    await s.api.get('/sys/user/list?pageNo=1&token=SECRET-TOKEN-1&password=hunter2x', { token: admin });
    await s.api.get('/sys/no/such/route', { token: admin });
    const t = expectOk(await s.api.get('/sys/monitor/trace?path=/sys/user/list', { token: admin }));
    expect(t.capacity).toBe(1000);
    const e = t.records.find((r: any) => r.path.includes('pageNo=1'));
    expect(e).toMatchObject({ method: 'GET', status: 200, user: 'admin', route: '/jeecg-boot/sys/user/list' });
    expect(e.durationMs).toBeGreaterThan(0);
    expect(JSON.stringify(t)).not.toMatch(/SECRET-TOKEN-1|hunter2x/);
    expect(e.path).toContain('token=***');
    const notFound = expectOk(await s.api.get('/sys/monitor/trace?status=4xx', { token: admin }));
    expect(notFound.records.some((r: any) => r.path === '/jeecg-boot/sys/no/such/route' && r.status === 404)).toBe(true);
    expect(notFound.records.every((r: any) => r.status >= 400 && r.status < 500)).toBe(true);
    // the login itself (before any token) was seen by the hook registered ahead of it
    const logins = expectOk(await s.api.get('/sys/monitor/trace?method=POST&path=/sys/login', { token: admin }));
    expect(logins.records.length).toBeGreaterThanOrEqual(2);
    expectEnvelope(await s.api.get('/sys/monitor/trace?status=abc', { token: admin }), { status: 400, success: false });
    // JeecgBoot's Vue monitor pages read Spring's metric bodies
    const used = (await s.api.get('/actuator/metrics/jvm.memory.used', { token: admin })).body;
    expect(used).toMatchObject({ name: 'jvm.memory.used', baseUnit: 'bytes', measurements: [{ statistic: 'VALUE', value: expect.any(Number) }] });
    expect(used.measurements[0].value).toBeGreaterThan(1e6);
    const requests = (await s.api.get('/actuator/metrics/tomcat.global.request', { token: admin })).body;
    expect(requests.measurements.find((m: any) => m.statistic === 'COUNT').value).toBeGreaterThanOrEqual(4);
    expectEnvelope(await s.api.get('/actuator/metrics/jvm.no.such.metric', { token: admin }), { status: 404, success: false });
    const jeecg = (await s.api.get('/actuator/httptrace', { token: admin })).body;
    expect(jeecg.traces[0]).toMatchObject({ request: { method: expect.any(String), uri: expect.any(String) }, response: { status: expect.any(Number) } });
  });

  it('the HTTP, runtime, disk and system pages answer figures of this process and database', async () => {
    const http = expectOk(await s.api.get('/sys/monitor/http', { token: admin }));
    expect(http.total).toBeGreaterThanOrEqual(5);
    expect(http.statusMix['4xx']).toBeGreaterThanOrEqual(1);
    expect(http.lastMinute).toHaveLength(60);
    expect(http.connections).toBeGreaterThanOrEqual(1);
    expect(http.slowest[0]).toHaveProperty('maxMs');
    const rt = expectOk(await s.api.get('/sys/monitor/runtime', { token: admin }));
    expect(rt.memory.heapUsedMb).toBeGreaterThan(1);
    expect(rt.memory.rssMb).toBeGreaterThan(rt.memory.heapUsedMb);
    expect(rt.versions.node).toBe(process.versions.node);
    expect(rt.history.length).toBeGreaterThanOrEqual(1);
    const disk = expectOk(await s.api.get('/sys/monitor/disk', { token: admin }));
    expect(disk.filesystems.length).toBeGreaterThanOrEqual(1);
    expect(disk.filesystems[0].size).toBeGreaterThan(disk.filesystems[0].free);
    if (BACKEND === 'sqlite') expect(disk.dataDir.bytes).toBeGreaterThan(0);
    const sys = expectOk(await s.api.get('/sys/monitor/system', { token: admin }));
    expect(sys.database.kind).toBe(BACKEND === 'sqlite' ? 'SQLite' : 'PostgreSQL');
    expect(sys.database.sizeBytes).toBeGreaterThan(0);
    expect(sys.database.tables).toBeGreaterThan(20);
    expect(sys.schemas).toBeGreaterThan(20);
    expect(sys.cpu.count).toBeGreaterThanOrEqual(1);
    const redis = expectOk(await s.api.get('/sys/monitor/redis', { token: admin }));
    expect(redis).toEqual({ configured: false }); // the test servers run without REDIS_URL: the page says 未配置
  });

  it('only administrators (or holders of the page) reach the monitor', async () => {
    for (const p of ['/sys/monitor/trace', '/sys/monitor/runtime', '/sys/monitor/summary', '/actuator/httptrace', '/sys/actuator/redis/info']) {
      expectEnvelope(await s.api.get(p, { token: reviewer }), { status: 403, success: false });
    }
    expect((await s.api.get('/sys/monitor/system')).status).toBe(401);
  });

  it('首页 figures equal the projects in the database, and a reviewer counts only what their list shows', async () => {
    const rows = await s.db.selectFrom('pmsProject' as any).select(['state', 'track', 'submitTime'] as any).execute() as any[];
    const a = expectOk(await s.api.get('/sys/dashboard/analysis', { token: admin }));
    const submitted = rows.filter((r) => r.state !== 'draft');
    expect(a.totals.declared).toBe(rows.length);
    expect(a.totals.submitted).toBe(submitted.length);
    expect(a.totals.passed).toBe(rows.filter((r) => r.state === 'passed').length);
    expect(a.perDay).toHaveLength(30);
    expect(a.byTrack.reduce((n: number, t: any) => n + t.count, 0)).toBe(submitted.length);
    expect(a.byTrack.find((t: any) => t.track === 'it')?.label).toBe('信息技术');
    expect(a.audit.pending).toBe(rows.filter((r) => r.state === 'submitted').length);
    expect(a.scoring.sheets).toBeGreaterThan(0);
    const r = expectOk(await s.api.get('/sys/dashboard/analysis', { token: reviewer }));
    expect(r.totals.declared).toBe(submitted.length); // the reviewer's rows exclude drafts
    expectEnvelope(await s.api.get('/sys/dashboard/task', { token: reviewer }), { status: 403, success: false });
  });

  it('the task and chart dashboards count real rows', async () => {
    const tasks = await s.db.selectFrom('pmsTask' as any).select(['state'] as any).execute() as any[];
    const t = expectOk(await s.api.get('/sys/dashboard/task', { token: admin }));
    expect(t.total).toBe(tasks.length);
    expect(t.byAssignee.reduce((n: number, a: any) => n + a.total, 0)).toBe(tasks.length);
    const c = expectOk(await s.api.get('/sys/dashboard/chart', { token: admin }));
    expect(c.projectsByStateTrack.reduce((n: number, x: any) => n + x.count, 0)).toBeGreaterThan(0);
    expect(c.loginsPerMonth.reduce((n: number, x: any) => n + x.count, 0)).toBeGreaterThanOrEqual(2);
    const m = expectOk(await s.api.get('/sys/monitor/summary', { token: admin }));
    expect(m.system.database.kind).toBeTruthy();
    expect(m.http.total).toBeGreaterThan(0);
  });
});
