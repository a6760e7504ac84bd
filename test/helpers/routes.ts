import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route of a ready Fastify instance, read from `printRoutes({commonPrefix:false})` (Fastify
 * has no public route list). Each tree line is `<indent>├── <segment> (<METHODS>)`; a segment is
 * relative to its parent line, four columns per level.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const out: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = url;
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim()).filter(Boolean)) out.push({ method, url });
  }
  return out;
}
