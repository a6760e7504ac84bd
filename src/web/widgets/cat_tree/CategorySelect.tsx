import { message } from 'antd';
import { useEffect } from 'react';
import { http } from '../../api/request';
import { treeCondition } from '../sel_tree/condition';
import { LazyTreeField, levelNodes, type LazyTreeFieldProps } from '../sel_tree/LazyTreeField';

/** SPEC §5: the category select's condition must be a JSON string too. */
export const CATEGORY_CONDITION_MESSAGE = 'JCategorySelect condition传值有误，需要一个json字符串!';

export interface CategorySelectProps extends Pick<LazyTreeFieldProps, 'value' | 'onChange' | 'disabled' | 'readOnly' | 'placeholder' | 'aria-label'> {
  /** Code of the category whose children are the roots; '0' (default) = the top categories. */
  pcode?: string;
  condition?: unknown;
  multiple?: boolean;
  multi?: boolean;
}

const ROOT_CODE = '0';

/** The names of category ids, in order (contract §7.2 loadDictItem). */
async function categoryNames(ids: string[]): Promise<string[]> {
  const res = await http.get<string[]>('/sys/category/loadDictItem', { ids: ids.join(','), delNotExist: 'false' });
  return res.success && res.result.length === ids.length ? res.result : ids;
}

/**
 * JCategorySelect (contract §7.2): the category tree under `pcode`, a level at a time
 * (/sys/category/loadTreeData: roots by pcode, children by pid); stores category ids.
 */
export function CategorySelect({ pcode, condition, multiple, multi, ...field }: CategorySelectProps) {
  const cond = treeCondition(condition);
  useEffect(() => {
    if (cond.invalid) void message.error(CATEGORY_CONDITION_MESSAGE);
  }, [cond.invalid]);

  const root = pcode || ROOT_CODE;
  const filter = !cond.invalid && cond.json ? { condition: cond.json } : {};
  const loadLevel = async (parent?: string) => {
    const res = await http.get<Parameters<typeof levelNodes>[0]>('/sys/category/loadTreeData', parent ? { pid: parent, ...filter } : { pcode: root, ...filter });
    return res.success ? levelNodes(res.result) : [];
  };
  const source = cond.invalid ? undefined : JSON.stringify({ root, ...filter });
  return <LazyTreeField {...field} source={source} multiple={multiple === true || multi === true} loadLevel={loadLevel} fetchTexts={categoryNames} />;
}
