import os from 'node:os';
import v8 from 'node:v8';
import type { RuntimeMonitor } from './runtime.js';
import type { RequestTrace } from './trace.js';

/** Spring Boot's actuator metric body (contract §12): the Vue client reads `measurements[i].value`. */
export interface ActuatorMetric {
  name: string;
  description: string;
  baseUnit: string | null;
  measurements: { statistic: string; value: number }[];
  availableTags: { tag: string; values: string[] }[];
}

/** The session store's figures: live sessions, those past their expiry not yet purged, those created since this process started. */
export interface SessionFigures { live: number; expired: number; createdSince: number }

interface Sources {
  runtime: RuntimeMonitor; trace: RequestTrace; liveSessions: () => Promise<number>;
  /** Sessions by state; `createdSince` counts those created at or after the given time (ms). */
  sessionFigures?: (since: number) => Promise<SessionFigures>;
  /** Bytes this process has written to its HTTP connections. */
  bytesSent?: () => number;
}

type Reading = [description: string, baseUnit: string | null, measurements: Record<string, number>];

/**
 * The JVM, system and Tomcat metric names JeecgBoot's monitor pages ask for, answered with this
 * Node process's nearest equivalents (heap for JVM memory, libuv's thread pool for threads, the
 * request figures for Tomcat's); a name with no equivalent in Node is not listed (404).
 */
export function actuatorMetrics({ runtime, trace, liveSessions, sessionFigures, bytesSent }: Sources): Record<string, () => Promise<Reading> | Reading> {
  const mem = () => process.memoryUsage();
  const heap = () => v8.getHeapStatistics();
  const gc = () => runtime.figures().gc.reduce((a, g) => ({ count: a.count + g.count, totalMs: a.totalMs + g.totalMs, maxMs: Math.max(a.maxMs, g.maxMs) }), { count: 0, totalMs: 0, maxMs: 0 });
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4) + 1;
  const http = () => trace.summary();
  const started = Math.floor(Date.now() - process.uptime() * 1000);
  // Tomcat's maximum is the most sessions it saw at once; here the most seen at any reading of either figure.
  let peakSessions = 0;
  const live = async () => { const n = await liveSessions(); peakSessions = Math.max(peakSessions, n); return n; };
  const sessions = () => (sessionFigures ? sessionFigures(started) : live().then((n) => ({ live: n, expired: 0, createdSince: 0 })));
  return {
    'jvm.memory.max': () => ['堆内存上限', 'bytes', { VALUE: heap().heap_size_limit }],
    'jvm.memory.committed': () => ['已分配的堆内存', 'bytes', { VALUE: mem().heapTotal }],
    'jvm.memory.used': () => ['已用堆内存', 'bytes', { VALUE: mem().heapUsed }],
    'jvm.buffer.memory.used': () => ['ArrayBuffer 占用', 'bytes', { VALUE: mem().arrayBuffers }],
    'jvm.buffer.count': () => ['活动资源数', null, { VALUE: process.getActiveResourcesInfo().length }],
    'jvm.threads.live': () => ['线程数（主线程与 libuv 线程池）', 'threads', { VALUE: threads }],
    'jvm.threads.daemon': () => ['后台线程数（libuv 线程池）', 'threads', { VALUE: threads - 1 }],
    'jvm.threads.peak': () => ['线程数峰值', 'threads', { VALUE: threads }],
    'jvm.gc.memory.allocated': () => ['堆总大小', 'bytes', { COUNT: heap().total_heap_size }],
    'jvm.gc.memory.promoted': () => ['老生代已用', 'bytes', { COUNT: mem().heapUsed - (v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_used_size ?? 0) }],
    'jvm.gc.max.data.size': () => ['堆内存上限', 'bytes', { VALUE: heap().heap_size_limit }],
    'jvm.gc.live.data.size': () => ['垃圾回收后存活的数据', 'bytes', { VALUE: heap().used_heap_size }],
    'jvm.gc.pause': () => { const g = gc(); return ['垃圾回收停顿', 'seconds', { COUNT: g.count, TOTAL_TIME: g.totalMs / 1000, MAX: g.maxMs / 1000 }]; },
    'system.cpu.count': () => ['CPU 核数', null, { VALUE: os.cpus().length }],
    'system.cpu.usage': () => ['系统 CPU 使用率（1 分钟负载 / 核数）', null, { VALUE: Math.min(1, os.loadavg()[0] / os.cpus().length) }],
    'process.start.time': () => ['进程启动时间', 'seconds', { VALUE: (Date.now() / 1000) - process.uptime() }],
    'process.uptime': () => ['进程运行时长', 'seconds', { VALUE: process.uptime() }],
    'process.cpu.usage': () => ['进程 CPU 使用率', null, { VALUE: runtime.figures().cpuPercent / 100 }],
    // Node.js loads no Java classes: both counts are truly 0 (modules are not classes).
    'jvm.classes.loaded': () => ['已加载的类（Node.js 无 Java 类，恒为 0）', 'classes', { VALUE: 0 }],
    'jvm.classes.unloaded': () => ['已卸载的类（Node.js 无 Java 类，恒为 0）', 'classes', { COUNT: 0 }],
    'tomcat.sessions.active.current': async () => ['当前有效会话', 'sessions', { VALUE: await live() }],
    'tomcat.sessions.active.max': async () => { await live(); return ['有效会话峰值（本次启动以来各次读取中的最大值）', 'sessions', { VALUE: peakSessions }]; },
    'tomcat.sessions.created': async () => ['本次启动以来登录创建的会话（已清理的不计）', 'sessions', { COUNT: (await sessions()).createdSince }],
    'tomcat.sessions.expired': async () => ['已过期、尚未清理的会话', 'sessions', { COUNT: (await sessions()).expired }],
    'tomcat.sessions.rejected': () => ['因会话数上限被拒绝的会话（不设上限，恒为 0）', 'sessions', { COUNT: 0 }],
    'tomcat.sessions.alive.max': () => ['会话最长有效期（7 天）', 'seconds', { VALUE: 7 * 86_400 }],
    'tomcat.global.sent': () => ['本次启动以来发送的字节数', 'bytes', { COUNT: bytesSent?.() ?? 0 }],
    'tomcat.servlet.request': () => { const h = http(); return ['请求总数与总耗时', 'seconds', { COUNT: h.total, TOTAL_TIME: h.totalMs / 1000 }]; },
    'tomcat.servlet.request.max': () => ['最慢请求', 'seconds', { VALUE: http().maxMs / 1000 }],
    'tomcat.global.request': () => { const h = http(); return ['请求总数与总耗时', 'seconds', { COUNT: h.total, TOTAL_TIME: h.totalMs / 1000 }]; },
    'tomcat.global.request.max': () => ['最慢请求', 'seconds', { VALUE: http().maxMs / 1000 }],
    'tomcat.threads.current': () => ['处理中的请求', 'threads', { VALUE: http().inFlight }],
    'tomcat.threads.config.max': () => ['线程数（Node.js 单线程事件循环）', 'threads', { VALUE: 1 }],
  };
}

export async function readMetric(name: string, table: ReturnType<typeof actuatorMetrics>): Promise<ActuatorMetric | null> {
  const read = table[name];
  if (!read) return null;
  const [description, baseUnit, values] = await read();
  return { name, description, baseUnit, measurements: Object.entries(values).map(([statistic, value]) => ({ statistic, value })), availableTags: [] };
}
