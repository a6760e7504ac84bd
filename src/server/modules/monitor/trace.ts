import { redactUrl } from '../../http/log-redact.js';

/** One request as 请求追踪 keeps it: never its body, headers, token or the values of secret-looking query parameters. */
export interface TraceEntry {
  time: number;
  method: string;
  /** Path with the query string, secret-looking values replaced by ***. */
  path: string;
  /** The route pattern that answered (`/sys/user/list`), or `unmatched` for an unknown path. */
  route: string;
  status: number;
  durationMs: number;
  user: string | null;
  ip: string;
}

/** The path of a URL with the values of secret query parameters hidden, by the server log's rule. */
export function redactedPath(url: string): string {
  return redactUrl(url).replace(/\?$/, '');
}

interface RouteFigures { count: number; totalMs: number; maxMs: number; errors: number }

const PER_SECOND_SLOTS = 60;

/**
 * The last `capacity` requests (a ring), and running figures since start: requests per second over
 * the last minute, the status mix, and per route its count, mean and slowest duration.
 */
export class RequestTrace {
  private readonly ring: (TraceEntry | undefined)[];
  private next = 0;
  private total = 0;
  private totalMs = 0;
  private maxMs = 0;
  private readonly statusMix = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  private readonly routes = new Map<string, RouteFigures>();
  /** Counts per wall-clock second, indexed by second modulo the slot count. */
  private readonly perSecond = new Array<number>(PER_SECOND_SLOTS).fill(0);
  private readonly slotSecond = new Array<number>(PER_SECOND_SLOTS).fill(0);
  inFlight = 0;
  peakInFlight = 0;

  constructor(readonly capacity = 1000) {
    this.ring = new Array(capacity);
  }

  record(e: TraceEntry): void {
    this.ring[this.next] = e;
    this.next = (this.next + 1) % this.capacity;
    this.total++;
    this.totalMs += e.durationMs;
    this.maxMs = Math.max(this.maxMs, e.durationMs);
    const cls = `${Math.min(5, Math.max(2, Math.floor(e.status / 100)))}xx` as keyof typeof this.statusMix;
    this.statusMix[cls]++;
    const key = `${e.method} ${e.route ?? '(未匹配的路径)'}`;
    const r = this.routes.get(key) ?? { count: 0, totalMs: 0, maxMs: 0, errors: 0 };
    r.count++;
    r.totalMs += e.durationMs;
    r.maxMs = Math.max(r.maxMs, e.durationMs);
    if (e.status >= 500) r.errors++;
    this.routes.set(key, r);
    const sec = Math.floor(e.time / 1000);
    const slot = sec % PER_SECOND_SLOTS;
    if (this.slotSecond[slot] !== sec) { this.slotSecond[slot] = sec; this.perSecond[slot] = 0; }
    this.perSecond[slot]++;
  }

  /** Newest first. */
  entries(): TraceEntry[] {
    const out: TraceEntry[] = [];
    for (let i = 1; i <= this.capacity; i++) {
      const e = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (!e) break;
      out.push(e);
    }
    return out;
  }

  /** Requests in each of the last 60 whole seconds, oldest first. */
  lastMinute(now = Date.now()): { second: number; count: number }[] {
    const current = Math.floor(now / 1000);
    const out: { second: number; count: number }[] = [];
    for (let s = current - PER_SECOND_SLOTS; s < current; s++) {
      const slot = s % PER_SECOND_SLOTS;
      out.push({ second: s * 1000, count: this.slotSecond[slot] === s ? this.perSecond[slot] : 0 });
    }
    return out;
  }

  summary(now = Date.now()) {
    const minute = this.lastMinute(now);
    const inMinute = minute.reduce((n, s) => n + s.count, 0);
    const routes = [...this.routes].map(([route, r]) => ({ route, count: r.count, meanMs: round(r.totalMs / r.count), maxMs: round(r.maxMs), errors: r.errors }));
    return {
      total: this.total,
      totalMs: round(this.totalMs),
      maxMs: round(this.maxMs),
      inFlight: this.inFlight,
      peakInFlight: this.peakInFlight,
      perSecond: round(inMinute / PER_SECOND_SLOTS),
      lastMinute: minute,
      statusMix: { ...this.statusMix },
      slowest: routes.sort((a, b) => b.maxMs - a.maxMs).slice(0, 10),
      busiest: [...routes].sort((a, b) => b.count - a.count).slice(0, 10),
    };
  }
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
