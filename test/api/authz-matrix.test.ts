import type { FastifyRequest, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGrants, type Grants } from '../../src/server/auth/grants.js';
import { mayRead } from '../../src/server/crud/read-access.js';
import { buildDocument, openApiPath } from '../../src/server/openapi/document.js';
import type { RouteAccess } from '../../src/server/openapi/inventory.js';
import type { PageAccess } from '../../src/server/openapi/page-doc.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 16's authorization matrix, generated from the server's own route inventory: every route and
 * method, called by an anonymous caller, an applicant, an expert, a reviewer and an administrator,
 * against the access each route declares beside itself (`config.access`, or for the engine's page
 * routes the page schema's permissions: see the document's `x-access`). By-id routes of the pages
 * are tried with rows another account created.
 */
const ROLES = ['applicant', 'expert', 'reviewer', 'admin'] as const;
type Caller = 'anonymous' | (typeof ROLES)[number];
/** Routes never called: they end the caller's own session (still declared, still documented). */
const SESSION_ENDERS = /\/(logout|sessions\/end|sessions\/endOthers)$/;
const NONE = 'zz-none';

type Outcome = 'allowed' | 'refused' | 'input';
/** 401/403 refuse; other 4xx refuse the input before anything is read or written; 5xx never passes. */
const outcomeOf = (status: number): Outcome => (status === 401 || status === 403 ? 'refused' : status >= 400 ? 'input' : 'allowed');

describe(`authorization matrix over every route [${BACKEND}]`, () => {
  let s: TestServer;
  const tokens = new Map<Caller, string>();
  const grants = new Map<Caller, Grants>();
  const userIds = new Map<Caller, string>();
  let doc: any;
  /** One row per page, created by someone (the seed): the id every non-administrator's by-id call names. */
  const foreignRow = new Map<string, { id: string; createBy: string | null }>();

  beforeAll(async () => {
    s = await startServer();
    for (const role of ROLES) {
      tokens.set(role, await s.login(role));
      const user = await (s.db as any).selectFrom('sys_user').select('id').where('username', '=', role).executeTakeFirstOrThrow();
      userIds.set(role, user.id);
      grants.set(role, await userGrants(s.db, user.id));
    }
    doc = await buildDocument(s.app);
    const db = s.db as any;
    for (const schema of s.app.ctx.schemas.schemas) {
      const row = await db.selectFrom(schema.table).select(['id', 'createBy']).orderBy('createTime', 'asc').orderBy('id').limit(1).executeTakeFirst().catch(() => undefined);
      if (row) foreignRow.set(schema.api, { id: String(row.id), createBy: row.createBy ?? null });
    }
  });
  afterAll(async () => { await s?.close(); });

  const apiBase = () => s.app.ctx.config.apiBase;
  const operationOf = (method: string, url: string) => doc.paths[openApiPath(url.slice(apiBase().length))]?.[method.toLowerCase()];

  /** What a caller may do under a declaration: true, false, or undefined when the addressed data decides. */
  async function expected(caller: Caller, access: RouteAccess | PageAccess): Promise<boolean | undefined> {
    if (access === 'public') return true;
    if (caller === 'anonymous') return false;
    const g = grants.get(caller)!;
    const req = { user: { id: userIds.get(caller) } } as unknown as FastifyRequest;
    const readsPage = (code: string) => {
      const schema = s.app.ctx.schemas.get(code) ?? s.app.ctx.schemas.table(code);
      if (!schema) throw new Error(`access names an unknown page: ${code}`);
      return mayRead(s.db, s.app.ctx.schemas, req, schema);
    };
    if (access === 'login') return true;
    if (access === 'admin') return g.admin;
    if (access === 'record') return undefined;
    if ('action' in access) {
      if (access.permission) return access.permission.some((c) => g.buttons.has(c));
      // A page module's own read scope (announcements: their recipients) may open a page to non-readers.
      return (await readsPage(access.page)) ? true : undefined;
    }
    if ('permission' in access) return [access.permission].flat().some((c) => g.buttons.has(c));
    if ('page' in access) {
      for (const code of [access.page].flat()) if (await readsPage(code)) return true;
      return false;
    }
    return g.admin || [access.menu].flat().some((c) => g.menus.has(c));
  }

  /** The cheapest request that reaches the route's check: foreign or absent ids, empty bodies, no heavy export. */
  function requestFor(caller: Caller, method: string, url: string): InjectOptions {
    const page = [...foreignRow.keys()].filter((api) => url.startsWith(`${apiBase()}${api}/`)).sort((a, b) => b.length - a.length)[0];
    const row = page ? foreignRow.get(page) : undefined;
    // An administrator may really delete or edit: it is handed ids that exist nowhere.
    const id = row && caller !== 'admin' && row.createBy !== caller ? row.id : NONE;
    const path = url.replace(/:(\w+)/g, NONE).replace(/\*$/, 'list');
    const query = `id=${id}&ids=${id}&selections=${NONE}&pageSize=1`;
    const headers: Record<string, string> = tokens.has(caller) ? { 'x-access-token': tokens.get(caller)! } : {};
    const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
    return { method: method as any, url: `${path}?${query}`, headers, ...(withBody ? { payload: { id } } : {}) };
  }

  /** Whether requestFor hands the caller another account's row on this route. */
  const namesForeignRow = (caller: Caller, url: string) => {
    const page = [...foreignRow.keys()].filter((api) => url.startsWith(`${apiBase()}${api}/`)).sort((a, b) => b.length - a.length)[0];
    const row = page ? foreignRow.get(page) : undefined;
    return !!row && caller !== 'admin' && row.createBy !== caller;
  };

  const apiRoutes = () => s.app.routeInventory.filter((r) => r.url.startsWith(`${apiBase()}/`) && ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method));

  it('every route declares who may call it', () => {
    expect(apiRoutes().length).toBeGreaterThan(500);
    const undeclared = apiRoutes().filter((r) => !operationOf(r.method, r.url)?.['x-access']).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes without config.access (declare who may call them beside the route)').toEqual([]);
  });

  it('every caller meets each route\'s declaration', async () => {
    const routes = apiRoutes().filter((r) => operationOf(r.method, r.url)?.['x-access']);

    const wrong: string[] = [];
    const counts = { calls: 0, allowed: 0, refused: 0, input: 0 };
    for (const caller of ['anonymous', ...ROLES] as Caller[]) {
      for (const r of routes) {
        if (SESSION_ENDERS.test(r.url) && caller !== 'anonymous') continue;
        const access = operationOf(r.method, r.url)['x-access'] as RouteAccess | PageAccess;
        const res = await s.app.inject(requestFor(caller, r.method, r.url));
        counts.calls++;
        const got = outcomeOf(res.statusCode);
        counts[got]++;
        // A write naming another account's row is decided by that row (the page's write reach), not only by the button.
        const byRow = typeof access === 'object' && 'action' in access && ['edit', 'delete'].includes((access as any).action) && namesForeignRow(caller, r.url);
        const want = byRow ? undefined : await expected(caller, access);
        const cell = `${caller} ${r.method} ${r.url} (${JSON.stringify(access)}): ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500) wrong.push(`server error — ${cell}`);
        else if (want === true && got === 'refused') wrong.push(`refused but declared open — ${cell}`);
        else if (want === false && got === 'allowed') wrong.push(`allowed but declared closed — ${cell}`);
      }
    }
    expect(wrong).toEqual([]);
    // The matrix means something only if both sides of it were reached.
    expect(counts.allowed).toBeGreaterThan(500);
    expect(counts.refused).toBeGreaterThan(500);
  }, 120_000);

  it('rows of another account survive the other roles\' by-id deletes and edits', async () => {
    // The matrix above sent every non-administrator's DELETE and edit to these rows; only a role
    // holding the page's delete button may have removed them.
    const db = s.db as any;
    const lost: string[] = [];
    for (const schema of s.app.ctx.schemas.schemas) {
      const row = foreignRow.get(schema.api);
      if (!row) continue;
      const still = await db.selectFrom(schema.table).select('id').where('id', '=', row.id).executeTakeFirst();
      if (still) continue;
      const op = operationOf('DELETE', `${apiBase()}${schema.api}/delete`);
      const mayDelete = op && await Promise.all(ROLES.filter((r) => r !== 'admin' && r !== row.createBy).map((r) => expected(r, op['x-access'])));
      if (!mayDelete?.some((x: boolean | undefined) => x !== false)) lost.push(`${schema.code} ${row.id} (created by ${row.createBy})`);
    }
    expect(lost).toEqual([]);
  });
});
