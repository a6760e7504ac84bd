import type { DictRef, FieldSchema, ViewType } from './types';

/**
 * What the language knows of each field view, apart from how it is drawn (the NocoBase "field
 * interface"): the query bar's view for it, whether it stores several values comma-joined, and the
 * dictionary its stored value is read through. The server translates list values with the same
 * facts the browser uses to show them; the online-form designer (issue 5) lists views from here.
 */
export interface ViewInterface {
  /** What the query bar edits this field with (JeecgBoot FORM_VIEW_TO_QUERY_VIEW). */
  queryView: ViewType;
  /** Stores several values, comma-joined. */
  multiple?: (f: FieldSchema) => boolean;
  /** The dictionary its stored value is translated through, when the view implies one. */
  dict?: (f: FieldSchema) => DictRef | undefined;
  /** The server adds `<field>_dictText` by other means than a dictionary (areas: names from codes). */
  listText?: true;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
const multiFlag = (f: FieldSchema) => f.extend?.multiple === true || f.extend?.multi === true;

/** Settings a picker reads from `extend`: which user or department column is stored. */
export const userStore = (f: FieldSchema) => str(f.extend?.store, 'username');
export const departStore = (f: FieldSchema) => str(f.extend?.store, 'id');

/** `link_down` settings (contract §9: `{table, txt, key, linkField, idField, pidField, condition}`). */
export interface LinkDownSettings {
  table: string;
  txt: string;
  key: string;
  idField: string;
  pidField: string;
  /** The form fields of the following levels, in order. */
  linkField?: string[];
  /** Equalities every level must also meet (a JSON object, never SQL). */
  condition?: Record<string, string | number>;
}

export function linkDownSettings(f: FieldSchema): LinkDownSettings | undefined {
  const e = f.extend ?? {};
  const names = ['table', 'txt', 'key', 'idField', 'pidField'] as const;
  if (!names.every((n) => typeof e[n] === 'string' && e[n])) return undefined;
  const linkField = typeof e.linkField === 'string' ? e.linkField.split(',').map((s) => s.trim()).filter(Boolean)
    : Array.isArray(e.linkField) ? e.linkField.map(String) : undefined;
  const condition = e.condition && typeof e.condition === 'object' ? e.condition as Record<string, string | number> : undefined;
  return { table: e.table as string, txt: e.txt as string, key: e.key as string, idField: e.idField as string, pidField: e.pidField as string, linkField, condition };
}

const plain: ViewInterface = { queryView: 'text' };
const choice: ViewInterface = { queryView: 'list', dict: (f) => f.dict };

export const VIEW_INTERFACES: Record<ViewType, ViewInterface> = {
  text: plain,
  password: plain,
  textarea: plain,
  umeditor: plain,
  markdown: plain,
  hidden: plain,
  file: { queryView: 'text', multiple: () => true },
  image: { queryView: 'text', multiple: () => true },
  number: { queryView: 'number' },
  switch: { queryView: 'switch' },
  date: { queryView: 'date' },
  datetime: { queryView: 'datetime' },
  time: { queryView: 'time' },
  list: choice,
  radio: choice,
  list_multi: { queryView: 'list_multi', multiple: () => true, dict: (f) => f.dict },
  checkbox: { queryView: 'list_multi', multiple: () => true, dict: (f) => f.dict },
  sel_search: { queryView: 'sel_search', dict: (f) => f.dict },
  sel_tree: { queryView: 'sel_tree', multiple: multiFlag, dict: (f) => f.dict },
  cat_tree: { queryView: 'cat_tree', multiple: multiFlag, dict: () => ({ table: 'sys_category', text: 'name', value: 'id' }) },
  link_down: {
    queryView: 'link_down',
    dict: (f) => {
      const s = linkDownSettings(f);
      return s ? { table: s.table, text: s.txt, value: s.key } : undefined;
    },
  },
  sel_user: { queryView: 'sel_user', multiple: (f) => f.extend?.multiple !== false, dict: (f) => ({ table: 'sys_user', text: 'realname', value: userStore(f) }) },
  sel_depart: { queryView: 'sel_depart', multiple: multiFlag, dict: (f) => ({ table: 'sys_depart', text: 'departName', value: departStore(f) }) },
  // The values a report row hands over: shown as they are.
  popup: plain,
  // Area codes: translated through the bundled area data, not a dictionary.
  pca: { queryView: 'pca', listText: true },
};

export function viewInterface(view: ViewType | undefined): ViewInterface {
  return VIEW_INTERFACES[view ?? 'text'] ?? plain;
}

/** The dictionary a field's stored value reads through: its own, else the one its view implies. */
/** Whether list rows carry `<field>_dictText` for this field, so a list shows that text. */
export function hasListText(f: FieldSchema): boolean {
  return !!dictOf(f) || !!viewInterface(f.view).listText;
}

export function dictOf(f: FieldSchema): DictRef | undefined {
  if (f.dict) return f.dict;
  return viewInterface(f.view).dict?.(f);
}
