import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Who a route is for, declared beside the route (`config.access`) and read by the authorization
 * matrix test: 'public' (no token), 'login' (any signed-in account but the guest), 'admin' (the
 * administrator role), or a button code the caller's roles must hold.
 */
export type RouteAccess = 'public' | 'login' | 'admin' | { permission: string };

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
  schema?: RouteOptions['schema'];
  config?: RouteOptions['config'];
}

/** Records every route declared after this call (Fastify keeps no public list of route options). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: InventoryRoute[] = [];
  app.decorate('routeInventory', routes);
  app.addHook('onRoute', (r) => {
    // HEAD is Fastify's own twin of each GET: no route declares one.
    for (const method of [r.method].flat().filter((m) => m !== 'HEAD')) {
      routes.push({ method, url: r.url, schema: r.schema, config: r.config });
    }
  });
}
