import type { Kysely } from 'kysely';
import { pageComponents } from '../../../schema/permission.js';
import type { PageSchema } from '../../../schema/types.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, unknown>;

/** How many row titles a notice about several rows lists before 等. */
const LISTED = 3;

/** A row's title by the page's `record`: its title field's text (a sheet's project name, not its id) or value. */
export function recordTitle(schema: PageSchema, row: Row): string {
  const field = schema.record?.title;
  if (!field) return '';
  return String(row[`${field}_dictText`] ?? row[field] ?? '');
}

/**
 * How a notice names rows, by the page's `record` (noun and title field): 项目「城市地下管网智能巡检机器人」,
 * or 3个项目「甲」「乙」「丙」; a page without one is named by its title (「任务管理」2条数据).
 */
export function recordNames(schema: PageSchema, rows: Row[]): string {
  const rec = schema.record;
  if (!rec) return `「${schema.title}」${rows.length > 1 ? `${rows.length}条数据` : ''}`;
  const titles = rows.slice(0, LISTED).map((r) => `「${recordTitle(schema, r).slice(0, 40) || '未命名'}」`).join('');
  if (rows.length === 1) return `${rec.noun}${titles}`;
  return `${rows.length}个${rec.noun}${titles}${rows.length > LISTED ? '等' : ''}`;
}

/**
 * The page a person opens the row from, with the row's id (`/pms/audit?id=…`): of the menu entries
 * drawing the page that the account, or the role, holds, a view whose opening query the row meets
 * (项目审核 for a submitted project), else a view without one (我的项目), else the page's own entry.
 * Null when they hold none (they are told, but have nowhere to open it).
 */
export async function recordLink(db: Kysely<any>, schema: PageSchema, to: { username: string } | { role: string }, row: Row): Promise<string | null> {
  return linkIn(schema, await heldPages(db, schema, to), row);
}

/**
 * recordLink for many notices at once (公示结果, an assessment's end: each person told of their own
 * rows): each account's menu entries are read once, however many of its rows are linked.
 */
export function recordLinker(db: Kysely<any>, schema: PageSchema): (username: string, row: Row) => Promise<string | null> {
  const held = new Map<string, Promise<Map<string, string>>>();
  return async (username, row) => {
    let pages = held.get(username);
    if (!pages) held.set(username, (pages = heldPages(db, schema, { username })));
    return linkIn(schema, await pages, row);
  };
}

function linkIn(schema: PageSchema, held: ReadonlyMap<string, string>, row: Row): string | null {
  const url = pageFor(schema, held, row);
  return url ? `${url}?id=${encodeURIComponent(String(row.id))}` : null;
}

/** The menu entries drawing the page that the account, or the role, holds: component → menu url. */
async function heldPages(db: Kysely<any>, schema: PageSchema, to: { username: string } | { role: string }): Promise<Map<string, string>> {
  const components = pageComponents(schema);
  if (!components.length) return new Map();
  let q = db.selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permissionId')
    .innerJoin('sys_role as r', 'r.id', 'rp.roleId')
    .select(['p.url', 'p.component'])
    .where('p.component', 'in', components).where('p.delFlag', '=', 0);
  q = 'role' in to ? q.where('r.roleCode', '=', to.role)
    : q.where('r.id', 'in', db.selectFrom('sys_user_role as ur').innerJoin('sys_user as u', 'u.id', 'ur.userId').select('ur.roleId').where('u.username', '=', to.username));
  return new Map(((await q.execute()) as { url: string | null; component: string }[]).filter((h) => h.url).map((h) => [h.component, h.url!]));
}

/**
 * Of the entries drawing the page that are `held` (component → menu url), the one a row opens
 * from: a view whose opening query the row meets, else a view without one, else the page's own.
 */
export function pageFor(schema: PageSchema, held: ReadonlyMap<string, string>, row: Row): string | null {
  const meets = (query?: Record<string, string>) => !!query && Object.entries(query).every(([k, v]) => String(row[k] ?? '') === v);
  const pages = [
    ...(schema.views ?? []).map((v) => ({ component: v.component, rank: v.query ? (meets(v.query) ? 3 : 0) : 2 })),
    ...(schema.component ? [{ component: schema.component, rank: 1 }] : []),
  ].filter((p) => p.rank > 0 && held.has(p.component)).sort((a, b) => b.rank - a.rank);
  return pages.length ? held.get(pages[0].component)! : null;
}
