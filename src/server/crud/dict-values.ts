import type { FieldSchema } from '../../schema/types.js';
import type { DictModel, DictService } from '../modules/dict/service.js';
import type { Row } from './hooks.js';

/** The items of the code dictionaries a page's fields use, by code (read before a write's transaction opens). */
export type DictItems = Map<string, DictModel[]>;

/** Fields on a code dictionary: a table dictionary's values are rows the user may not reach, checked elsewhere. */
const codeDict = (f: FieldSchema) => (f.dict?.code && !f.dict.table ? f.dict.code : undefined);

export async function dictItemsOf(dicts: DictService, fields: FieldSchema[]): Promise<DictItems> {
  const out: DictItems = new Map();
  for (const code of new Set(fields.map(codeDict).filter((c): c is string => !!c))) {
    const items = await dicts.items(code);
    if (items) out.set(code, items);
  }
  return out;
}

/**
 * Why a value about to be written is not one of its field's dictionary values, or null. A comma
 * list is checked part by part; a value the row already holds passes (an item disabled since stays
 * editable around it); an unknown dictionary code checks nothing (the schema check names it).
 */
export function dictValueProblem(items: DictItems, fields: FieldSchema[], values: Row, current?: Row | null): string | null {
  for (const f of fields) {
    const known = items.get(codeDict(f) ?? '');
    if (!known || !(f.name in values)) continue;
    const value = values[f.name];
    if (value === null || value === undefined || value === '' || (current && String(current[f.name] ?? '') === String(value))) continue;
    const bad = String(value).split(',').find((part) => !known.some((i) => i.value === part));
    if (bad !== undefined) return `${f.label}的值「${bad.slice(0, 40)}」不在字典中`;
  }
  return null;
}
