import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { FieldSchema, PageSchema } from '../../../schema/types.js';
import type { RowScope } from '../../crud/hooks.js';
import { mayRead } from '../../crud/read-access.js';
import { roleCodes, rowRuleScope } from '../../crud/row-rules.js';
import { rulesFor } from '../../../schema/row-rules.js';
import type { AppContext } from '../../http/context.js';
import { ClientError } from '../../http/result.js';
import { accessOf } from '../../crud/access.js';
import { DEFAULT_BIZ } from './upload-names.js';
import { SITE_HOLDER, UploadLedger, type Holder, type UploadRecord } from './upload-ledger.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Who may download a stored file (`/sys/common/static/<path>`):
 * - 'public': anyone — a public page's file (`publicFiles`), an image embedded in rich text, the site
 *   settings' logos, and a file no private record holds (the seed's, an editor's image before its
 *   article is saved);
 * - 'allowed': this signed-in user, who may read a record holding it, or uploaded it;
 * - 'login': nobody without a token; 'denied': not this user.
 */
export type FileVerdict = 'public' | 'allowed' | 'login' | 'denied';

/** Fields whose value is stored paths, comma-joined (contract §6.4). */
export const storesFiles = (f: FieldSchema) => (f.view === 'file' || f.view === 'image') && !f.virtual;
/** Fields whose rich text names stored files in its `<img src>`/links. */
export const embedsFiles = (f: FieldSchema) => (f.view === 'umeditor' || f.view === 'markdown') && !f.virtual;

/** A LIKE pattern matching `value` literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The rows whose field holds the stored path: one of its comma-joined paths, or named in its rich text. */
export function holds(eb: ExpressionBuilder<any, any>, field: FieldSchema, rel: string): Expression<SqlBool> {
  const ref = eb.ref(field.name);
  if (embedsFiles(field)) return sql<SqlBool>`${ref} like ${`%${literal(rel)}%`} escape '\\'`;
  return eb.or([eb(field.name, '=', rel), sql<SqlBool>`(',' || ${ref} || ',') like ${`%,${literal(rel)},%`} escape '\\'`]);
}

/** The folder a field's uploads go to (`extend.biz`, else the upload's default). */
const bizOf = (f: FieldSchema) => {
  const biz = f.extend?.biz;
  return typeof biz === 'string' && biz.trim() ? biz.trim().replace(/\/+$/, '') : DEFAULT_BIZ;
};

const folderOf = (rel: string) => rel.slice(0, Math.max(0, rel.lastIndexOf('/')));

interface Place { schema: PageSchema; field: FieldSchema }

/**
 * The fields that may hold a file the ledger has not seen attached, by the folder it was uploaded
 * to: the file fields of pages not wholly public whose `biz` is that folder. Public ones need no look:
 * a file none of these holds is public anyway.
 */
function privatePlaces(schemas: PageSchema[], rel: string): Place[] {
  const folder = folderOf(rel);
  return schemas.flatMap((schema) => (schema.publicFiles === true ? []
    : schema.fields.filter((f) => storesFiles(f) && bizOf(f) === folder).map((field) => ({ schema, field }))));
}

/** Every field of every page that may hold a stored file (the clean-up job's last look before it deletes one). */
function everyPlace(schemas: PageSchema[]): Place[] {
  return schemas.flatMap((schema) => schema.fields.filter((f) => storesFiles(f) || embedsFiles(f)).map((field) => ({ schema, field })));
}

const dbOf = (ctx: AppContext) => ctx.db as unknown as Kysely<any>;

/** A row of the place holding the file (the one named first, when it still holds it), with the columns asked. */
async function holdingRow(ctx: AppContext, place: Place, rel: string, rowId: string | null, columns: string[]): Promise<Record<string, unknown> | undefined> {
  const q = dbOf(ctx).selectFrom(place.schema.table).select(['id', ...columns]).where((eb) => holds(eb, place.field, rel));
  if (rowId) {
    const named = await q.where('id', '=', rowId).executeTakeFirst();
    if (named) return named;
  }
  return await q.limit(1).executeTakeFirst();
}

/**
 * The page's read decision for this request (crud/access.ts, the same every read path of the page
 * asks): false when the user may not read the page at all, null when every row, else the rows reached.
 * A user who does not hold the page but whose roles its row rules name gets the rows those rules
 * give them: a module shows them those rows elsewhere (an expert reads an assigned project, and its
 * business plan, on their review sheet).
 */
async function readScope(ctx: AppContext, req: FastifyRequest, schema: PageSchema): Promise<RowScope | null | false> {
  const access = accessOf(ctx, schema.code);
  try {
    if (access) return await access.rows(req, 'read');
    if (await mayRead(ctx.db, ctx.schemas, req, schema)) return await rowRuleScope(ctx.db, req, schema, ctx.schemas.schemas);
  } catch (e) {
    if (!(e instanceof ClientError)) throw e;
  }
  if (!rulesFor(schema, await roleCodes(ctx.db, req))?.length) return false;
  return rowRuleScope(ctx.db, req, schema, ctx.schemas.schemas);
}

/** The verdict for a file attached to (or found in) a field of a page's row. */
async function throughRecord(ctx: AppContext, req: FastifyRequest, place: Place, rel: string, record: UploadRecord | undefined, rowId: string | null): Promise<FileVerdict> {
  const { schema, field } = place;
  if (embedsFiles(field) || schema.publicFiles === true) return 'public';
  const when = schema.publicFiles;
  const row = await holdingRow(ctx, place, rel, rowId, when ? [when.field] : []);
  if (row && record?.page && String(row.id) !== record.rowId) await new UploadLedger(dbOf(ctx)).setRow(rel, String(row.id));
  if (when) {
    if (row && when.in.map(String).includes(String(row[when.field]))) return 'public';
    // Another row may hold it too (a seed image shared by a draft and a published article): any shown one opens it.
    const shown = await dbOf(ctx).selectFrom(schema.table).select('id').where((eb) => holds(eb, field, rel)).where(when.field, 'in', when.in).limit(1).executeTakeFirst();
    if (shown) return 'public';
  }
  if (!req.user) return 'login';
  // One's own upload stays one's own, whatever became of the record.
  if (record?.createBy && record.createBy === req.user.username) return 'allowed';
  if (!row) return 'denied';
  const scope = await readScope(ctx, req, schema);
  if (scope === false) return 'denied';
  if (scope === null) return 'allowed';
  const reached = await dbOf(ctx).selectFrom(schema.table).select('id').where('id', '=', row.id as string).where(scope).executeTakeFirst();
  return reached ? 'allowed' : 'denied';
}

/**
 * Whether the request may download the stored file at `rel`, and its ledger row (for its name).
 * An attached file asks the record it is attached to; one the ledger has not seen attached (a write
 * outside the engine's add and edit: a sub row saved with its main, a module's own route; or a
 * file stored before the ledger) is looked for in the private file fields its folder belongs to,
 * and attached to the row found.
 */
export async function mayReadFile(ctx: AppContext, req: FastifyRequest, rel: string): Promise<{ verdict: FileVerdict; record?: UploadRecord }> {
  const ledger = new UploadLedger(dbOf(ctx));
  const record = await ledger.find(rel);
  if (record?.page === SITE_HOLDER) return { verdict: 'public', record };
  if (record?.page) {
    const schema = ctx.schemas.get(record.page);
    const field = schema?.fields.find((f) => f.name === record.field);
    if (schema && field) return { verdict: await throughRecord(ctx, req, { schema, field }, rel, record, record.rowId), record };
  }
  for (const place of privatePlaces(ctx.schemas.schemas, rel)) {
    const row = await holdingRow(ctx, place, rel, null, []);
    if (!row) continue;
    const holder: Holder = { page: place.schema.code, field: place.field.name, rowId: String(row.id) };
    if (!record) await ledger.adopt(rel, holder);
    else if (!record.page) await ledger.attach([rel], holder);
    const now = (await ledger.find(rel)) ?? record;
    return { verdict: await throughRecord(ctx, req, place, rel, now, holder.rowId!), record: now };
  }
  return { verdict: 'public', record };
}

/**
 * The record or setting naming a stored file anywhere: every file, image and rich-text field of
 * every page, and the site settings. Slow (a scan per field); only the clean-up job asks, of files
 * it is about to delete.
 */
export async function findHolder(ctx: AppContext, rel: string): Promise<Holder | null> {
  const db = dbOf(ctx);
  for (const place of everyPlace(ctx.schemas.schemas)) {
    const row = await db.selectFrom(place.schema.table).select('id').where((eb) => holds(eb, place.field, rel)).limit(1).executeTakeFirst();
    if (row) return { page: place.schema.code, field: place.field.name, rowId: String(row.id) };
  }
  const setting = await db.selectFrom('sys_setting').select('key').where(sql<SqlBool>`${sql.ref('value')} like ${`%${literal(rel)}%`} escape '\\'`).executeTakeFirst();
  return setting ? { page: SITE_HOLDER, field: String(setting.key) } : null;
}
