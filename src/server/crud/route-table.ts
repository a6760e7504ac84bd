import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.js';
import type { CrudHooks } from './hooks.js';
import type { CrudRegistrar } from './registrar.js';
import { crudRoutes } from './routes.js';
import type { PageSchema } from '../../schema/types.js';

export type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;
/** One route of the table, as declared: for the route inventory (the API document, the authorization matrix). */
export interface TableRoute { method: string; path: string; handler: Handler }
interface PatternRoute extends TableRoute { pattern: RegExp; keys: string[] }

/**
 * The generic CRUD of page schemas, as a table of handlers that wildcard routes dispatch to
 * (crud-dispatch.ts; online forms through their own routes). The engine's CRUD (crudRoutes) declares
 * its routes on it (registrar.ts): the same handlers, validation, hooks and permissions. Fastify
 * compiles its router at every start, ~0.15 ms a route, and the CRUD is ~500 routes; this table is
 * built in a few ms and answers a path with one Map lookup.
 */
export class RouteTable {
  private readonly exact = new Map<string, TableRoute>();
  private readonly patterns: PatternRoute[] = [];
  readonly routes: TableRoute[] = [];

  constructor(readonly ctx: AppContext) {}

  /** The schema's CRUD handlers, built by the engine exactly as for a built-in schema. */
  static async of(ctx: AppContext, schema: PageSchema, hooks?: CrudHooks): Promise<RouteTable> {
    return new RouteTable(ctx).add(schema, hooks);
  }

  /** Adds a schema's CRUD; a path declared twice is refused, as Fastify would. */
  async add(schema: PageSchema, hooks?: CrudHooks): Promise<this> {
    await crudRoutes(schema, hooks)(this.registrar());
    return this;
  }

  private registrar(): CrudRegistrar {
    const add = (method: string) => (path: string, declared: unknown) => {
      const handler = declared as Handler;
      const route = { method, path, handler };
      if (path.includes(':')) {
        const keys: string[] = [];
        const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, (_, k: string) => { keys.push(k); return '([^/]+)'; });
        this.patterns.push({ ...route, pattern: new RegExp(`^${source}$`), keys });
      } else {
        const key = `${method} ${path}`;
        if (this.exact.has(key)) throw new Error(`route declared twice: ${key}`);
        this.exact.set(key, route);
      }
      this.routes.push(route);
    };
    return { ctx: this.ctx, get: add('GET'), post: add('POST'), put: add('PUT'), delete: add('DELETE') };
  }

  /** The route for a method and path (one trailing slash ignored), with its path parameters, or undefined. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string>; route: string } | undefined {
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const exact = this.exact.get(`${method} ${path}`);
    if (exact) return { handler: exact.handler, params: {}, route: exact.path };
    for (const r of this.patterns) {
      if (r.method !== method) continue;
      const m = r.pattern.exec(path);
      if (!m) continue;
      try {
        return { handler: r.handler, params: Object.fromEntries(r.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])), route: r.path };
      } catch {
        return undefined; // a malformed escape names no route
      }
    }
    return undefined;
  }
}
