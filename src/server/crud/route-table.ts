import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.js';
import type { CrudHooks } from './hooks.js';
import { crudRoutes } from './routes.js';
import type { PageSchema } from '../../schema/types.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;
interface Route { method: string; pattern: RegExp; keys: string[]; handler: Handler }

/**
 * The generic CRUD of a schema that arrives after the server started (an online form, once synced).
 * Fastify takes no routes once listening, so the engine's own route plugin (crudRoutes) registers
 * into this table instead, and one wildcard route dispatches here: the same handlers, the same
 * validation, hooks and permissions as a schema file gets.
 */
export class RouteTable {
  private routes: Route[] = [];

  private constructor(readonly ctx: AppContext) {}

  /** The schema's CRUD handlers, built by the engine exactly as for a built-in schema. */
  static async of(ctx: AppContext, schema: PageSchema, hooks?: CrudHooks): Promise<RouteTable> {
    const table = new RouteTable(ctx);
    await crudRoutes(schema, hooks)(table.registrar() as unknown as FastifyInstance);
    return table;
  }

  private registrar() {
    const add = (method: string) => (path: string, ...rest: unknown[]) => {
      const handler = rest[rest.length - 1] as Handler;
      const keys: string[] = [];
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, (_, k: string) => { keys.push(k); return '([^/]+)'; });
      this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, handler });
    };
    return { ctx: this.ctx, get: add('GET'), post: add('POST'), put: add('PUT'), delete: add('DELETE') };
  }

  /** The handler for a method and path, with its path parameters, or undefined. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | undefined {
    for (const r of this.routes) {
      if (r.method !== method) continue;
      const m = r.pattern.exec(path);
      if (m) return { handler: r.handler, params: Object.fromEntries(r.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])) };
    }
    return undefined;
  }
}
