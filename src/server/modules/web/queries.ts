import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { escapeLike } from '../../../schema/query.js';
import { notFound } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { PUBLISHED, type PublicKind, type Row } from './kinds.js';
import { page, type Paging } from './paging.js';
import { sanitizeHtml } from './sanitize.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

export interface ListFilter {
  /** Equalities on declared columns (values already checked by the route). */
  equals?: Record<string, string | number>;
  keyword?: string;
}

const shaped = (kind: PublicKind, rows: Row[]) => rows.map((r) => (kind.shape ? kind.shape(r) : r));

/** The rows of a kind served now. */
function served(kind: PublicKind) {
  return kind.visible ? kind.visible(formatDateTime()) : (eb: ExpressionBuilder<any, any>) => eb('publishStatus', '=', PUBLISHED);
}

function conditions(kind: PublicKind, f: ListFilter) {
  return (eb: ExpressionBuilder<any, any>) => {
    const all = [served(kind)(eb)];
    for (const [col, v] of Object.entries(f.equals ?? {})) all.push(eb(col, '=', v));
    if (f.keyword && kind.keyword.length) {
      const pattern = `%${escapeLike(f.keyword)}%`;
      all.push(eb.or(kind.keyword.map((c) => sql<boolean>`${sql.ref(c)} like ${pattern} escape '\\'`)));
    }
    return eb.and(all);
  };
}

/** A page of published rows, newest (or by sort number) first. */
export async function listPublished(db: AnyDb, kind: PublicKind, p: Paging, f: ListFilter = {}) {
  const where = conditions(kind, f);
  const countRow = await db.selectFrom(kind.table).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  let q = db.selectFrom(kind.table).select(kind.columns).where(where);
  for (const [col, dir] of kind.order) q = q.orderBy(col, dir);
  const rows = total > (p.pageNo - 1) * p.pageSize
    ? await q.limit(p.pageSize).offset((p.pageNo - 1) * p.pageSize).execute() as Row[]
    : [];
  return page(shaped(kind, rows), total, p);
}

/** Every published row (short lists such as banners). */
export async function allPublished(db: AnyDb, kind: PublicKind, limit: number, f: ListFilter = {}) {
  let q = db.selectFrom(kind.table).select(kind.columns).where(conditions(kind, f));
  for (const [col, dir] of kind.order) q = q.orderBy(col, dir);
  return shaped(kind, await q.limit(limit).execute() as Row[]);
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A published row with its sanitised body, or undefined (unknown, malformed or unpublished id alike). */
export async function findPublished(db: AnyDb, kind: PublicKind, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'string' || !ID.test(id)) return undefined;
  const cols = kind.body ? [...kind.columns, kind.body] : kind.columns;
  const row = await db.selectFrom(kind.table).select(cols).where('id', '=', id).where(served(kind)).executeTakeFirst() as Row | undefined;
  if (!row) return undefined;
  const out = kind.shape ? kind.shape(row) : row;
  if (kind.body) out[kind.body] = sanitizeHtml(row[kind.body]);
  return out;
}

export async function requirePublished(db: AnyDb, kind: PublicKind, id: unknown, missing = '内容不存在或未发布'): Promise<Row> {
  const row = await findPublished(db, kind, id);
  if (!row) throw notFound(missing);
  return row;
}
