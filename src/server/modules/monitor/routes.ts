import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import os from 'node:os';
import { notFound, ok } from '../../http/result.js';
import { actuatorMetrics, readMetric } from './actuator-metrics.js';
import { MONITOR_DASHBOARD, MONITOR_PAGES, requireMonitorPage } from './access.js';
import { directoryUse, filesystems } from './disk.js';
import { backupStatus } from '../backup/status.js';
import { RedisProbe } from './redis.js';
import { RuntimeMonitor } from './runtime.js';
import { systemInfo } from './system.js';
import { routeOf } from '../../http/request-log.js';
import { RequestTrace, redactedPath, type TraceEntry } from './trace.js';

interface TraceQuery { method?: string; status?: string; path?: string; user?: string; minMs?: number; limit?: number }

const traceQuery = {
  type: 'object',
  properties: {
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] },
    status: { type: 'string', pattern: '^([1-5]xx|[1-5][0-9][0-9])$' },
    path: { type: 'string', maxLength: 200 },
    user: { type: 'string', maxLength: 100 },
    minMs: { type: 'number', minimum: 0, maximum: 3_600_000 },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
} as const;

function matches(e: TraceEntry, q: TraceQuery): boolean {
  if (q.method && e.method !== q.method) return false;
  if (q.status && !(q.status.endsWith('xx') ? String(e.status)[0] === q.status[0] : String(e.status) === q.status)) return false;
  if (q.path && !e.path.includes(q.path)) return false;
  if (q.user && e.user !== q.user) return false;
  if (q.minMs != null && e.durationMs < q.minMs) return false;
  return true;
}

const connections = (req: FastifyRequest) => new Promise<number>((resolve) => {
  req.server.server.getConnections((err, n) => resolve(err ? -1 : n));
});

/**
 * 系统监控 (issue 15): figures of this process and its database for the six monitor pages, and the
 * JeecgBoot actuator-style routes its Vue client calls (contract §12). Every API request is recorded
 * in the trace ring, from the app's one onResponse hook; its onRequest hook is registered without
 * encapsulation (fastify-plugin) so that it sees the whole API, not only these routes.
 */
async function monitor(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const trace = new RequestTrace(1000);
  const runtime = new RuntimeMonitor();
  const redis = ctx.config.redisUrl ? new RedisProbe(ctx.config.redisUrl) : null;
  app.addHook('onClose', async () => { runtime.close(); await redis?.close(); });

  // A request leaves the in-flight count once, whether it is answered or its client goes away.
  const inFlight = new WeakSet<FastifyRequest>();
  const done = (req: FastifyRequest) => { if (inFlight.delete(req)) trace.inFlight--; };
  // The API's requests: this hook is the API scope's, the answer is noted from the app's one onResponse hook (http/on-response.ts).
  const ofApi = new WeakSet<FastifyRequest>();
  // A callback hook: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (req, _reply, next) => {
    ofApi.add(req);
    inFlight.add(req);
    trace.inFlight++;
    trace.peakInFlight = Math.max(trace.peakInFlight, trace.inFlight);
    next();
  });
  app.addHook('onRequestAbort', (req, next) => { done(req); next(); });
  app.responseListeners.push((req, reply) => {
    if (!ofApi.has(req)) return;
    done(req);
    trace.record({
      time: Date.now(), method: req.method, path: redactedPath(req.url), route: routeOf(req),
      status: reply.statusCode, durationMs: Math.round(reply.elapsedTime * 100) / 100, user: req.user?.username ?? null, ip: req.ip,
    });
  });

  app.get<{ Querystring: TraceQuery }>('/sys/monitor/trace', { config: { access: { menu: MONITOR_PAGES.trace } }, schema: { querystring: traceQuery } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.trace);
    const all = trace.entries();
    const records = all.filter((e) => matches(e, req.query)).slice(0, req.query.limit ?? 1000);
    return ok({ capacity: trace.capacity, kept: all.length, records });
  });

  app.get('/sys/monitor/http', { config: { access: { menu: MONITOR_PAGES.http } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.http);
    return ok({ ...trace.summary(), connections: await connections(req), liveSockets: ctx.live.hub.size, uptimeSeconds: Math.round(process.uptime()) });
  });

  app.get('/sys/monitor/runtime', { config: { access: { menu: MONITOR_PAGES.runtime } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.runtime);
    return ok(runtime.figures());
  });

  app.get('/sys/monitor/disk', { config: { access: { menu: MONITOR_PAGES.disk } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.disk);
    return ok({ filesystems: await filesystems(), dataDir: await directoryUse(ctx.config.dataDir) });
  });

  app.get('/sys/monitor/system', { config: { access: { menu: MONITOR_PAGES.system } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.system);
    return ok(await systemInfo(ctx));
  });

  /** The last backup (npm run backup, BackupJob) on any instance: its time and size, stale after two days. */
  app.get('/sys/monitor/backup', { config: { access: { menu: MONITOR_PAGES.system } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.system);
    return ok(await backupStatus(ctx));
  });

  const redisFigures = async () => {
    if (!redis) return { configured: false as const };
    try {
      return { ...(await redis.info()), reachable: true };
    } catch (err) {
      return { configured: true as const, reachable: false, message: `Redis 连接失败：${(err as Error).message}` };
    }
  };
  app.get('/sys/monitor/redis', { config: { access: { menu: MONITOR_PAGES.redis } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.redis);
    return ok(await redisFigures());
  });

  /** The monitor dashboard (监控看板): a few figures of each page, for whoever holds the dashboard or any of the pages. */
  app.get('/sys/monitor/summary', { config: { access: { menu: [MONITOR_DASHBOARD, ...Object.values(MONITOR_PAGES)] } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_DASHBOARD, ...Object.values(MONITOR_PAGES));
    const http = trace.summary();
    const rt = runtime.figures();
    const sys = await systemInfo(ctx);
    const r = await redisFigures();
    return ok({
      http: { total: http.total, perSecond: http.perSecond, statusMix: http.statusMix, lastMinute: http.lastMinute, connections: await connections(req) },
      runtime: { uptimeSeconds: rt.uptimeSeconds, memory: rt.memory, eventLoopDelay: rt.eventLoopDelay, cpuPercent: rt.cpuPercent, history: rt.history },
      system: { loadAverage: sys.cpu.loadAverage, cpuCount: sys.cpu.count, memory: sys.memory, database: sys.database },
      disk: await filesystems(),
      redis: 'dbSize' in r ? { configured: true, reachable: true, dbSize: r.dbSize, usedMemory: r.usedMemory } : r,
    });
  });

  // JeecgBoot's actuator-style routes (contract §12), same figures in its shapes.
  app.get('/actuator/httptrace', { config: { access: { menu: MONITOR_PAGES.trace } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.trace);
    return {
      traces: trace.entries().map((e) => ({
        timestamp: new Date(e.time).toISOString(), principal: e.user ? { name: e.user } : null, session: null,
        request: { method: e.method, uri: e.path, headers: {}, remoteAddress: e.ip }, response: { status: e.status, headers: {} }, timeTaken: Math.round(e.durationMs),
      })),
    };
  });
  // Bytes written to HTTP connections: those closed, plus those still open.
  let closedBytes = 0;
  const open = new Set<import('node:net').Socket>();
  app.server.on('connection', (socket: import('node:net').Socket) => {
    open.add(socket);
    socket.once('close', () => { closedBytes += socket.bytesWritten; open.delete(socket); });
  });
  const countSessions = async (where: (q: any) => any) => Number((await where(ctx.db.selectFrom('sysSession').select((eb) => eb.fn.countAll<number>().as('n'))).executeTakeFirstOrThrow()).n); // eslint-disable-line @typescript-eslint/no-explicit-any
  const metrics = actuatorMetrics({
    runtime, trace,
    liveSessions: () => countSessions((q) => q.where('expiresAt', '>', Date.now())),
    sessionFigures: async (since) => ({
      live: await countSessions((q) => q.where('expiresAt', '>', Date.now())),
      expired: await countSessions((q) => q.where('expiresAt', '<=', Date.now())),
      createdSince: await countSessions((q) => q.where('createdAt', '>=', since)),
    }),
    bytesSent: () => [...open].reduce((n, s) => n + s.bytesWritten, closedBytes),
  });
  app.get<{ Params: { name: string } }>('/actuator/metrics/:name', {
    config: { access: { menu: [MONITOR_PAGES.runtime, MONITOR_PAGES.http, MONITOR_PAGES.system] } },
    schema: { params: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z0-9.]{1,64}$' } } } },
  }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.runtime, MONITOR_PAGES.http, MONITOR_PAGES.system);
    const metric = await readMetric(req.params.name, metrics);
    if (!metric) throw notFound(`未知的指标：${req.params.name}`);
    return metric;
  });
  app.get('/sys/actuator/redis/info', { config: { access: { menu: MONITOR_PAGES.redis } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.redis);
    const r = await redisFigures();
    return ok('items' in r ? r.items.map(({ key, value, description }) => ({ key, value, description })) : []);
  });
  app.get('/sys/actuator/redis/keysSize', { config: { access: { menu: MONITOR_PAGES.redis } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.redis);
    const r = await redisFigures();
    return { dbSize: 'dbSize' in r ? r.dbSize : 0, create_time: Date.now() };
  });
  app.get('/sys/actuator/redis/memoryInfo', { config: { access: { menu: MONITOR_PAGES.redis } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.redis);
    const r = await redisFigures();
    return { used_memory: 'usedMemory' in r ? r.usedMemory : 0, create_time: Date.now() };
  });
  app.get('/sys/actuator/redis/queryDiskInfo', { config: { access: { menu: MONITOR_PAGES.disk } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.disk);
    return ok((await filesystems()).map((f) => ({ name: f.mount, max: f.size, rest: f.free, restPPT: Math.round(f.usage * 10) })));
  });
  app.get('/sys/actuator/memory/info', { config: { access: { menu: [MONITOR_PAGES.runtime, MONITOR_PAGES.system] } } }, async (req) => {
    await requireMonitorPage(req, MONITOR_PAGES.runtime, MONITOR_PAGES.system);
    const m = process.memoryUsage();
    const total = os.totalmem();
    const free = os.freemem();
    const pct = (a: number, b: number) => Math.round((a / b) * 10000) / 100;
    return ok({
      'memory.runtime.total': m.heapTotal, 'memory.runtime.used': m.heapUsed, 'memory.runtime.max': m.rss, 'memory.runtime.free': m.heapTotal - m.heapUsed,
      'memory.runtime.usage': pct(m.heapUsed, m.heapTotal),
      'memory.physical.total': total, 'memory.physical.used': total - free, 'memory.physical.free': free, 'memory.physical.usage': pct(total - free, total),
    });
  });
}

export const monitorRoutes = fp(monitor, { name: 'monitor' });
