import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { roleCodes } from '../crud/row-rules.js';
import { UNRESTRICTED_ROLE } from '../../schema/row-rules.js';
import { ClientError } from './result.js';
import { routeOf } from './request-log.js';

/**
 * What Prometheus scrapes: the process (memory, CPU, event-loop lag, handles: prom-client's
 * defaults) and the requests by route pattern and status. One registry per app, so two apps in one
 * process (the tests) count apart.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly errors: Counter<'method' | 'route'>;
  private readonly duration: Histogram<'method' | 'route'>;

  constructor(instance?: string) {
    if (instance) this.registry.setDefaultLabels({ instance_name: instance });
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route pattern and status', labelNames: ['method', 'route', 'status'], registers });
    this.errors = new Counter({ name: 'http_request_errors_total', help: 'Requests answered with a 5xx status', labelNames: ['method', 'route'], registers });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its reply',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
  }

  /** Counts every reply of `app`, from its one onResponse hook (on-response.ts). */
  observe(app: FastifyInstance): void {
    app.responseListeners.push((req, reply) => {
      const route = routeOf(req);
      const status = String(reply.statusCode);
      this.requests.inc({ method: req.method, route, status });
      if (reply.statusCode >= 500) this.errors.inc({ method: req.method, route });
      this.duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** GET {apiBase}/metrics: the same text, to a signed-in administrator only. */
export function metricsRoute(metrics: AppMetrics) {
  return async (api: FastifyInstance) => {
    api.get('/metrics', { config: { access: 'admin' } }, async (req, reply) => {
      if (!(await roleCodes(api.ctx.db, req)).includes(UNRESTRICTED_ROLE)) throw new ClientError(403, '只有管理员可以查看运行指标');
      return reply.type(metrics.registry.contentType).send(await metrics.text());
    });
  };
}

/** METRICS_PORT: a listener of its own answering /metrics without a token (keep the port off the public network). */
export async function listenMetrics(metrics: AppMetrics, port: number, host: string): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_req, reply) => reply.type(metrics.registry.contentType).send(await metrics.text()));
  await server.listen({ port, host });
  return server;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}
