import { encodeQuery, type QueryItem } from '../../../../schema/query-bar';
import type { ReportParamInfo, ReportQueryItem } from './api';

/** The form name of a report parameter's input, which is also the request parameter getData reads. */
export const paramKey = (p: Pick<ReportParamInfo, 'paramName'>) => `self_${p.paramName}`;

/** The list grammar's view of a report search field: a dictionary is matched exactly, a String column as a substring. */
const asQueryItem = (i: ReportQueryItem): QueryItem => ({
  field: i.field, label: i.label, mode: i.mode, view: i.dictCode ? 'list' : 'text', textual: !i.dictCode && i.view === 'string',
});

/**
 * getData's parameters for a filled query bar: `f` (typed text as `*x*`), `f_begin`/`f_end` for
 * ranges, `self_<name>` for each parameter given a value.
 */
export function reportQuery(items: ReportQueryItem[], params: ReportParamInfo[], values: Record<string, unknown>): Record<string, string> {
  const query = encodeQuery(items.map(asQueryItem), values as Parameters<typeof encodeQuery>[1]);
  for (const p of params) {
    const v = values[paramKey(p)];
    if (v !== undefined && v !== null && String(v).trim() !== '') query[paramKey(p)] = String(v).trim();
  }
  return query;
}

/** A stored value as its dictionary text; several comma-joined values each translated, unknown ones kept. */
export function dictText(options: { value: string; text: string }[] | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (!options) return String(value);
  return String(value).split(',').map((part) => options.find((o) => String(o.value) === part)?.text ?? part).join(',');
}
