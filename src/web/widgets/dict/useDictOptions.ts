import { useEffect, useState } from 'react';
import type { DictRef } from '../../../schema/types';
import { dictItems, dictKey } from './dict-cache';

export interface Option { label: string; value: string }

/** The options of a field's dictionary, as antd wants them. */
export function useDictOptions(dict: DictRef | undefined): Option[] {
  const key = dictKey(dict);
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    if (!key) return;
    let live = true;
    void dictItems(key).then((items) => {
      if (live) setOptions(items.map((i) => ({ label: i.text ?? i.label ?? i.title ?? String(i.value), value: String(i.value) })));
    });
    return () => { live = false; };
  }, [key]);
  return options;
}
