/* eslint-disable @typescript-eslint/no-explicit-any */
import ExcelJS from 'exceljs';
import type { FastifyRequest, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGrants, type Grants } from '../../src/server/auth/grants.js';
import { accessOf } from '../../src/server/crud/access.js';
import { writeWorkbook } from '../../src/server/crud/excel-write.js';
import type { Row } from '../../src/server/crud/hooks.js';
import { mayRead } from '../../src/server/crud/read-access.js';
import { ClientError } from '../../src/server/http/result.js';
import { newId } from '../../src/server/util/ids.js';
import { formatDateTime } from '../../src/server/util/time.js';
import { columnFields } from '../../src/schema/ddl.js';
import { actionPermission, mainsOf, type CrudAction } from '../../src/schema/permission.js';
import { REACHES, UNRESTRICTED_ROLE, type Reach } from '../../src/schema/row-rules.js';
import type { PageSchema } from '../../src/schema/types.js';
import { transitionPermission, workflowFields } from '../../src/schema/workflow.js';
import { sampleRow } from '../helpers/sample-row.js';
import { BACKEND, startServer, type TestServer } from '../helpers/server.js';
import { addUserWithRole } from '../helpers/users.js';

/**
 * Issue 36's proof, generated from the schema inventory: every page with row rules or a workflow, or
 * hanging from a main page that has either, and every engine action served for it (read from the
 * route inventory, so a new action without a case here fails). Each action is called on a fresh row
 * as its owner, as another user of the same role, and on a row (or main row) in a locked state; the
 * answer must be the one the page's access decision gives (access.ts: reach, lock, main rows) with the
 * action's button, and a refused call must leave the owner's rows, and their sub rows, as they were.
 */
const DATA_LOG = 'data log';
const FILE_DOWNLOAD = 'file download';

type Scenario = 'owner' | 'other' | 'locked';
interface User { username: string; id: string; orgCode: string | null; token: string; grants: Grants; row: Row }
interface Case { page: PageSchema; scenario: Scenario; caller: User; owner: User; rowId: string; mainId?: string }

describe(`the access decision, proved on every page and action [${BACKEND}]`, () => {
  let s: TestServer;
  const db = () => s.db as any;
  const users = new Map<string, User>();
  let n = 0;

  const userOf = async (username: string, token: string): Promise<User> => {
    const row = await db().selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    return { username, id: row.id, orgCode: row.orgCode ?? null, token, grants: await userGrants(s.db, row.id), row };
  };

  beforeAll(async () => {
    s = await startServer();
    const admin = await s.login('admin');
    for (const role of ['admin', 'applicant', 'expert', 'reviewer']) {
      users.set(role, await userOf(role, await s.login(role)));
      users.set(`${role}:other`, await userOf(`${role}_b`, await addUserWithRole(s, admin, `${role}_b`, `${role}乙`, role)));
    }
  }, 60_000);
  afterAll(async () => { await s?.close(); });

  const schemas = () => s.app.ctx.schemas.schemas;
  const governed = (p: PageSchema): boolean => !!(p.rowRules?.length || p.workflow || mainsOf(p, schemas()).some(governed));
  const mainLink = (p: PageSchema) => mainsOf(p, schemas()).map((m) => ({ main: m, fk: m.subTables!.find((t) => t.code === p.code)!.foreignKey }))[0];
  /** The page whose rules bind its rows: its own, or its main's. */
  const ruled = (p: PageSchema): PageSchema => (p.rowRules?.length ? p : mainLink(p) ? ruled(mainLink(p)!.main) : p);

  /** The role the cases play: one the rules bind to its own rows where there is one. */
  const roleFor = (p: PageSchema): string => {
    const rules = ruled(p).rowRules ?? [];
    const known = rules.filter((r) => users.has(r.role));
    return (known.find((r) => r.own || r.field || r.via || r.department) ?? known[0])?.role ?? UNRESTRICTED_ROLE;
  };

  /** A state the role's rules reach, editable unless `locked`; undefined when the page has no such state. */
  const stateFor = (p: PageSchema, role: string, locked: boolean): string | undefined => {
    const wf = p.workflow;
    if (!wf) return undefined;
    const all = [...new Set([wf.initial, ...wf.transitions.flatMap((t) => [...t.from, t.to])])];
    const reached = (p.rowRules ?? []).filter((r) => r.role === role && r.states).flatMap((r) => r.states!);
    const candidates = reached.length ? all.filter((x) => reached.includes(x)) : all;
    if (!locked) return candidates.find((x) => !wf.editable || wf.editable.includes(x)) ?? candidates[0];
    return wf.editable ? candidates.find((x) => !wf.editable!.includes(x)) : undefined;
  };

  /** Inserts a row of `p` as `owner` would have it, bound to them by the role's rules; its sub rows too. */
  async function insertRow(p: PageSchema, owner: User, role: string, state: string | undefined, fixed: Row = {}): Promise<string> {
    const cols = new Map(columnFields(p).map((f) => [f.name, f]));
    const row: Row = { ...(await sampleRow(s, p, ++n)), id: newId(), createBy: owner.username, createTime: formatDateTime(), sysOrgCode: owner.orgCode, ...fixed };
    const bound = new Set(['createBy', ...Object.keys(fixed)]);
    for (const r of (p.rowRules ?? []).filter((x) => x.role === role)) if (r.field) { row[r.field] = owner.username; bound.add(r.field); }
    if (p.workflow) row[p.workflow.field] = state ?? p.workflow.initial;
    // unique columns get values of their own, so rows made for different cases never collide
    const uniques = [...(p.indexes ?? []).filter((i) => i.unique).map((i) => i.columns), ...[...cols.values()].filter((f) => f.unique).map((f) => [f.name])];
    for (const group of uniques) {
      const free = group.find((c) => !bound.has(c));
      const f = free ? cols.get(free) : undefined;
      if (!f) continue;
      if (f.type === 'date') row[f.name] = `20${10 + (n % 80)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;
      else if (['string', 'text'].includes(f.type)) row[f.name] = `u${n}${newId().slice(0, 8)}`.slice(0, f.length ?? 32);
    }
    await db().insertInto(p.table).values(Object.fromEntries(Object.entries(row).filter(([k]) => cols.has(k)))).execute();
    for (const r of (p.rowRules ?? []).filter((x) => x.role === role && x.via)) {
      const via = s.app.ctx.schemas.table(r.via!.table)!;
      await insertRow(via, owner, role, undefined, { [r.via!.row]: row.id, [r.via!.user]: owner.username });
    }
    for (const t of p.subTables ?? []) await insertRow(s.app.ctx.schemas.get(t.code)!, owner, role, undefined, { [t.foreignKey]: row.id });
    return String(row.id);
  }

  /** The rows a case may not change: the row, its sub rows and its main row, as stored. */
  async function snapshot(c: Case): Promise<string> {
    const parts: unknown[] = [await db().selectFrom(c.page.table).selectAll().where('id', '=', c.rowId).executeTakeFirst()];
    for (const t of c.page.subTables ?? []) {
      parts.push(await db().selectFrom(s.app.ctx.schemas.get(t.code)!.table).selectAll().where(t.foreignKey, '=', c.rowId).orderBy('id').execute());
    }
    const link = mainLink(c.page);
    if (link && c.mainId) {
      parts.push(await db().selectFrom(link.main.table).selectAll().where('id', '=', c.mainId).executeTakeFirst());
      parts.push(await db().selectFrom(c.page.table).selectAll().where(link.fk, '=', c.mainId).orderBy('id').execute());
    }
    return JSON.stringify(parts);
  }

  // ---- the decision, asked of the page's own access object for a request of the caller ----
  const fakeReq = (u: User) => ({ user: u.row, server: s.app, headers: {} }) as unknown as FastifyRequest;
  const refusal = async <T>(fn: () => Promise<T>): Promise<T | false> => {
    try { return await fn(); } catch (e) { if (e instanceof ClientError) return false; throw e; }
  };
  const reaches = async (c: Case, reach: Reach, page = c.page, id = c.rowId) => {
    const scope = await refusal(() => accessOf(s.app.ctx, page.code)!.rows(fakeReq(c.caller), reach));
    if (scope === false) return false;
    let q = db().selectFrom(page.table).select('id').where('id', '=', id);
    if (scope) q = q.where(scope);
    return !!(await q.executeTakeFirst());
  };
  const hookCtx = (u: User) => ({ db: db(), user: u.row, req: fakeReq(u), ctx: s.app.ctx }) as any;
  const changeable = async (c: Case) => (await refusal(() => accessOf(s.app.ctx, c.page.code)!.requireChangeable(hookCtx(c.caller), [c.rowId], '修改'))) !== false;
  const mainsTake = async (c: Case, values: Row) => (await refusal(() => accessOf(s.app.ctx, c.page.code)!.requireMains(hookCtx(c.caller), [values]))) !== false;
  const holds = (u: User, code: string | undefined) => !!code && u.grants.buttons.has(code);
  const may = (c: Case, action: CrudAction) => holds(c.caller, actionPermission(c.page, action, schemas()));

  // ---- calling the server ----
  const call = (c: Case, method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) =>
    s.app.inject({ method: method as InjectOptions['method'], url: `${s.app.ctx.config.apiBase}${path}`, headers: { 'x-access-token': c.caller.token, ...headers }, ...(payload !== undefined ? { payload: payload as any } : {}) });
  const bodyOf = (res: { body: string }) => { try { return JSON.parse(res.body); } catch { return {}; } };
  const succeeded = (res: { statusCode: number; body: string }) => res.statusCode === 200 && bodyOf(res).success !== false;
  /** Refused for reach or lock: what an allowed call must never answer. */
  const refusedByDecision = (res: { statusCode: number; body: string }) => [403, 404, 409].includes(res.statusCode) || bodyOf(res).message === '未找到对应数据';

  /** A text column any form may change: the edit cases' change. */
  const editable = (p: PageSchema) => {
    const flow = workflowFields(p);
    const fk = mainLink(p)?.fk;
    return p.fields.find((f) => f.type === 'string' && f.form !== false && !f.readonly && !f.virtual && !f.sensitive && !f.dict && !f.pattern && !f.unique && !f.view?.match(/file|image|user|depart|sel|pca|cat|popup|tree/) && !flow.has(f.name) && f.name !== fk);
  };

  const wrong: string[] = [];
  const tally = { cases: 0, allowed: 0, refused: 0 };
  /**
   * `mustSucceed`: an allowed call succeeds; otherwise it need only not be refused by the decision (a
   * sample body a validator refuses, a module's veto with its own 409: a closed declaration window).
   */
  async function check(c: Case, action: string, allowed: boolean, res: { statusCode: number; body: string }, before: string, mustSucceed = true, vetoable = false) {
    tally.cases++;
    const at = `${c.page.code} ${action} as ${c.scenario} (${c.caller.username}): ${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode >= 500) wrong.push(`server error — ${at}`);
    else if (allowed) {
      tally.allowed++;
      const vetoed = vetoable && res.statusCode === 409 && !/当前状态/.test(bodyOf(res).message ?? '');
      if ((refusedByDecision(res) && !vetoed) || (mustSucceed && !succeeded(res))) wrong.push(`the decision allows, the action refused — ${at}`);
    } else {
      tally.refused++;
      if (succeeded(res)) wrong.push(`the decision refuses, the action went through — ${at}`);
      else if (await snapshot(c) !== before) wrong.push(`refused, yet the rows changed — ${at}`);
    }
  }

  /** Rows an export of `ids` holds (its header and title rows discounted by comparing with an export of none). */
  const exportedRows = async (c: Case, ids: string) => {
    const res = await call(c, 'GET', `${c.page.api}/exportXls?selections=${ids}`);
    if (res.statusCode !== 200) return { res, rows: -1 };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    return { res, rows: wb.worksheets[0].actualRowCount };
  };

  /** One case per engine action: each gets a fresh row, so a destructive action never spoils another. */
  const CASES: Record<string, (c: Case, action: string) => Promise<void>> = {
    'GET list': async (c, action) => {
      const res = await call(c, 'GET', `${c.page.api}/list?pageSize=10&id=${c.rowId}`);
      const seen = succeeded(res) && bodyOf(res).result.records.some((r: Row) => r.id === c.rowId);
      const want = await reaches(c, 'read');
      tally.cases++;
      if (seen !== want) wrong.push(`${c.page.code} ${action} as ${c.scenario}: listed ${seen}, decision ${want}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    },
    'GET queryById': async (c, action) => {
      const before = await snapshot(c);
      await check(c, action, await reaches(c, 'read'), await call(c, 'GET', `${c.page.api}/queryById?id=${c.rowId}`), before);
    },
    'GET history': async (c, action) => {
      const before = await snapshot(c);
      await check(c, action, await reaches(c, 'read'), await call(c, 'GET', `${c.page.api}/history?id=${c.rowId}`), before);
    },
    'GET subList/:subCode': async (c, action) => {
      for (const t of c.page.subTables ?? []) {
        const before = await snapshot(c);
        const res = await call(c, 'GET', `${c.page.api}/subList/${t.code}?mainId=${c.rowId}`);
        await check(c, `${action} ${t.code}`, await reaches(c, 'read'), res, before);
        if (succeeded(res) && !bodyOf(res).result.records.length) wrong.push(`${c.page.code} subList ${t.code}: the row's sub rows are missing`);
      }
    },
    'GET exportXls': async (c, action) => {
      const none = await exportedRows(c, 'zz-none');
      const one = await exportedRows(c, c.rowId);
      tally.cases++;
      if (!may(c, 'export')) {
        if (one.res.statusCode !== 403) wrong.push(`${c.page.code} ${action} without the button: ${one.res.statusCode}`);
        return;
      }
      const want = await reaches(c, 'read');
      if ((one.rows > none.rows) !== want) wrong.push(`${c.page.code} ${action} as ${c.scenario}: exported ${one.rows > none.rows}, decision ${want} (${one.res.statusCode})`);
    },
    'POST add': async (c, action) => {
      const link = mainLink(c.page);
      const body: Row = { ...(await sampleRow(s, c.page, ++n)), ...(link ? { [link.fk]: c.mainId } : {}) };
      const before = await snapshot(c);
      const allowed = may(c, 'add') && (!link || await mainsTake(c, body));
      // A page that is no sub page adds rows of the caller's own: only its button decides.
      await check(c, action, allowed, await call(c, 'POST', `${c.page.api}/add`, body), before, !!link);
    },
    'PUT edit': (c, action) => editCase(c, action, 'PUT'),
    'POST edit': (c, action) => editCase(c, action, 'POST'),
    'DELETE delete': (c, action) => deleteCase(c, action, `delete?id=${c.rowId}`),
    'DELETE deleteBatch': (c, action) => deleteCase(c, action, `deleteBatch?ids=${c.rowId}`),
    'POST transition': async (c, action) => {
      const wf = c.page.workflow!;
      const state = String((await db().selectFrom(c.page.table).select(wf.field).where('id', '=', c.rowId).executeTakeFirst())[wf.field]);
      const open = wf.transitions.filter((t) => t.from.includes(state));
      const t = open.find((x) => holds(c.caller, transitionPermission(c.page, x))) ?? open[0] ?? wf.transitions[0];
      const allowed = !!open.includes(t) && holds(c.caller, transitionPermission(c.page, t)) && await reaches(c, 'transition');
      const before = await snapshot(c);
      const res = await call(c, 'POST', `${c.page.api}/transition`, { id: c.rowId, transition: t.name, opinion: '意见' });
      // A module may still veto an allowed transition for its own reasons (a closed declaration window).
      await check(c, `${action} ${t.name}`, allowed, res, before, false, true);
    },
    'POST importExcel': async (c, action) => {
      const link = mainLink(c.page);
      const sheet = await writeWorkbook(c.page, [{ ...(await sampleRow(s, c.page, ++n)), ...(link ? { [link.fk]: c.mainId } : {}) }], 'proof');
      const boundary = `----proof${n}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        sheet, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const before = await snapshot(c);
      const res = await call(c, 'POST', `${c.page.api}/importExcel`, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      // A sheet names no main row (its key is not a form column): an import into a sub page adds nothing under the owner's.
      await check(c, action, may(c, 'import') && !link, res, before, false);
    },
    [FILE_DOWNLOAD]: async (c, action) => {
      const field = filesOf(c.page)[0];
      // The owner uploads a file into the field's folder and keeps it on the row.
      const boundary = `----file${++n}`;
      const biz = typeof field.extend?.biz === 'string' ? field.extend.biz : '';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${biz}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await call({ ...c, caller: c.owner }, 'POST', '/sys/common/upload', payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      const path = bodyOf(up).message;
      if (!succeeded(up) || typeof path !== 'string') { wrong.push(`${c.page.code} ${action}: the owner's upload failed: ${up.statusCode} ${up.body.slice(0, 120)}`); return; }
      await db().updateTable(c.page.table).set({ [field.name]: path }).where('id', '=', c.rowId).execute();
      const row = await db().selectFrom(c.page.table).selectAll().where('id', '=', c.rowId).executeTakeFirst();
      const when = c.page.publicFiles;
      const isPublic = !!when && when !== true && when.in.map(String).includes(String(row[when.field]));
      const res = await call(c, 'GET', `/sys/common/static/${path}`);
      const want = isPublic || c.caller === c.owner || await reaches(c, 'read');
      tally.cases++;
      if ((res.statusCode === 200) !== want) wrong.push(`${c.page.code} ${action} as ${c.scenario}: served ${res.statusCode}, decision ${want}`);
    },
    [DATA_LOG]: async (c, action) => {
      await db().insertInto('sys_data_log').values({
        id: newId(), dataTable: c.page.table, dataId: c.rowId, dataVersion: 1, dataContent: '{}', createBy: c.owner.username, createTime: formatDateTime(),
      }).execute();
      const res = await call(c, 'GET', `/sys/dataLog/list?dataTable=${c.page.table}&dataId=${c.rowId}`);
      const seen = succeeded(res) && bodyOf(res).result.records.length > 0;
      const want = (await mayRead(s.db, s.app.ctx.schemas, fakeReq(c.caller), s.app.ctx.schemas.get('sys_data_log')!)) && await reaches(c, 'read');
      tally.cases++;
      if (seen !== want) wrong.push(`${c.page.code} ${action} as ${c.scenario}: seen ${seen}, decision ${want}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    },
  };

  async function editCase(c: Case, action: string, method: string) {
    const f = editable(c.page);
    const body: Row = { id: c.rowId, ...(f ? { [f.name]: `改${n}`.slice(0, f.length ?? 10) } : {}) };
    const allowed = may(c, 'edit') && await reaches(c, 'write') && await changeable(c);
    const before = await snapshot(c);
    await check(c, action, allowed, await call(c, method, `${c.page.api}/edit`, body), before, false);
  }

  async function deleteCase(c: Case, action: string, path: string) {
    const allowed = may(c, 'delete') && await reaches(c, 'write') && await changeable(c);
    const before = await snapshot(c);
    await check(c, action, allowed, await call(c, 'DELETE', `${c.page.api}/${path}`), before, false);
  }

  /** The engine's actions served for a page: `METHOD path` after its API base. */
  const actionsOf = (p: PageSchema) => {
    const base = `${s.app.ctx.config.apiBase}${p.api}/`;
    const others = schemas().filter((o) => o !== p && o.api.startsWith(`${p.api}/`)).map((o) => `${s.app.ctx.config.apiBase}${o.api}/`);
    return [...new Set(s.app.routeInventory.filter((r) => r.dispatched && r.url.startsWith(base) && !others.some((o) => r.url.startsWith(o)))
      .map((r) => `${r.method} ${r.url.slice(base.length)}`)), DATA_LOG, ...(filesOf(p).length ? [FILE_DOWNLOAD] : [])];
  };
  /** The file fields of a page whose files are not public as a whole: their downloads ask the record. */
  const filesOf = (p: PageSchema) => (p.publicFiles === true ? [] : p.fields.filter((f) => (f.view === 'file' || f.view === 'image') && !f.virtual));

  it('covers every governed page and every action on it, and each action answers as the decision says', async () => {
    const pages = schemas().filter(governed);
    expect(pages.map((p) => p.code)).toEqual(expect.arrayContaining(['pms_project', 'pms_project_member', 'pms_task', 'pms_project_review', 'assess_task']));
    const missing = pages.flatMap((p) => actionsOf(p).filter((a) => !CASES[a]).map((a) => `${p.code}: ${a}`));
    expect(missing, 'actions without a generated case').toEqual([]);

    for (const page of pages) {
      const role = roleFor(page);
      const owner = users.get(role)!;
      const link = mainLink(page);
      const stateHolder = page.workflow?.editable ? page : link?.main.workflow?.editable ? link.main : page;
      const scenarios: Scenario[] = stateFor(stateHolder, role, true) !== undefined ? ['owner', 'other', 'locked'] : ['owner', 'other'];
      for (const scenario of scenarios) {
        const locked = scenario === 'locked';
        for (const action of actionsOf(page)) {
          let mainId: string | undefined;
          let rowId: string;
          if (link) {
            mainId = await insertRow(link.main, owner, role, stateFor(link.main, role, locked && stateHolder === link.main));
            rowId = await insertRow(page, owner, role, stateFor(page, role, locked && stateHolder === page), { [link.fk]: mainId });
          } else rowId = await insertRow(page, owner, role, stateFor(page, role, locked));
          const caller = scenario === 'other' ? users.get(`${role}:other`)! : owner;
          await CASES[action]({ page, scenario, caller, owner, rowId, mainId }, action);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The proof means something only if both sides were reached.
    expect(tally.allowed).toBeGreaterThan(50);
    expect(tally.refused).toBeGreaterThan(50);
    expect(REACHES).toEqual(['read', 'transition', 'write']);
  }, 300_000);
});
