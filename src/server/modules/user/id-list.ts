import { badRequest } from '../../http/result.js';

/** At most this many ids in one comma list (a role's users, a batch freeze, a menu assignment). */
export const MAX_IDS = 5000;

/**
 * A comma list of ids as sent by JeecgBoot clients (`"a,b,"`): trimmed, empty parts dropped,
 * duplicates removed. Anything but a string is an empty list.
 */
export function commaIds(raw: unknown, label = 'ids'): string[] {
  if (typeof raw !== 'string') return [];
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS) throw badRequest(`${label}一次最多${MAX_IDS}个`);
  if (ids.some((id) => id.length > 64)) throw badRequest(`${label}格式不正确`);
  return ids;
}

/** Runs a query per slice of ids, so no statement carries thousands of parameters. */
export async function inChunks<T>(ids: string[], run: (slice: string[]) => Promise<T[]>, size = 500): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += size) out.push(...(await run(ids.slice(i, i + size))));
  return out;
}
