import type { CrossCheck, SumCheck } from './cross-checks';
import type { LinkageRule } from './linkage';
import type { RowMark } from './row-marks';
import type { RowRule } from './row-rules';
import type { ValueCheckName } from './value-checks';
import type { WorkflowSchema } from './workflow';

/**
 * The page-schema language: one JSON document declares an entity once, and the compilers derive
 * its table, API validation, query bar, list columns and form from it (DESIGN.md).
 */

/** Column types, named as the online-form designer names them (contract §9.2 db_type). */
export type ColumnType = 'string' | 'text' | 'int' | 'long' | 'double' | 'decimal' | 'date' | 'datetime' | 'time' | 'boolean' | 'blob';

/** Field views: SPEC §3 view types and the JeecgBoot field-show types (the meta-schema's list too). */
export const VIEW_TYPES = [
  'text', 'password', 'textarea', 'number', 'switch', 'date', 'datetime', 'time',
  'radio', 'checkbox', 'list', 'list_multi', 'sel_search', 'sel_tree', 'cat_tree', 'link_down',
  'sel_user', 'sel_depart', 'popup', 'pca', 'file', 'image', 'umeditor', 'markdown', 'hidden',
] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

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
  /** A named check beyond a pattern (value-checks.ts: `creditCode`), run by the server and the form alike. */
  valueCheck?: ValueCheckName;
  sortable?: boolean;
  /**
   * Searched by contains (`*x*`) through the database's text index (SQLite FTS5 trigram, PostgreSQL
   * pg_trgm), kept in step by the database on every write. A string or text column; terms under
   * three characters still scan.
   */
  search?: boolean;
  width?: number;
  ellipsis?: boolean;
  readonly?: boolean;
  /** Never readable through any generic path (dictionaries, duplicate checks, lists). */
  sensitive?: boolean;
  /**
   * Personal data (a phone, an e-mail): read only by those who may read this page's rows (its menu
   * entry or buttons, or the administrator role). Table dictionaries, duplicate checks, tree data and
   * cascading selects refuse it to anyone else, and no other page may declare a dictionary over it.
   */
  personal?: boolean;
  /** View-specific settings (popup, link_down, pca…). */
  extend?: Record<string, unknown>;
  /**
   * Not a column: accepted and validated in add/edit bodies and handed to the page's server
   * module (a user's roles, a new password). Never stored by the engine itself.
   */
  virtual?: boolean;
  /**
   * With `form: false`: written by the page's own panel (a scoring sheet's scores), so accepted in
   * add/edit bodies and checked by the page's module. Any other field outside the form is the server's.
   */
  input?: boolean;
}

/**
 * A value an action sends: a literal, `$<field>` for the row's value, `$ids` for the selected
 * rows' ids joined by commas. Data, not code: nothing is evaluated.
 */
export type ActionValue = string | number | boolean;

/** An extra button of a page beyond add/edit/delete: a request, or a named panel of the web app. */
export interface PageAction {
  key: string;
  label: string;
  /** On each row, or in the toolbar (acting on the selected rows). */
  place: 'row' | 'toolbar';
  request?: {
    method: 'get' | 'post' | 'put' | 'delete'; url: string; params?: Record<string, ActionValue>; body?: Record<string, ActionValue>;
    /**
     * What a person may do when the server refuses for the rows' state (409, e.g. 还有4份评分未提交):
     * the refusal is shown with this button, which sends the request again with these body values
     * (`{ force: true }`: 强制公示, which the server records). Without it a 409 is only explained.
     */
    override?: { label: string; body: Record<string, ActionValue> };
  };
  /** A panel registered by the web app (e.g. the role permission tree), opened with the row. */
  panel?: string;
  /** Asked before the request is sent. */
  confirm?: string;
  /** Button code checked by the server and by the UI `has` rule. */
  permission?: string;
  /** Shown only when the row's field holds one of these values (a list: when every one holds). */
  when?: ActionWhen | ActionWhen[];
  danger?: boolean;
  /** A row action shown beside 编辑 rather than under 更多 (the page's main errand, e.g. 授权). */
  inline?: boolean;
  /** A toolbar action that is the page's main button where the engine's 新增 is off (新增表单): drawn as 新增 is, first. */
  primary?: boolean;
}

export interface ActionWhen { field: string; in: (string | number)[] }

export interface PageView {
  component: string;
  title: string;
  features?: PageSchema['features'];
  /** The query bar's values when the page opens (项目审核 opens on 已提交); the user may change them. */
  query?: Record<string, string>;
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
  /**
   * How one row is named to people (notices, assignments): its noun and the field holding its title,
   * so a notice reads 项目「城市地下管网智能巡检机器人」已通过 rather than the page's name.
   */
  record?: { noun: string; title: string };
  table: string;
  /** Base path of the CRUD API, e.g. /sys/position. */
  api: string;
  /** Permission prefix: buttons are `<permission>:add|edit|delete|export|import`. */
  permission?: string;
  kind?: 'single' | 'tree' | 'main' | 'sub';
  tree?: TreeSettings;
  subTables?: SubTableSchema[];
  /**
   * Of a sub page: the main table it belongs to and its column holding the main row's id. The
   * online-form designer keeps the link here (a sub design names its main, as JeecgBoot's foreign
   * key does); the main's `subTables` are derived from it.
   */
  main?: { table: string; foreignKey: string; display?: 'table' | 'tabs' };
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  /**
   * The list's total: counted exactly up to `exactUpTo` matches (10,000 when not said), past that
   * an estimate answered with `totalEstimated: true` (shown as 约 N 条); 'exact' always counts.
   */
  count?: 'exact' | { exactUpTo: number };
  /** The menu component this schema renders (e.g. system/SysPositionList): a schema file plus a menu row is a page. */
  component?: string;
  /**
   * More pages over the same rows (我的项目, 项目审核 over the projects): each its own menu component
   * and title, and the engine buttons it offers. Same API, permissions, workflow and row rules.
   */
  views?: PageView[];
  /** The query bar's values when the page opens, by field (a view may set its own). */
  initialQuery?: Record<string, string>;
  /** Buttons the engine does not know: requests to the page's server module, or web panels. */
  actions?: PageAction[];
  /** A named web panel drawn under the detail form, given the row (a job's run log). */
  detailPanel?: string;
  /** Indexes over several columns (a filter and the sort that follows it); single columns say `index`/`unique`. */
  indexes?: { columns: string[]; unique?: boolean }[];
  /** Which of the engine's own buttons the page offers (all by default). */
  features?: { add?: boolean; edit?: boolean; delete?: boolean; export?: boolean; import?: boolean; detail?: boolean };
  fields: FieldSchema[];
  /** One field's state following another's value (linkage.ts): enforced by the form and the server alike. */
  linkage?: LinkageRule[];
  /** One field ordered against another (cross-checks.ts): an end not before its start. Checked by the server and the form alike. */
  crossChecks?: CrossCheck[];
  /** Numeric fields that must add up to a total (cross-checks.ts). */
  sumChecks?: SumCheck[];
  /** States and transitions of the page's rows (workflow.ts): fired on the server only, kept in history. */
  workflow?: WorkflowSchema;
  /** Which rows each role reaches (row-rules.ts), on every data path of the page. */
  rowRules?: RowRule[];
  /** Tags and tints on list rows whose values meet conditions (row-marks.ts): a task 已逾期. */
  rowMarks?: RowMark[];
  /**
   * Whether the files of the page's `file`/`image` fields are open to anyone with the link (the
   * public site's images, avatars): `true` always, or while the holding row's field holds one of
   * the values (`{ "field": "publishStatus", "in": ["1"] }`: published articles only). Without it a
   * file is reached through its record: a download needs a token of a user who may read a row
   * holding it (modules/common/file-access.ts). Images embedded in rich text are always open.
   */
  publicFiles?: true | ActionWhen;
  /**
   * The rows as a whole are personal data (a data log's snapshots of other pages' rows, the login and
   * operation log, data-source connection details): every column counts as a `personal` field.
   */
  personal?: boolean;
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

/**
 * A column only those who may read its page may read (a phone, an e-mail, a data log's content):
 * a `personal` field, or any column of a `personal` page. A `sensitive` field is never readable at all.
 */
export const isPersonal = (schema: Pick<PageSchema, 'personal'>, field: Pick<FieldSchema, 'personal' | 'sensitive'>): boolean => !field.sensitive && !!(schema.personal || field.personal);
