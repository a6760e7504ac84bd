import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/** The methods the API answers (a route declared for every method lists TRACE, CONNECT…, which fetch cannot send). */
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Every route of the server as declared (its route inventory, openapi/inventory.ts): Fastify's own
 * routes and the CRUD routes its pages' wildcards dispatch (crud/crud-dispatch.ts), without the
 * HEAD twins Fastify adds, in the methods the API answers.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeInventory.filter((r) => METHODS.has(r.method)).map(({ method, url }) => ({ method, url }));
}
