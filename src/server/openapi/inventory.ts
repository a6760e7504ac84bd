import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who a route is for, declared beside the route (`config.access`) and read by the authorization
 * matrix test (test/api/authz-matrix.test.ts):
 * - 'public': no token needed; 'login': any signed-in account (the guest only where `config.guest`);
 * - 'admin': the administrator role;
 * - { permission }: holders of the button code (any of them, given several);
 * - { page }: who may read the page schema's rows (crud/read-access.ts mayRead), by code or table;
 * - { menu }: holders of the menu entry (its component), and the administrator role;
 * - 'record': any signed-in account reaches the handler, and the addressed record decides (an
 *   online form's or report's own permissions, a fill rule's pages).
 */
export type RouteAccess = 'public' | 'login' | 'admin' | 'record'
  | { permission: string | string[] } | { page: string | string[] } | { menu: string | string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route as declared (method, url, schema, config), in registration order. */
    routeInventory: InventoryRoute[];
  }
}

export interface InventoryRoute {
  method: string;
  url: string;
  /** A WebSocket route (@fastify/swagger leaves these out). */
  websocket: boolean;
  /** What the handler's own text reads of the request: what its schema ought to declare. */
  reads: { query: boolean; body: boolean };
  schema?: RouteOptions['schema'];
  config?: RouteOptions['config'];
  /** Served through a page's wildcard route from the CRUD table (crud/crud-dispatch.ts), not by Fastify's router directly. */
  dispatched?: boolean;
}

/** A route as the inventory keeps it; `reads` from the handler's own text. */
export function inventoryEntry(method: string, url: string, handler: unknown, more: Partial<Pick<InventoryRoute, 'schema' | 'config' | 'websocket' | 'dispatched'>> = {}): InventoryRoute {
  const text = String(handler);
  return {
    method, url, schema: more.schema, config: more.config, websocket: !!more.websocket, ...(more.dispatched && { dispatched: true }),
    reads: { query: /\breq(uest)?\.query\b/.test(text), body: /\breq(uest)?\.body\b/.test(text) },
  };
}

/**
 * Records every route declared after this call (Fastify keeps no public list of route options).
 * A dispatcher is left out: the routes it serves are recorded by whoever builds its table.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: InventoryRoute[] = [];
  app.decorate('routeInventory', routes);
  app.addHook('onRoute', (r) => {
    if (r.config?.dispatch) return;
    // HEAD is Fastify's own twin of each GET: no route declares one.
    for (const method of [r.method].flat().filter((m) => m !== 'HEAD')) {
      routes.push(inventoryEntry(method, r.url, r.handler, { schema: r.schema, config: r.config, websocket: !!(r as { websocket?: boolean }).websocket }));
    }
  });
}
