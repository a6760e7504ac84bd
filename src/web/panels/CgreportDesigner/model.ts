/** The report designer's rows: a column of the report (onl_cgreport_item) and a `${}` parameter (onl_cgreport_param). */
export interface ReportField {
  /** Stored row id (an edited report); the server updates rows that keep theirs. */
  id?: string;
  fieldName: string;
  fieldTxt: string;
  fieldType: string;
  isShow: number;
  isOrder: number;
  isSearch: number;
  searchMode: string;
  dictCode: string | null;
  fieldWidth: number | null;
  orderNum: number;
}

export interface ReportParam {
  id?: string;
  paramName: string;
  paramTxt: string;
  paramValue: string | null;
  orderNum: number;
}

export interface ReportHead {
  id?: string;
  code: string;
  name: string;
  cgrSql: string;
}

type Row = Record<string, unknown>;

const num = (v: unknown, fallback: number) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? fallback : Number(v));
const textOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const idOf = (r: Row) => (typeof r.id === 'string' && r.id ? { id: r.id } : {});

/** A stored or parsed column as the grid edits it (only the columns the designer writes). */
export function toField(r: Row): ReportField {
  return {
    ...idOf(r),
    fieldName: String(r.fieldName ?? ''),
    fieldTxt: String(r.fieldTxt ?? ''),
    fieldType: String(r.fieldType || 'String'),
    isShow: num(r.isShow, 1),
    isOrder: num(r.isOrder, 0),
    isSearch: num(r.isSearch, 0),
    searchMode: r.searchMode === 'group' ? 'group' : 'single',
    dictCode: textOrNull(r.dictCode),
    fieldWidth: r.fieldWidth === null || r.fieldWidth === undefined || r.fieldWidth === '' ? null : num(r.fieldWidth, 0),
    orderNum: num(r.orderNum, 0),
  };
}

export function toParam(r: Row): ReportParam {
  return { ...idOf(r), paramName: String(r.paramName ?? ''), paramTxt: String(r.paramTxt ?? ''), paramValue: textOrNull(r.paramValue), orderNum: num(r.orderNum, 0) };
}

/**
 * The rows a new parse gives, in the statement's order, each row the admin already had for the same
 * name (letter case aside: PostgreSQL folds it) kept as it was, its id, texts and settings; rows for
 * names the statement no longer has go.
 */
function merge<T, K extends keyof T>(current: T[], parsed: T[], key: K): T[] {
  const kept = new Map(current.map((r) => [String(r[key]).toLowerCase(), r]));
  return parsed.map((p) => {
    const old = kept.get(String(p[key]).toLowerCase());
    return old ? { ...old, [key]: p[key] } : p;
  });
}

export const mergeFields = (current: ReportField[], parsed: Row[]) => merge(current, parsed.map(toField), 'fieldName');
export const mergeParams = (current: ReportParam[], parsed: Row[]) => merge(current, parsed.map(toParam), 'paramName');

/** The sub table keys of the generic main/sub add and edit (`<subCode>List`). */
export const ITEM_LIST = 'onl_cgreport_itemList';
export const PARAM_LIST = 'onl_cgreport_paramList';

/**
 * The body of `/online/cgreport/head/add` or `edit`: the head, and both lists in full (an edit
 * replaces the stored rows: those sent with their id are updated, the others deleted or inserted).
 */
export function saveBody(head: ReportHead, fields: ReportField[], params: ReportParam[]): Row {
  return {
    ...(head.id ? { id: head.id } : {}),
    code: head.code.trim(),
    name: head.name.trim(),
    cgrSql: head.cgrSql,
    [ITEM_LIST]: fields.map((f) => ({ ...f, fieldTxt: f.fieldTxt.trim() || f.fieldName, dictCode: f.dictCode?.trim() || null })),
    [PARAM_LIST]: params.map((p) => ({ ...p, paramTxt: p.paramTxt.trim() || p.paramName })),
  };
}
