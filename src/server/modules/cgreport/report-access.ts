import type { FastifyRequest } from 'fastify';
import { columnFields } from '../../../schema/ddl.js';
import { isPersonal, type PageSchema } from '../../../schema/types.js';
import { grantedPermissionIds } from '../../auth/grants.js';
import { DATA_LOG_TABLE } from '../../crud/data-log.js';
import { mayRead } from '../../crud/read-access.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import type { AppContext } from '../../http/context.js';
import { ClientError, forbidden } from '../../http/result.js';
import { dataLogScope } from '../system/data-log-scope.js';
import type { Reach } from './runner.js';

/** A report or a graph as its menu entry names it: by id or by code. */
export interface RunnableReport { id: string; code: string }

/** Where a report's (or graph's) own page lives in the menu, and the designer page that reads them all. */
export interface ReportKind {
  /** The menu url before the id or code: `/online/cgreport/` opens a report, `/online/graphreport/chart/` a graph. */
  menuPath: string;
  /** The designer's table (onl_cgreport_head, onl_graphreport_head). */
  designerTable: string;
  /** A form field can show this kind's rows in a popup (`view: popup`, `extend.popupCode`). */
  popups: boolean;
}

export const REPORT: ReportKind = { menuPath: '/online/cgreport/', designerTable: 'onl_cgreport_head', popups: true };
export const GRAPH: ReportKind = { menuPath: '/online/graphreport/chart/', designerTable: 'onl_graphreport_head', popups: false };

/** Whether the user may read a page (mayRead's grant model: its menu entry or buttons, or the administrator role). */
export async function holdsPage(ctx: AppContext, req: FastifyRequest, schema: PageSchema | undefined): Promise<boolean> {
  return !!schema && mayRead(ctx.db, ctx.schemas, req, schema);
}

/** Holds a menu entry opening the report (`/online/cgreport/<id or code>`), or a button under one, through a role or a department role. */
async function holdsMenuEntry(ctx: AppContext, req: FastifyRequest, kind: ReportKind, report: RunnableReport): Promise<boolean> {
  const urls = [...new Set([report.id, report.code])].map((key) => `${kind.menuPath}${key}`);
  const held = await ctx.db.selectFrom('sysPermission')
    .select('sysPermission.id')
    .where('sysPermission.id', 'in', grantedPermissionIds(ctx.db as never, req.user!.id)).where('sysPermission.delFlag', '=', 0)
    .where((eb) => eb.or([
      eb('sysPermission.url', 'in', urls),
      eb.and([
        eb('sysPermission.menuType', '=', 2), eb('sysPermission.status', '=', '1'),
        eb('sysPermission.parentId', 'in', eb.selectFrom('sysPermission as m').select('m.id').where('m.url', 'in', urls).where('m.delFlag', '=', 0)),
      ]),
    ]))
    .executeTakeFirst();
  return !!held;
}

/** The pages with a popup field showing this report: their holders pick rows from it inside a form. */
const popupPages = (ctx: AppContext, report: RunnableReport) => ctx.schemas.schemas.filter((s) => s.fields.some((f) => f.view === 'popup'
  && (f.extend?.popupCode === report.code || f.extend?.popupCode === report.id)));

/**
 * Who may run a report or a graph: the holders of its menu entry (or a button under it), of the
 * designer page, and — for reports — of a page whose popup field shows it; the administrator role
 * runs every one. Refused with 403 otherwise, like any page not granted.
 */
async function requireReportAccess(ctx: AppContext, req: FastifyRequest, kind: ReportKind, report: RunnableReport): Promise<void> {
  if (await holdsPage(ctx, req, ctx.schemas.table(kind.designerTable))) return;
  if (await holdsMenuEntry(ctx, req, kind, report)) return;
  if (kind.popups) {
    for (const page of popupPages(ctx, report)) if (await holdsPage(ctx, req, page)) return;
  }
  throw forbidden();
}

/**
 * Loads a report (or graph) the user may run. A code naming none is 404 only to those who may see
 * every report (the designer's holders) and 403 to everyone else, so the answer never tells a
 * stranger to the designer which codes exist.
 */
export async function loadRunnable<T>(ctx: AppContext, req: FastifyRequest, kind: ReportKind, load: () => Promise<T>, ids: (found: T) => RunnableReport): Promise<T> {
  let found: T;
  try {
    found = await load();
  } catch (e) {
    if (e instanceof ClientError && e.statusCode === 404 && !(await holdsPage(ctx, req, ctx.schemas.table(kind.designerTable)))) throw forbidden();
    throw e;
  }
  await requireReportAccess(ctx, req, kind, ids(found));
  return found;
}

/**
 * The tables whose personal columns (schema `personal`: a user's phone, a data log's rows) the user
 * may read in report SQL: those of the pages they may read themselves (mayRead: the page's menu entry
 * or buttons, or the administrator role) — 用户管理 for sys_user's phone, 数据日志 for sys_data_log —
 * and read whole. A report reads every row of a table, so a page whose row rules, data rules or
 * module scope narrow it for the user (我的项目 shows an applicant their own projects, 数据日志 a
 * reviewer the entries of rows they reach) does not open its personal columns to their reports.
 */
export async function personalReach(ctx: AppContext, req: FastifyRequest): Promise<Set<string>> {
  const reach = new Set<string>();
  for (const schema of ctx.schemas.schemas) {
    if (reach.has(schema.table.toLowerCase()) || !columnFields(schema).some((f) => isPersonal(schema, f))) continue;
    if (await holdsPage(ctx, req, schema) && await readsEveryRow(ctx, req, schema)) reach.add(schema.table.toLowerCase());
  }
  return reach;
}

/** Whether nothing narrows the page's rows for the user (the data log: its own scope; any other page: its row and data rules). */
async function readsEveryRow(ctx: AppContext, req: FastifyRequest, schema: PageSchema): Promise<boolean> {
  try {
    if (schema.table === DATA_LOG_TABLE) return (await dataLogScope(ctx, req)) === null;
    return (await rowRuleScope(ctx.db, req, schema, ctx.schemas.schemas)) === null;
  } catch {
    return false; // a data rule that no longer fits its page refuses the page: nor does it open a report
  }
}

/**
 * A stored report's (or graph's) author: whoever last saved it — its `updateBy`, else its `createBy`.
 * Saving checks the statement against the saver's reach (report-module.ts, graph-module.ts), so the
 * author is always the last one whose reach the statement was checked against.
 */
export const authorOf = (head: { createBy?: unknown; updateBy?: unknown }): string | null => {
  const name = head.updateBy || head.createBy;
  return typeof name === 'string' && name ? name : null;
};

/**
 * The reach a stored report runs with: the personal columns of the pages both its author and the
 * user running it may read, each as they stand now. The author's bounds what the designer meant
 * the report to show (and was checked when it was saved), the runner's keeps a report saved by an
 * administrator from showing phones to someone without 用户管理; a report whose author is unknown or
 * gone reads no personal column.
 */
export async function runReach(ctx: AppContext, req: FastifyRequest, head: { createBy?: unknown; updateBy?: unknown }): Promise<Reach> {
  const mine = await personalReach(ctx, req);
  const author = authorOf(head);
  if (!mine.size || !author) return new Set();
  if (author === req.user!.username) return mine;
  const user = await ctx.db.selectFrom('sysUser').select(['id', 'username', 'realname', 'orgCode']).where('username', '=', author).where('delFlag', '=', 0).executeTakeFirst();
  if (!user) return new Set();
  // The reach asks of a request only its user (and the server, whose grants cache it then uses).
  const theirs = await personalReach(ctx, { user, server: req.server } as unknown as FastifyRequest);
  return new Set([...mine].filter((t) => theirs.has(t)));
}
