import { monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import { round } from './trace.js';

const MB = 1024 * 1024;
const ms = (ns: number) => round(ns / 1e6);
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

/** One sample of the history the runtime page charts. */
export interface RuntimeSample {
  time: number;
  heapUsedMb: number;
  rssMb: number;
  loopDelayP99Ms: number;
  cpuPercent: number;
}

/**
 * What this Node process is doing (the JVM信息 page's counterpart): memory, event-loop delay,
 * garbage collections and a rolling history sampled every few seconds while the server runs.
 */
export class RuntimeMonitor {
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private readonly gcObserver: PerformanceObserver;
  private readonly gc = new Map<string, { count: number; totalMs: number; maxMs: number }>();
  private readonly timer: NodeJS.Timeout;
  private lastCpu = process.cpuUsage();
  private lastCpuAt = process.hrtime.bigint();
  readonly history: RuntimeSample[] = [];

  constructor(sampleMs = 5000, private readonly keep = 120) {
    this.loop.enable();
    this.gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const kind = GC_KINDS[(e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
        const g = this.gc.get(kind) ?? { count: 0, totalMs: 0, maxMs: 0 };
        g.count++;
        g.totalMs += e.duration;
        g.maxMs = Math.max(g.maxMs, e.duration);
        this.gc.set(kind, g);
      }
    });
    this.gcObserver.observe({ entryTypes: ['gc'] });
    this.sample();
    this.timer = setInterval(() => this.sample(), sampleMs);
    this.timer.unref();
  }

  /** CPU used by this process since the previous call, in percent of one core. */
  private cpuPercent(): number {
    const now = process.hrtime.bigint();
    const used = process.cpuUsage(this.lastCpu);
    const elapsedUs = Number(now - this.lastCpuAt) / 1000;
    this.lastCpu = process.cpuUsage();
    this.lastCpuAt = now;
    return elapsedUs > 0 ? round(((used.user + used.system) / elapsedUs) * 100, 1) : 0;
  }

  private sample(): void {
    const mem = process.memoryUsage();
    this.history.push({
      time: Date.now(), heapUsedMb: round(mem.heapUsed / MB), rssMb: round(mem.rss / MB),
      loopDelayP99Ms: ms(this.loop.percentile(99)), cpuPercent: this.cpuPercent(),
    });
    if (this.history.length > this.keep) this.history.shift();
    this.loop.reset();
  }

  figures() {
    const mem = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const last = this.history[this.history.length - 1];
    return {
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      startTime: Date.now() - Math.round(process.uptime() * 1000),
      versions: { node: process.versions.node, v8: process.versions.v8, uv: process.versions.uv, openssl: process.versions.openssl, modules: process.versions.modules },
      memory: {
        rssMb: round(mem.rss / MB), heapTotalMb: round(mem.heapTotal / MB), heapUsedMb: round(mem.heapUsed / MB),
        heapLimitMb: round(heap.heap_size_limit / MB), externalMb: round(mem.external / MB), arrayBuffersMb: round(mem.arrayBuffers / MB),
      },
      // The histogram is reset at each sample: these cover the time since the last one.
      eventLoopDelay: {
        minMs: ms(this.loop.min), meanMs: ms(this.loop.mean || 0), p50Ms: ms(this.loop.percentile(50)),
        p99Ms: ms(this.loop.percentile(99)), maxMs: ms(this.loop.max),
      },
      cpuPercent: last?.cpuPercent ?? 0,
      gc: [...this.gc].map(([kind, g]) => ({ kind, count: g.count, totalMs: round(g.totalMs), maxMs: round(g.maxMs) })),
      activeResources: process.getActiveResourcesInfo().length,
      history: this.history,
    };
  }

  close(): void {
    clearInterval(this.timer);
    this.loop.disable();
    this.gcObserver.disconnect();
  }
}
