import { defaultView } from './form';
import { dictOf } from './views';
import type { DictRef, FieldSchema, PageSchema, ViewType } from './types';

/** One input of a page's query bar (the online query item of SPEC §3). */
export interface QueryItem {
  field: string;
  label: string;
  view: ViewType;
  /** `group` is a range: two inputs sent as `<field>_begin` and `<field>_end`. */
  mode: 'single' | 'group';
  dict?: DictRef;
  extend?: Record<string, unknown>;
  /** The column is text, so a typed value is searched as a substring. */
  textual: boolean;
}

const TEXT_VIEWS = new Set<ViewType>(['text', 'textarea', 'umeditor', 'markdown', 'password']);
const MULTI_VIEWS = new Set<ViewType>(['list_multi', 'checkbox']);

export function queryItems(schema: Pick<PageSchema, 'fields'>): QueryItem[] {
  return schema.fields.filter((f) => f.query && !f.virtual && !f.sensitive).map((f: FieldSchema) => {
    const view = defaultView(f);
    return {
      field: f.name, label: f.label, view, mode: f.query === 'group' ? 'group' : 'single', dict: dictOf(f), extend: f.extend,
      textual: (f.type === 'string' || f.type === 'text') && TEXT_VIEWS.has(view),
    };
  });
}

type QueryValue = string | number | boolean | null | undefined | (string | number)[];

const blank = (v: QueryValue) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * The request parameters of a filled query bar, in the list grammar (contract §5, SPEC §5 text
 * filters): typed text is wrapped `*x*` (unless it already carries a wildcard or an operator),
 * several choices become a comma list (`in`), ranges become `_begin`/`_end`. Dates are never wrapped.
 */
export function encodeQuery(items: QueryItem[], values: Record<string, QueryValue>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const item of items) {
    if (item.mode === 'group') {
      const [begin, end] = (Array.isArray(values[item.field]) ? values[item.field] : [values[`${item.field}_begin`], values[`${item.field}_end`]]) as QueryValue[];
      if (!blank(begin)) params[`${item.field}_begin`] = String(begin).trim();
      if (!blank(end)) params[`${item.field}_end`] = String(end).trim();
      continue;
    }
    const v = values[item.field];
    if (blank(v)) continue;
    if (Array.isArray(v)) params[item.field] = v.join(',');
    else if (MULTI_VIEWS.has(item.view)) params[item.field] = String(v);
    else if (item.textual) params[item.field] = likeValue(String(v).trim());
    else params[item.field] = String(v).trim();
  }
  return params;
}

/** `x` → `*x*`; a value that already says how to match (`*`, `!`, `>=`, `<=`) is sent as typed. */
export function likeValue(v: string): string {
  if (/^(\*|!|>=|<=)|\*$/.test(v)) return v;
  return `*${v}*`;
}
