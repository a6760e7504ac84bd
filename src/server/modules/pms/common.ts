import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { HookContext, Row } from '../../crud/hooks.js';
import { roleCodes } from '../../crud/row-rules.js';
import { UNRESTRICTED_ROLE } from '../../../schema/row-rules.js';
import { badRequest, ClientError } from '../../http/result.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The row id a page's own route names in its JSON body (`{ id }`). */
export function bodyId(req: FastifyRequest): string {
  const id = (req.body as Row | undefined)?.id;
  if (typeof id !== 'string' || !id.trim()) throw badRequest('缺少参数 id');
  if (id.length > 64) throw badRequest('参数 id 格式不正确');
  return id.trim();
}

/** Whether the request's user holds the administrator role. */
export async function isAdministrator(h: HookContext): Promise<boolean> {
  return (await roleCodes(h.ctx.db, h.req)).includes(UNRESTRICTED_ROLE);
}

/** A field's value as about to be stored: the change when it is changed, else the stored value. */
export const merged = (changes: Row, current: Row | undefined, field: string): unknown => (field in changes ? changes[field] : current?.[field]);

/** Refuses (409) a value another row of the table already holds: a clearer answer than the unique index's. */
export async function requireFree(db: Kysely<any>, table: string, field: string, value: unknown, exceptId: unknown, message: string): Promise<void> {
  if (value === undefined || value === null || value === '') return;
  let q = db.selectFrom(table).select('id').where(field, '=', value as string);
  if (exceptId) q = q.where('id', '<>', String(exceptId));
  if (await q.executeTakeFirst()) throw new ClientError(409, message);
}

/** Refuses a period that ends before it starts (both 'YYYY-MM-DD HH:mm:ss' texts, either may be empty). */
export function requireOrder(first: unknown, then: unknown, message: string): void {
  if (typeof first === 'string' && typeof then === 'string' && first && then && then < first) throw badRequest(message);
}
