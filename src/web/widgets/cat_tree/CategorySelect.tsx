import type { Field } from '@formily/core';
import { observer, useField } from '@formily/react';
import { message } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { branchKey, branchMessages, branchNamed, insideCode } from '../../../schema/category-branch';
import type { DictRef } from '../../../schema/types';
import { http } from '../../api/request';
import { dictItems, dictKey } from '../dict/dict-cache';
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
  /**
   * Another field of the record (on a code dictionary) whose text names the branch under `pcode`
   * whose subtree is offered (schema/category-branch.ts).
   */
  branchBy?: string;
}

const ROOT_CODE = '0';

type ServerNode = Parameters<typeof levelNodes>[0][number] & { code?: string };

/** The names of category ids, in order (contract §7.2 loadDictItem). */
async function categoryNames(ids: string[]): Promise<string[]> {
  const res = await http.get<string[]>('/sys/category/loadDictItem', { ids: ids.join(','), delNotExist: 'false' });
  return res.success && res.result.length === ids.length ? res.result : ids;
}

/** A field of the same record (top level, or the same sub-table row). */
const sibling = (field: Field, name: string) => field.form.query(field.path.parent().concat(name)).take() as Field | undefined;

/** The branch found for one value of the other field: its node, or null when no child of the root is named so. */
interface Resolved { for: string; branch: { key: string; code: string } | null }

/**
 * The branch the other field's value names: its dictionary text, then the root's child of that
 * name (loadTreeData by pcode, codes included). Undefined while asked, or when the field is empty.
 */
function useBranch(root: string, byValue: string | undefined, byDict: DictRef | undefined): Resolved | undefined {
  const [resolved, setResolved] = useState<Resolved>();
  const dict = dictKey(byDict);
  useEffect(() => {
    if (byValue === undefined) return;
    let live = true;
    void (async () => {
      const items = dict ? await dictItems(dict) : [];
      const text = items.find((i) => String(i.value) === byValue)?.text ?? byValue;
      const res = await http.get<ServerNode[]>('/sys/category/loadTreeData', { pcode: root });
      const children = res.success ? res.result.map((n) => ({ key: String(n.key), name: n.title, code: String(n.code ?? '') })) : [];
      const found = branchNamed(children, text);
      if (live) setResolved({ for: byValue, branch: found ? { key: found.key, code: found.code } : null });
    })().catch(() => undefined);
    return () => { live = false; };
  }, [root, byValue, dict]);
  return byValue !== undefined && resolved?.for === byValue ? resolved : undefined;
}

/** The chosen ids that lie under `scope` (a code; '' for every category), by their codes (loadOne). */
async function keptUnder(ids: string[], scope: string): Promise<string[]> {
  const codes = await Promise.all(ids.map((id) => http.get<{ code?: string }>('/sys/category/loadOne', { field: 'id', val: id })
    .then((r) => (r.success ? r.result.code : undefined)).catch(() => undefined)));
  return ids.filter((_, i) => codes[i] !== undefined && insideCode(codes[i]!, scope));
}

/**
 * JCategorySelect (contract §7.2): the category tree under `pcode`, a level at a time
 * (/sys/category/loadTreeData: roots by pcode, children by pid); stores category ids.
 * With `branchBy`, the tree is the branch the other field names: disabled while that field is
 * empty, and a choice outside the new branch is cleared when it changes.
 */
export const CategorySelect = observer(function CategorySelect({ pcode, condition, multiple, multi, branchBy, ...field }: CategorySelectProps) {
  const cond = treeCondition(condition);
  useEffect(() => {
    if (cond.invalid) void message.error(CATEGORY_CONDITION_MESSAGE);
  }, [cond.invalid]);

  const own = useField<Field>();
  const following = !!branchBy && !!own && own.pattern !== 'readPretty';
  const by = following ? sibling(own, branchBy) : undefined;
  const byValue = following ? branchKey(own.form.getValuesIn(own.path.parent().concat(branchBy))) : undefined;
  const root = pcode || ROOT_CODE;
  const resolved = useBranch(root, byValue, by?.componentProps?.dict as DictRef | undefined);
  const branch = resolved?.branch ?? null;

  // The other field changed from one value to another (or to none): a choice outside the new branch goes.
  const { value, onChange } = field;
  const checkedFor = useRef(byValue);
  useEffect(() => {
    if (!following) return;
    const before = checkedFor.current;
    if (byValue === before || (byValue !== undefined && !resolved)) return;
    checkedFor.current = byValue;
    // From nothing to a value: the field was disabled (or the stored row just came in), nothing to undo.
    if (before === undefined) return;
    const ids = String(value ?? '').split(',').filter(Boolean);
    if (!ids.length) return;
    if (byValue === undefined) { onChange?.(null); return; }
    let live = true;
    void keptUnder(ids, branch ? branch.code : root === ROOT_CODE ? '' : root).then((kept) => {
      if (live && kept.length !== ids.length) onChange?.(kept.length ? kept.join(',') : null);
    });
    return () => { live = false; };
  }, [following, byValue, resolved]); // eslint-disable-line react-hooks/exhaustive-deps

  const filter = !cond.invalid && cond.json ? { condition: cond.json } : {};
  const loadLevel = async (parent?: string) => {
    const at = parent ? { pid: parent } : branch ? { pid: branch.key } : { pcode: root };
    const res = await http.get<Parameters<typeof levelNodes>[0]>('/sys/category/loadTreeData', { ...at, ...filter });
    return res.success ? levelNodes(res.result) : [];
  };
  const echo = cond.invalid ? undefined : JSON.stringify({ root, ...filter });
  // Following another field, the tree waits for its branch; the chosen names are shown meanwhile.
  const source = !echo || !following ? echo : resolved ? JSON.stringify({ root, branch: branch?.key ?? null, ...filter }) : undefined;
  const placeholder = following && byValue === undefined ? branchMessages.placeholder({ by: { label: String(by?.title ?? branchBy) } }) : field.placeholder;
  return <LazyTreeField {...field} placeholder={placeholder} source={source} echo={echo} multiple={multiple === true || multi === true} loadLevel={loadLevel} fetchTexts={categoryNames} />;
});
