import type { ActionValue, PageAction } from '../../schema/types';

type Row = Record<string, unknown>;

/**
 * The values an action sends: `$field` is the row's value, `$ids` the selected ids joined by
 * commas, anything else a literal. Data in, data out: nothing from a schema is ever evaluated.
 */
export function resolveValues(values: Record<string, ActionValue> | undefined, row: Row | null, selectedIds: string[]): Row | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([k, v]) => {
    if (typeof v !== 'string' || !v.startsWith('$')) return [k, v];
    if (v === '$ids') return [k, selectedIds.join(',')];
    return [k, row?.[v.slice(1)] ?? null];
  }));
}

/** A row action shows only when its `when` holds for the row (values compared as text). */
export function actionApplies(action: PageAction, row: Row | null): boolean {
  if (!action.when) return true;
  if (!row) return false;
  return [action.when].flat().every((w) => w.in.some((x) => String(x) === String(row[w.field] ?? '')));
}

/**
 * What a record opened by its address (工作台's 去处理, a notice) shows first: the row's first visible
 * panel that applies to it (a sheet waiting for scores opens 评分, a submitted task 查看评分, a result
 * its 结果卡), else nothing and the page shows its 详情.
 */
export function workPanel(actions: PageAction[] | undefined, row: Row, can: (action: PageAction) => boolean): PageAction | undefined {
  return actions?.find((a) => a.place === 'row' && a.panel && a.inline && actionApplies(a, row) && can(a));
}
