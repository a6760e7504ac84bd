import type { FastifyRequest } from 'fastify';
import { requestActions } from '../../crud/permission.js';
import type { Row } from '../../crud/hooks.js';
import { badRequest, forbidden } from '../../http/result.js';
import type { DictService } from '../dict/service.js';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A value the server's own logic depends on: one of a fixed set, or a 400 naming the field. */
export function requireOneOf(label: string, value: unknown, allowed: readonly (string | number)[]): void {
  if (blank(value)) return;
  if (!allowed.map(String).includes(String(value))) throw badRequest(`${label}的值不正确: ${String(value).slice(0, 32)}`);
}

/** A value of a dictionary field that administrators maintain: one of the dictionary's current items. */
export async function requireDictValue(dicts: DictService, code: string, label: string, value: unknown): Promise<void> {
  if (blank(value)) return;
  const items = await dicts.items(code);
  if (items && !items.some((i) => i.value === String(value))) throw badRequest(`${label}的值不正确: ${String(value).slice(0, 32)}`);
}

/**
 * NOT NULL columns with a default: an omitted or null value on add takes the default, and a null
 * on edit leaves the stored value alone (never a database error).
 */
export function applyDefaults(values: Row, defaults: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(defaults)) if (blank(values[k])) values[k] = v;
}

export function keepStoredWhenNull(changes: Row, names: string[]): void {
  for (const k of names) if (changes[k] === null || changes[k] === '') delete changes[k];
}

/** The stored row with an edit's changes applied: what the row will be once the edit is written. */
export const merged = (current: Row, changes: Row): Row => ({ ...current, ...changes });

/** `end` not before `begin` (both 'YYYY-MM-DD[ HH:mm:ss]' text, which sorts as time). */
export function requireOrdered(row: Row, begin: string, end: string, message: string): void {
  const a = row[begin], b = row[end];
  if (!blank(a) && !blank(b) && String(b) < String(a)) throw badRequest(message);
}

/** Refuses unless the user holds at least one of the button codes (checked on the server). */
export async function requireAnyAction(req: FastifyRequest, codes: string[]): Promise<void> {
  const held = await requestActions(req.server.ctx.db, req);
  if (!codes.some((c) => held.has(c))) throw forbidden();
}

export async function holdsAction(req: FastifyRequest, code: string): Promise<boolean> {
  return (await requestActions(req.server.ctx.db, req)).has(code);
}

/** The `id` query parameter of the contract's state routes (`?id=`), or a 400. */
export function idParam(req: FastifyRequest): string {
  const id = (req.query as Record<string, unknown> | undefined)?.id;
  if (typeof id !== 'string' || !id.trim()) throw badRequest('缺少参数 id');
  if (id.length > 64) throw badRequest('参数 id 格式不正确');
  return id.trim();
}
