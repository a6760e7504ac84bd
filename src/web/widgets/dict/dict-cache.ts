import { authApi } from '../../api/auth';
import type { DictItem } from '../../api/types';
import { session } from '../../app/session';
import type { DictRef } from '../../../schema/types';

/** SPEC §9: fetched dictionaries are kept 30 s. */
const TTL_MS = 30_000;
const fetched = new Map<string, { at: number; items: Promise<DictItem[]> }>();

/** The dictionary key of the contract: a code, or `table,text,value` for a table dictionary. */
export function dictKey(dict: DictRef | undefined): string | undefined {
  if (!dict) return undefined;
  if (dict.code) return dict.code;
  if (dict.table && dict.text && dict.value) return `${dict.table},${dict.text},${dict.value}`;
  return undefined;
}

/** Items of a dictionary: those the login delivered, else fetched (and kept 30 s). */
export function dictItems(key: string): Promise<DictItem[]> {
  const known = session.get().dicts[key];
  if (known) return Promise.resolve(known);
  const hit = fetched.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.items;
  const items = authApi.dictItems(key).then((r) => (r.success ? r.result : [])).catch(() => []);
  fetched.set(key, { at: Date.now(), items });
  return items;
}

/** Forgets fetched dictionaries (after an edit of dictionary items). */
export function forgetDicts(): void {
  fetched.clear();
}
