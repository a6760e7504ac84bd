import { digitLimits } from './number-limits';
import { defaultView } from './form';
import { dictOf, hasListText } from './views';
import type { DictRef, PageSchema, ViewType } from './types';

/** One column of a page's list. */
export interface ListColumn {
  field: string;
  title: string;
  view: ViewType;
  /** The list answers `<field>_dictText`: show that instead of the stored value. */
  dictText: boolean;
  dict?: DictRef;
  extend?: Record<string, unknown>;
  sortable: boolean;
  width?: number;
  ellipsis: boolean;
  /** Digits after the point a decimal column keeps: its numbers are shown with them (12000.50). */
  scale?: number;
}

/** The list columns of a page: declared list fields, never a sensitive or virtual one. */
export function listColumns(schema: Pick<PageSchema, 'fields'>): ListColumn[] {
  return schema.fields.filter((f) => f.list !== false && !f.virtual && !f.sensitive && f.view !== 'password' && f.view !== 'hidden').map((f) => ({
    field: f.name,
    title: f.label,
    view: defaultView(f),
    dictText: hasListText(f),
    dict: dictOf(f),
    extend: f.extend,
    sortable: f.sortable !== false,
    width: f.width,
    ellipsis: f.ellipsis ?? (f.type === 'text' || (f.length ?? 0) > 100),
    ...(f.type === 'decimal' || f.type === 'double' ? { scale: digitLimits(f)?.scale } : {}),
  }));
}
