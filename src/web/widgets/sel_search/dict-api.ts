import { http } from '../../api/request';
import type { DictItem } from '../../api/types';
import type { DictRef } from '../../../schema/types';
import { dictKey } from '../dict/dict-cache';
import type { Option } from '../dict/useDictOptions';

/** The JeecgBoot spellings of a table dictionary a field's settings may still carry (SPEC §3 form item). */
export interface LegacyDictProps { dictTable?: unknown; dictText?: unknown; dictCode?: unknown }

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The `table,text,value` code of a field's table dictionary: from its `dict` (a DictRef, or the
 * JTreeSelect string `table,text,code` a field's extend may set), else from dictTable/dictText/dictCode.
 * Undefined when the field names no table dictionary.
 */
export function tableDictCode(dict: DictRef | string | undefined, legacy: LegacyDictProps = {}): string | undefined {
  if (typeof dict === 'string') {
    const [table, text, value] = dict.split(',').map((s) => s.trim());
    return table && text && value ? dict.trim() : undefined;
  }
  if (dict?.table && dict.text && dict.value) return dictKey(dict);
  const { dictTable, dictText, dictCode } = legacy;
  return filled(dictTable) && filled(dictText) && filled(dictCode) ? `${dictTable.trim()},${dictText.trim()},${dictCode.trim()}` : undefined;
}

const path = (endpoint: string, code: string) => `/sys/dict/${endpoint}/${encodeURIComponent(code)}`;

/** One page of a table dictionary whose text or value contains the keyword (contract §4.2 loadDict). */
export async function searchTableDict(code: string, keyword: string, pageSize: number): Promise<Option[]> {
  const res = await http.get<DictItem[]>(path('loadDict', code), { keyword, pageSize });
  return res.success ? res.result.map((i) => ({ label: i.text, value: String(i.value) })) : [];
}

/** The texts of stored values, one per key in order (a key the table no longer has stays as it is). */
export async function tableDictTexts(code: string, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const res = await http.get<string[]>(path('loadDictItem', code), { key: keys.join(','), delNotExist: 'false' });
  return res.success && res.result.length === keys.length ? res.result : keys;
}

/** A stored value as the list of its choices: several travel comma-joined (SPEC §3). */
export const valuesOf = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : String(v).split(',').filter(Boolean));
