import type { FastifyRequest } from 'fastify';
import type { PageSchema } from '../../../schema/types.js';
import { mayRead } from '../../crud/read-access.js';
import type { AppContext } from '../../http/context.js';
import { ClientError, forbidden } from '../../http/result.js';

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

/** Holds a menu entry opening the report (`/online/cgreport/<id or code>`), or a button under one. */
async function holdsMenuEntry(ctx: AppContext, req: FastifyRequest, kind: ReportKind, report: RunnableReport): Promise<boolean> {
  const urls = [...new Set([report.id, report.code])].map((key) => `${kind.menuPath}${key}`);
  const held = await ctx.db.selectFrom('sysPermission')
    .innerJoin('sysRolePermission', 'sysRolePermission.permissionId', 'sysPermission.id')
    .innerJoin('sysUserRole', 'sysUserRole.roleId', 'sysRolePermission.roleId')
    .select('sysPermission.id')
    .where('sysUserRole.userId', '=', req.user!.id).where('sysPermission.delFlag', '=', 0)
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
