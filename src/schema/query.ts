/**
 * The JeecgBoot list-query grammar (contract §5) as pure data: request parameters in, a list of
 * conditions and sort orders out, checked against the declared fields. The server turns the result
 * into SQL with bound values; nothing here knows about a database.
 */

export type FieldKind = 'string' | 'number' | 'date' | 'datetime' | 'boolean';

export interface QueryField {
  name: string;
  kind: FieldKind;
  sortable?: boolean;
  /** Stores several values comma-joined (a multi-select, a user picker): a value is found among them. */
  multiple?: boolean;
}

export type Op = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'left_like' | 'right_like' | 'in' | 'multi_like';

export interface Condition {
  field: string;
  op: Op;
  /** A single value, or a list for `in` and `multi_like`. */
  value: string | number | (string | number)[];
  /** `multi_like` over a comma-joined column: each pattern is matched against `,<column>,`. */
  element?: boolean;
}

export interface SortOrder {
  field: string;
  dir: 'asc' | 'desc';
}

export interface ParsedQuery {
  where: Condition[];
  /** superQueryParams, combined with `superMatch` and AND-ed with `where`. */
  superWhere: Condition[];
  superMatch: 'and' | 'or';
  sort: SortOrder[];
  pageNo: number;
  /** -521 means every row (contract §9.4). */
  pageSize: number;
  selections: string[];
}

export class QueryError extends Error {}

/** Parameters that steer the query rather than filter a field. */
export const RESERVED_PARAMS = new Set([
  'pageNo', 'pageSize', 'column', 'order', 'field', '_t', 'superQueryParams', 'superQueryMatchType', 'selections',
  'token', 'code', 'sign', 'tenant_id', 'hasQuery', 'pid', 'tabletype',
]);

const WORD_OPS: Record<string, Op> = { ge: 'ge', le: 'le', gt: 'gt', lt: 'lt', eq: 'eq', ne: 'ne' };
const SYMBOL2: Record<string, Op> = { '>=': 'ge', '<=': 'le', '!=': 'ne' };
const SYMBOL1: Record<string, Op> = { '>': 'gt', '<': 'lt', '=': 'eq' };

/** Escapes LIKE wildcards with backslashes (the SQL side says ESCAPE '\\'). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads one filter value by its shape (contract §5 rule 5, tolerant of `>=x` without the space). */
export function parseValue(raw: string): { op: Op; value: string | string[] } | null {
  const v = raw.trim();
  if (!v) return null;
  if (v.length > 2 && v.startsWith(',') && v.endsWith(',')) {
    const parts = v.slice(1, -1).split(',').map((s) => s.trim()).filter(Boolean);
    return parts.length ? { op: 'multi_like', value: parts } : null;
  }
  const two = v.slice(0, 2);
  if (SYMBOL2[two]) return withOperand(SYMBOL2[two], v.slice(2));
  const word = /^([a-z]{2}) (.+)$/.exec(v);
  if (word && WORD_OPS[word[1]]) return withOperand(WORD_OPS[word[1]], word[2]);
  if (SYMBOL1[v[0]] && v[1] === ' ') return withOperand(SYMBOL1[v[0]], v.slice(2));
  if (v === '*') return { op: 'eq', value: '*' };
  if (v.includes('*')) {
    const starts = v.startsWith('*'), ends = v.endsWith('*');
    const core = v.replace(/^\*+|\*+$/g, '');
    if (!core) return null;
    if (starts && ends) return { op: 'like', value: core };
    if (starts) return { op: 'left_like', value: core };
    if (ends) return { op: 'right_like', value: core };
    return { op: 'like', value: core.replace(/\*/g, '') };
  }
  if (v.includes(',')) return { op: 'in', value: v.split(',').map((s) => s.trim()).filter(Boolean) };
  if (v.startsWith('!')) return withOperand('ne', v.slice(1));
  if (v.includes('++')) return { op: 'eq', value: v.replace(/\+\+/g, ',') };
  return { op: 'eq', value: v };
}

function withOperand(op: Op, rest: string) {
  const value = rest.trim();
  return value ? { op, value } : null;
}

/** Converts a text operand to the field's kind; a bad number or date is the client's mistake. */
export function coerce(field: QueryField, text: string, bound?: 'begin' | 'end'): string | number {
  switch (field.kind) {
    case 'number': {
      const n = Number(text);
      if (!Number.isFinite(n) || text.trim() === '') throw new QueryError(`查询字段 ${field.name} 需要数字，收到 "${text.slice(0, 40)}"`);
      return n;
    }
    case 'boolean':
      return text;
    case 'date':
    case 'datetime': {
      const t = text.trim();
      if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(t)) throw new QueryError(`查询字段 ${field.name} 需要日期 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss，收到 "${t.slice(0, 40)}"`);
      if (field.kind === 'datetime' && t.length === 10) return bound === 'end' ? `${t} 23:59:59` : `${t} 00:00:00`;
      if (field.kind === 'datetime' && t.length === 16) return `${t}:${bound === 'end' ? '59' : '00'}`;
      return t;
    }
    default:
      return text;
  }
}

function condition(field: QueryField, op: Op, value: string | string[]): Condition {
  // A comma-joined column holds a value when it is one of its parts: `b` finds `a,b,c`, not `ab`.
  if (field.multiple && (op === 'eq' || op === 'in' || op === 'multi_like')) {
    const parts = (Array.isArray(value) ? value : [value]).map((x) => String(coerce(field, x)));
    return { field: field.name, op: 'multi_like', value: parts.map((x) => `%,${escapeLike(x)},%`), element: true };
  }
  if (Array.isArray(value)) {
    const list = value.map((x) => coerce(field, x));
    return { field: field.name, op, value: op === 'multi_like' ? list.map((x) => `%${escapeLike(String(x))}%`) : list };
  }
  if (op === 'like') return { field: field.name, op, value: `%${escapeLike(value)}%` };
  if (op === 'left_like') return { field: field.name, op, value: `%${escapeLike(value)}` };
  if (op === 'right_like') return { field: field.name, op, value: `${escapeLike(value)}%` };
  return { field: field.name, op, value: coerce(field, value) };
}

const SUPER_RULES: Record<string, Op> = {
  eq: 'eq', '=': 'eq', ne: 'ne', '!=': 'ne', gt: 'gt', '>': 'gt', ge: 'ge', '>=': 'ge', lt: 'lt', '<': 'lt', le: 'le', '<=': 'le',
  like: 'like', LIKE: 'like', left_like: 'left_like', LEFT_LIKE: 'left_like', right_like: 'right_like', RIGHT_LIKE: 'right_like', in: 'in', IN: 'in',
};

function parseSuper(raw: string, byName: Map<string, QueryField>): Condition[] {
  let items: unknown;
  try {
    items = JSON.parse(decodeURIComponent(raw));
  } catch {
    try { items = JSON.parse(raw); } catch { throw new QueryError('superQueryParams 不是合法的JSON数组'); }
  }
  if (!Array.isArray(items)) throw new QueryError('superQueryParams 不是合法的JSON数组');
  if (items.length > 50) throw new QueryError('superQueryParams 条件过多（最多50个）');
  const out: Condition[] = [];
  for (const item of items as Record<string, unknown>[]) {
    const name = String(item?.field ?? ''), rule = String(item?.rule ?? ''), val = item?.val;
    if (!name || !rule || val === undefined || val === null || val === '') continue;
    const field = byName.get(name);
    if (!field) throw new QueryError(`未知的查询字段: ${name.slice(0, 64)}`);
    const op = SUPER_RULES[rule];
    if (!op) throw new QueryError(`不支持的查询规则: ${rule.slice(0, 20)}`);
    const text = String(val);
    out.push(condition(field, op, op === 'in' ? text.split(',').map((s) => s.trim()).filter(Boolean) : text));
  }
  return out;
}

const int = (raw: unknown, fallback: number, name: string): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new QueryError(`${name} 需要整数`);
  return n;
};

/**
 * Parses list parameters against the declared fields: a client can only filter and sort by what the
 * schema declares. Parameters naming no declared field are ignored (as JeecgBoot's QueryGenerator does);
 * an undeclared sort column or super-query field is refused, since ignoring it would answer another question.
 */
/** A page's query fields by name, made once per fields array (a page parses a query on every list request). */
const fieldIndexes = new WeakMap<QueryField[], Map<string, QueryField>>();
function fieldIndex(fields: QueryField[]): Map<string, QueryField> {
  let index = fieldIndexes.get(fields);
  if (!index) fieldIndexes.set(fields, (index = new Map(fields.map((f) => [f.name, f]))));
  return index;
}

export function parseListQuery(params: Record<string, unknown>, fields: QueryField[], opts: { defaultSort?: SortOrder[]; maxPageSize?: number } = {}): ParsedQuery {
  const byName = fieldIndex(fields);
  const where: Condition[] = [];
  for (const [key, rawValue] of Object.entries(params)) {
    // A declared field wins over a reserved name: `code` is both a common column and the WeChat code parameter.
    if ((RESERVED_PARAMS.has(key) && !byName.has(key)) || rawValue === undefined || rawValue === null) continue;
    const raw = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    const range = /^(.+)_(begin|end)$/.exec(key);
    const multi = /^(.+)_MultiString$/.exec(key);
    const name = range ? range[1] : multi ? multi[1] : key;
    const field = byName.get(name);
    // A parameter naming no declared field is a client's own state (JeecgBoot binds only entity properties): ignored, never SQL.
    if (!field) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') throw new QueryError(`查询参数 ${key} 的值无效`);
    const text = String(raw);
    if (text.length > 1000) throw new QueryError(`查询参数 ${key} 过长`);
    if (!text.trim()) continue;
    if (range) where.push({ field: name, op: range[2] === 'begin' ? 'ge' : 'le', value: coerce(field, text, range[2] as 'begin' | 'end') });
    else if (multi) where.push(condition(field, 'in', text.split(',').filter(Boolean)));
    else {
      const parsed = parseValue(text);
      if (parsed) where.push(condition(field, parsed.op, parsed.value));
    }
  }

  const sort: SortOrder[] = [];
  const column = typeof params.column === 'string' ? params.column.trim() : '';
  if (column) {
    const dir = /asc/i.test(String(params.order ?? '')) ? 'asc' : 'desc';
    for (const c of column.split(',').map((s) => s.trim().replace(/_dictText$/, '')).filter(Boolean)) {
      const field = byName.get(c);
      if (!field || field.sortable === false) throw new QueryError(`请注意，将要排序的列字段不存在：${c.slice(0, 64)}`);
      sort.push({ field: c, dir });
    }
  }

  const maxPageSize = opts.maxPageSize ?? 1000;
  const pageNo = Math.max(1, int(params.pageNo, 1, 'pageNo'));
  const pageSize = int(params.pageSize, 10, 'pageSize');
  if (pageSize !== -521 && (pageSize < 1 || pageSize > maxPageSize)) throw new QueryError(`pageSize 需在 1 到 ${maxPageSize} 之间`);

  const superRaw = params.superQueryParams;
  const superWhere = typeof superRaw === 'string' && superRaw ? parseSuper(superRaw, byName) : [];
  const selections = typeof params.selections === 'string' ? params.selections.split(',').map((s) => s.trim()).filter(Boolean) : [];
  return {
    where, superWhere, superMatch: String(params.superQueryMatchType ?? 'and').toLowerCase() === 'or' ? 'or' : 'and',
    sort: sort.length ? sort : (opts.defaultSort ?? []), pageNo, pageSize, selections,
  };
}
