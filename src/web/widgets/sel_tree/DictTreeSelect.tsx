import { message } from 'antd';
import { useEffect } from 'react';
import { http } from '../../api/request';
import type { DictRef } from '../../../schema/types';
import { tableDictCode, tableDictTexts, type LegacyDictProps } from '../sel_search/dict-api';
import { treeCondition } from './condition';
import { LazyTreeField, levelNodes, type LazyTreeFieldProps } from './LazyTreeField';

/** SPEC §5. */
export const TREE_CONDITION_MESSAGE = 'JTreeSelect condition传值有误，需要一个json字符串!';

export interface DictTreeSelectProps extends LegacyDictProps, Pick<LazyTreeFieldProps, 'value' | 'onChange' | 'disabled' | 'readOnly' | 'placeholder' | 'aria-label'> {
  /** The tree's table dictionary: `{table, text, value}` or JTreeSelect's `table,text,code`. */
  dict?: DictRef | string;
  pidField?: string;
  /** The parent key of the roots ('' = parent null, '' or '0'). */
  pidValue?: string | number;
  hasChildField?: string;
  /** JSON object (text) of equalities every level must meet. */
  condition?: unknown;
  multiple?: boolean;
  multi?: boolean;
}

/**
 * JTreeSelect (contract §4.5): any declared tree table, loaded a level at a time through
 * /sys/dict/loadTreeData — the roots under `pidValue`, then a node's children when it opens.
 */
export function DictTreeSelect({ dict, dictTable, dictText, dictCode, pidField = 'pid', pidValue, hasChildField, condition, multiple, multi, ...field }: DictTreeSelectProps) {
  const code = tableDictCode(dict, { dictTable, dictText, dictCode });
  const cond = treeCondition(condition);
  useEffect(() => {
    if (cond.invalid) void message.error(TREE_CONDITION_MESSAGE);
  }, [cond.invalid]);

  const [tableName, text, key] = (code ?? '').split(',');
  const base = { tableName, text, code: key, pidField, ...(hasChildField ? { hasChildField } : {}), ...(!cond.invalid && cond.json ? { condition: cond.json } : {}) };
  const source = code && !cond.invalid ? JSON.stringify({ ...base, pidValue }) : undefined;
  const loadLevel = async (parent?: string) => {
    const res = await http.get<Parameters<typeof levelNodes>[0]>('/sys/dict/loadTreeData', { ...base, pid: parent ?? String(pidValue ?? '') });
    return res.success ? levelNodes(res.result) : [];
  };
  return <LazyTreeField {...field} source={source} multiple={multiple === true || multi === true} loadLevel={loadLevel} fetchTexts={(keys) => tableDictTexts(code!, keys)} />;
}
