import { useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../../api/request';
import type { FieldSchema, ViewType } from '../../../schema/types';
import { viewInterface } from '../../../schema/views';
import { dictKey } from '../dict/dict-cache';

/**
 * What the user and department pickers share: their stored value (a comma list of one column),
 * the facts of views.ts read from their props, and the echo of stored keys as names.
 */

/** One chosen record: the stored key and the name shown for it. */
export interface Choice { key: string; label: string }

export const splitKeys = (v: unknown): string[] =>
  v === null || v === undefined || v === '' ? [] : String(v).split(',').map((s) => s.trim()).filter(Boolean);
export const joinKeys = (choices: Choice[]) => choices.map((c) => c.key).join(',');
export const namesText = (choices: Choice[]) => choices.map((c) => c.label).join(',');

/**
 * A picker's settings as views.ts decides them (the same rules the server translates lists by):
 * its props are its field's `extend`, so they are read as one.
 */
export function pickerFacts(view: Extract<ViewType, 'sel_user' | 'sel_depart'>, props: Record<string, unknown>) {
  const field = { name: '', label: '', type: 'string', view, extend: props } as FieldSchema;
  const vi = viewInterface(view);
  const dict = vi.dict!(field)!;
  return { multiple: !!vi.multiple?.(field), store: dict.value!, dictCode: dictKey(dict)! };
}

/**
 * The names of stored keys. Each unknown key is asked once through the view's dictionary
 * (loadDictItem, keys in order, an unknown one kept as itself), never per render; names the picker
 * learnt while choosing (`learn`) need no call at all.
 */
export function useChoices(dictCode: string, keys: string[]) {
  // A new cache for another dictionary.
  const known = useMemo(() => new Map<string, string>(), [dictCode]); // eslint-disable-line react-hooks/exhaustive-deps
  const [, setVersion] = useState(0);
  const missing = keys.filter((k) => !known.has(k)).join(',');

  useEffect(() => {
    if (!missing) return;
    const asked = missing.split(',');
    let live = true;
    http.get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(dictCode)}`, { key: missing, delNotExist: 'false' }).then((res) => {
      if (!res.success) return;
      asked.forEach((k, i) => known.set(k, res.result[i] || k));
      if (live) setVersion((v) => v + 1);
    }).catch(() => undefined); // the request layer has shown why; the keys stay shown as they are
    return () => { live = false; };
  }, [dictCode, known, missing]);

  const learn = useCallback((choices: Choice[]) => {
    for (const c of choices) known.set(c.key, c.label);
    setVersion((v) => v + 1);
  }, [known]);

  return { choices: keys.map((key) => ({ key, label: known.get(key) ?? key })), learn };
}
