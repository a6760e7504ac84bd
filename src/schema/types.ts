/**
 * The page-schema language: one JSON document declares an entity once, and the compilers derive
 * its table, API validation, query bar, list columns and form from it (DESIGN.md).
 */

/** Column types, named as the online-form designer names them (contract §9.2 db_type). */
export type ColumnType = 'string' | 'text' | 'int' | 'long' | 'double' | 'decimal' | 'date' | 'datetime' | 'time' | 'boolean' | 'blob';

/** Field views: SPEC §3 view types and the JeecgBoot field-show types. */
export type ViewType =
  | 'text' | 'password' | 'textarea' | 'number' | 'switch' | 'date' | 'datetime' | 'time'
  | 'radio' | 'checkbox' | 'list' | 'list_multi' | 'sel_search' | 'sel_tree' | 'cat_tree' | 'link_down'
  | 'sel_user' | 'sel_depart' | 'popup' | 'pca' | 'file' | 'image' | 'umeditor' | 'markdown' | 'hidden';

/** A dictionary: a code of sys_dict, or a table with its text and value columns. */
export interface DictRef {
  code?: string;
  table?: string;
  text?: string;
  value?: string;
}

export interface FieldSchema {
  name: string;
  label: string;
  type: ColumnType;
  /** Characters for strings, total digits for decimals. */
  length?: number;
  scale?: number;
  nullable?: boolean;
  default?: string | number | boolean;
  unique?: boolean;
  index?: boolean;
  view?: ViewType;
  /** Shown in the list, the form, the query bar. */
  list?: boolean;
  form?: boolean;
  query?: 'single' | 'group' | false;
  dict?: DictRef;
  required?: boolean;
  pattern?: string;
  patternMessage?: string;
  min?: number;
  max?: number;
  checkRule?: string;
  sortable?: boolean;
  width?: number;
  ellipsis?: boolean;
  readonly?: boolean;
  /** Never readable through any generic path (dictionaries, duplicate checks, lists). */
  sensitive?: boolean;
  /** View-specific settings (popup, link_down, pca…). */
  extend?: Record<string, unknown>;
}

export interface TreeSettings {
  pidField: string;
  hasChildField: string;
  textField: string;
}

export interface SubTableSchema {
  code: string;
  /** Column of the sub table that holds the main row's id. */
  foreignKey: string;
  /** Shown inline as an editable table or as tabs. */
  display?: 'table' | 'tabs';
}

export interface PageSchema {
  code: string;
  title: string;
  table: string;
  /** Base path of the CRUD API, e.g. /sys/position. */
  api: string;
  /** Permission prefix: buttons are `<permission>:add|edit|delete|export|import`. */
  permission?: string;
  kind?: 'single' | 'tree' | 'main' | 'sub';
  tree?: TreeSettings;
  subTables?: SubTableSchema[];
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  fields: FieldSchema[];
  version?: number;
}

/** Columns every entity carries; the engine fills them, forms never edit them. */
export const SYSTEM_FIELDS: FieldSchema[] = [
  { name: 'id', label: '主键', type: 'string', length: 32, nullable: false, form: false, list: false, sortable: true },
  { name: 'createBy', label: '创建人', type: 'string', length: 64, form: false },
  { name: 'createTime', label: '创建时间', type: 'datetime', form: false, sortable: true },
  { name: 'updateBy', label: '更新人', type: 'string', length: 64, form: false },
  { name: 'updateTime', label: '更新时间', type: 'datetime', form: false, sortable: true },
  { name: 'sysOrgCode', label: '所属部门', type: 'string', length: 64, form: false },
];

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
