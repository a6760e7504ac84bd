import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { admit } from '../auth/guard.js';
import { runIdempotent } from '../http/idempotency.js';
import { inventoryEntry } from '../openapi/inventory.js';
import type { PageSchema } from '../../schema/types.js';
import type { CrudHooks } from './hooks.js';
import { RouteTable } from './route-table.js';

/** The methods of the generic CRUD; any other method under the API goes straight to the 404 handler. */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * The path under the API prefix, percent-escapes decoded as Fastify's router decodes a path before
 * matching its static routes (`%6Cist` is `list`; a reserved character such as `%2F` stays escaped).
 * The router has refused malformed escapes before a handler runs.
 */
function pathOf(url: string, prefix: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).slice(prefix.length);
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The generic CRUD of the schema files, served from one RouteTable behind one wildcard route per
 * page (`<api>/*`, in the API scope `app`, under its prefix). Fastify prefers static and parametric
 * routes to a wildcard, so a module's own route is never reached through here;
 * test/api/crud-dispatch.test.ts checks that no module route hides a CRUD path. Each route joins
 * the route inventory as if Fastify had it, and is admitted like any other route: a signed-in
 * account, not the guest.
 */
export async function serveSchemaCrud(app: FastifyInstance, schemas: readonly PageSchema[], hooksOf: (schema: PageSchema) => CrudHooks | undefined): Promise<void> {
  const table = new RouteTable(app.ctx);
  for (const schema of schemas) await table.add(schema, hooksOf(schema));
  const prefix = app.prefix;
  for (const r of table.routes) app.routeInventory.push(inventoryEntry(r.method, prefix + r.path, r.handler, { dispatched: true }));

  const dispatch = async (req: FastifyRequest, reply: FastifyReply) => {
    const match = table.match(req.method, pathOf(req.url, prefix));
    if (!match) {
      req.dispatchedRoute = 'unmatched';
      return reply.callNotFound();
    }
    req.dispatchedRoute = prefix + match.route;
    const refusal = await admit(app, req, {});
    if (refusal) return reply.status(refusal.status).send(refusal.body);
    (req as { params: unknown }).params = match.params;
    // A write sent with an Idempotency-Key runs once (http/idempotency.ts), once its user is known.
    return runIdempotent(app.ctx, req, reply, prefix + match.route, () => match.handler(req, reply));
  };
  for (const base of new Set(schemas.map((s) => s.api))) app.route({ method: METHODS, url: `${base}/*`, config: { dispatch: true }, handler: dispatch });
}
