import type { FastifyRequest } from 'fastify';
import { columnFields } from '../../../schema/ddl.js';
import { isPersonal, type FieldSchema, type PageSchema } from '../../../schema/types.js';
import { mayRead } from '../../crud/read-access.js';
import type { AppContext } from '../../http/context.js';
import { forbidden } from '../../http/result.js';

type Readers = Pick<AppContext, 'db' | 'schemas'>;

/** Whether the user may read the page's rows: the engine's own rule (crud/read-access.ts). */
export const mayReadPage = (ctx: Readers, req: FastifyRequest, schema: PageSchema): Promise<boolean> => mayRead(ctx.db, ctx.schemas, req, schema);

/** Refuses (403) unless the user may read one of the pages, named by their table. */
export async function requireAnyPage(ctx: Readers, req: FastifyRequest, tables: string[]): Promise<void> {
  const pages = tables.map((t) => ctx.schemas.table(t)).filter((p): p is PageSchema => !!p);
  for (const page of pages) if (await mayReadPage(ctx, req, page)) return;
  throw forbidden(`没有权限：需要“${pages.map((p) => p.title).join('”或“')}”的查看权限`);
}

/** The personal fields of a page (schema flag `personal` on the field, or on the whole page): a phone, an e-mail, a log line. */
export const personalFields = (schema: PageSchema): FieldSchema[] => columnFields(schema).filter((f) => isPersonal(schema, f));

/** The page's personal columns the user may read: all of them for the page's readers, none for anyone else. */
export async function readablePersonal(ctx: Readers, req: FastifyRequest, schema: PageSchema): Promise<string[]> {
  const personal = personalFields(schema);
  return personal.length && (await mayReadPage(ctx, req, schema)) ? personal.map((f) => f.name) : [];
}

/**
 * Refuses (403) a read through a generic path (table dictionary, duplicate check, tree, cascade)
 * that names a personal field of a page the user may not read.
 */
export async function requirePersonalAccess(ctx: Readers, req: FastifyRequest, schema: PageSchema, names: string[]): Promise<void> {
  const field = personalFields(schema).find((f) => names.includes(f.name));
  if (field && !(await mayReadPage(ctx, req, schema))) throw forbidden(`“${field.label}”是个人信息，需要“${schema.title}”的查看权限`);
}
