import { checksFromDesign, checksToDesign, type DesignCrossCheck, type DesignSumCheck } from './cgform-checks';
import { linkageFromDesign, linkageToDesign, type DesignLinkageRule } from './cgform-linkage';
import { problemText, processProblems, processToSchema, type ProcessDesign } from './cgform-process';
import { VIEWS } from './meta-schema';
import { linkDownSettings } from './views';
import { SYSTEM_FIELDS, snakeCase, type ColumnType, type DictRef, type FieldSchema, type PageSchema, type SubTableSchema, type ViewType } from './types';

/**
 * The online-form designer speaks JeecgBoot's model (contract §9: `onl_cgform_head`, `_field`,
 * `_index`); what is stored and rendered is a page schema, the same language as `schemas/`. These
 * two functions are the only place the two meet: `designToSchema` when the designer saves,
 * `schemaToDesign` when it opens a form again.
 */

export interface DesignHead {
  id?: string;
  tableName: string;
  tableTxt: string;
  /** 1 single, 2 main (has sub tables), 3 sub table. */
  tableType?: number | string;
  isTree?: 'Y' | 'N';
  treeParentIdField?: string;
  /** The has-child flag column (JeecgBoot's name for it). */
  treeIdField?: string;
  treeFieldname?: string;
  /** Sub tables of a main table: their table names, comma list. */
  subTableStr?: string;
  /** Of a sub table: 0 one-to-many (inline table), 1 one-to-one (tab). */
  relationType?: number | string;
  /** Linkage rules (cgform-linkage.ts), carried with the head. */
  linkage?: DesignLinkageRule[];
  /** Cross-field and sum checks (cgform-checks.ts), carried with the head. */
  crossChecks?: DesignCrossCheck[];
  sumChecks?: DesignSumCheck[];
}

export interface DesignField {
  dbFieldName: string;
  dbFieldTxt?: string;
  dbIsKey?: number | string;
  dbIsNull?: number | string;
  dbType?: string;
  dbLength?: number | string;
  dbPointLength?: number | string;
  dbDefaultVal?: string;
  dictField?: string;
  dictTable?: string;
  dictText?: string;
  fieldShowType?: string;
  fieldValidType?: string;
  fieldMustInput?: number | string;
  fieldExtendJson?: string;
  isQuery?: number | string;
  isShowForm?: number | string;
  isShowList?: number | string;
  isReadOnly?: number | string;
  queryMode?: string;
  sortFlag?: number | string;
  fieldLength?: number | string;
  orderNum?: number | string;
  /** Of a sub table's foreign key: the main table and its column. */
  mainTable?: string;
  mainField?: string;
}

export interface DesignIndex {
  indexName?: string;
  indexField: string;
  indexType?: 'normal' | 'unique';
}

export interface Design {
  head: DesignHead;
  fields: DesignField[];
  indexs?: DesignIndex[];
  /** The form's process (cgform-process.ts): states, transitions, row rules. */
  process?: ProcessDesign | null;
}

export class DesignError extends Error {}

/** Table and column names the designer accepts: snake_case whose parts start with a letter, so camelCase maps back exactly. */
const DB_NAME = /^[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*$/;
const RESERVED_TABLES = /^(sys_|onl_|qrtz_|kysely_)/;

const DB_TYPES: Record<string, ColumnType> = {
  string: 'string', int: 'int', integer: 'int', double: 'double', long: 'long', date: 'date', datetime: 'datetime',
  bigdecimal: 'decimal', decimal: 'decimal', text: 'text', longtext: 'text', blob: 'blob', time: 'time',
};
const DESIGN_TYPES: Record<ColumnType, string> = {
  string: 'string', int: 'int', double: 'double', long: 'long', date: 'Date', datetime: 'Datetime', decimal: 'BigDecimal',
  text: 'Text', blob: 'Blob', time: 'string', boolean: 'string',
};
const VIEW_NAMES = new Set<string>(VIEWS);

/** The designer's named validations (contract §9.2 field_valid_type) as a pattern and its message. */
export const VALID_TYPES: Record<string, { pattern: string; message: string }> = {
  'n6-16': { pattern: '^\\d{6,16}$', message: '请输入6-16位数字' },
  's6-18': { pattern: '^[a-zA-Z]{6,18}$', message: '请输入6-18位字母' },
  '*6-16': { pattern: '^.{6,16}$', message: '请输入6-16位任意字符' },
  url: { pattern: '^https?://\\S+$', message: '请输入正确的网址' },
  e: { pattern: '^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$', message: '请输入正确的电子邮件' },
  m: { pattern: '^1[3-9]\\d{9}$', message: '请输入正确的手机号码' },
  p: { pattern: '^\\d{6}$', message: '请输入正确的邮政编码' },
  s: { pattern: '^[a-zA-Z]+$', message: '请输入字母' },
  n: { pattern: '^-?\\d+(\\.\\d+)?$', message: '请输入数字' },
  z: { pattern: '^-?\\d+$', message: '请输入整数' },
  money: { pattern: '^-?\\d+(\\.\\d{1,2})?$', message: '请输入正确的金额' },
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const yes = (v: unknown) => v === 1 || v === '1' || v === 'Y' || v === true;
const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

function checkDbName(name: string, what: string): void {
  if (!DB_NAME.test(name) || name.length > 64) throw new DesignError(`${what}「${name}」不合法：只能用小写字母、数字和下划线，以字母开头，下划线后跟字母`);
}

function parseExtend(f: DesignField): Record<string, unknown> | undefined {
  if (!f.fieldExtendJson?.trim()) return undefined;
  try {
    const v = JSON.parse(f.fieldExtendJson);
    if (Array.isArray(v) && v.length === 2) return { switchOptions: v };
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch { /* fall through */ }
  throw new DesignError(`字段「${f.dbFieldName}」的扩展参数不是JSON对象`);
}

/** Dictionary settings by view (contract §9.2 "Dictionary config per widget"). */
function dictSettings(f: DesignField, view: ViewType): { dict?: DictRef; extend?: Record<string, unknown> } {
  const table = f.dictTable?.trim(), field = f.dictField?.trim(), text = f.dictText?.trim();
  switch (view) {
    case 'popup':
      return { extend: { popupCode: table, orgFields: field, destFields: text } };
    case 'cat_tree':
      return { extend: { pcode: field || '0' } };
    case 'sel_tree': {
      const [id, pid, name, hasChild] = list(text);
      if (!table || !id || !pid || !name) throw new DesignError(`字段「${f.dbFieldName}」的树选择需要字典表和“id,pid,名称,是否有子节点”字段`);
      return { dict: { table, text: camel(name), value: camel(id) }, extend: { pidField: camel(pid), ...(hasChild ? { hasChildField: camel(hasChild) } : {}), pidValue: '0' } };
    }
    case 'link_down': {
      let settings: unknown;
      try { settings = JSON.parse(table ?? ''); } catch { throw new DesignError(`字段「${f.dbFieldName}」的联动配置不是JSON对象`); }
      return { extend: settings as Record<string, unknown> };
    }
    case 'sel_user': case 'sel_depart': case 'pca': case 'file': case 'image':
      return {};
    default:
      if (table && field && text) return { dict: { table, text: camel(text), value: camel(field) } };
      if (field) return { dict: { code: field } };
      return {};
  }
}

/** The column type a design row's 类型 stands for (JeecgBoot's names, any case), or undefined for one not supported. */
export const designColumnType = (dbType: string | undefined): ColumnType | undefined => DB_TYPES[(dbType ?? 'string').toLowerCase()];

function toField(f: DesignField): FieldSchema {
  checkDbName(f.dbFieldName, '字段名');
  const type = designColumnType(f.dbType);
  if (!type) throw new DesignError(`字段「${f.dbFieldName}」的类型「${f.dbType}」不支持`);
  const view = (f.fieldShowType || 'text') as ViewType;
  if (!VIEW_NAMES.has(view)) throw new DesignError(`字段「${f.dbFieldName}」的控件类型「${f.fieldShowType}」不支持`);
  const out: FieldSchema = { name: camel(f.dbFieldName), label: f.dbFieldTxt?.trim() || f.dbFieldName, type, view };
  const length = num(f.dbLength);
  if (length && (type === 'string' || type === 'decimal' || type === 'text')) out.length = length;
  const scale = num(f.dbPointLength);
  if (scale && (type === 'decimal' || type === 'double')) out.scale = scale;
  if (f.dbIsNull !== undefined && !yes(f.dbIsNull)) out.nullable = false;
  if (f.dbDefaultVal) out.default = ['int', 'long', 'double', 'decimal'].includes(type) ? Number(f.dbDefaultVal) : f.dbDefaultVal;
  out.form = f.isShowForm === undefined ? true : yes(f.isShowForm);
  out.list = f.isShowList === undefined ? true : yes(f.isShowList);
  out.query = yes(f.isQuery) ? (f.queryMode === 'group' ? 'group' : 'single') : false;
  if (yes(f.fieldMustInput)) out.required = true;
  if (yes(f.isReadOnly)) out.readonly = true;
  // Columns sort unless the design says they do not.
  if (f.sortFlag !== undefined && !yes(f.sortFlag)) out.sortable = false;
  const valid = f.fieldValidType?.trim();
  if (valid === 'only') out.unique = true;
  else if (valid === '*') out.required = true;
  else if (valid && VALID_TYPES[valid]) { out.pattern = VALID_TYPES[valid].pattern; out.patternMessage = VALID_TYPES[valid].message; }
  else if (valid) {
    try { new RegExp(valid); } catch { throw new DesignError(`字段「${f.dbFieldName}」的校验规则不是正则表达式`); }
    out.pattern = valid;
  }
  const { dict, extend } = dictSettings(f, view);
  const own = parseExtend(f);
  if (dict) out.dict = dict;
  if (extend || own) out.extend = { ...extend, ...own };
  if (view === 'link_down' && out.extend && !linkDownSettings(out)) {
    // A following level carries no settings of its own (its first level names it in linkField).
    if (Object.keys(out.extend).length) throw new DesignError(`字段「${f.dbFieldName}」的联动配置缺少 table、txt、key、idField 或 pidField`);
    delete out.extend;
  }
  return out;
}

const SYSTEM = new Set(SYSTEM_FIELDS.map((f) => snakeCase(f.name)));

/** The sub tables of a main table: the sub pages whose `main` names it, in table-name order. */
export function subTablesOf(mainTable: string, subs: PageSchema[]): SubTableSchema[] {
  return subs
    .filter((s) => s.kind === 'sub' && s.main?.table === mainTable)
    .sort((a, b) => a.table.localeCompare(b.table))
    .map((s) => ({ code: s.code, foreignKey: s.main!.foreignKey, display: s.main!.display ?? 'table' }));
}

/** A sub design's link to its main table: the one field whose 外键 names a main table (and its id). */
function mainLink(d: Design, table: string, fields: FieldSchema[]): PageSchema['main'] {
  const links = d.fields.filter((f) => f.mainTable?.trim());
  if (links.length !== 1) throw new DesignError('附表需要且只能有一个外键字段：在“外键”中为关联主表的字段填写主表名和主表字段');
  const link = links[0];
  const name = link.dbFieldName.trim().toLowerCase();
  const mainTable = link.mainTable!.trim().toLowerCase();
  checkDbName(mainTable, '主表名');
  if (mainTable === table) throw new DesignError('附表不能以自己为主表');
  if ((link.mainField?.trim() || 'id').toLowerCase() !== 'id') throw new DesignError(`外键字段「${name}」只能关联主表的 id 字段`);
  const fk = fields.find((f) => snakeCase(f.name) === name);
  if (!fk) throw new DesignError(`外键字段「${name}」不能是系统字段`);
  if (fk.type !== 'string' || (fk.length ?? 0) < 32) throw new DesignError(`外键字段「${name}」必须是长度不小于32的 string 类型（存放主表的 id）`);
  // The server writes the main row's id into it: never a form input.
  fk.form = false;
  return { table: mainTable, foreignKey: fk.name, display: Number(d.head.relationType) === 1 ? 'tabs' : 'table' };
}

/** The page schema a design describes. A main table's sub tables come from the sub designs (`subs`) that name it. */
export function designToSchema(d: Design, opts: { subs?: PageSchema[]; roles?: Set<string>; tables?: (table: string) => Set<string> | undefined } = {}): PageSchema {
  const table = d.head.tableName?.trim().toLowerCase();
  checkDbName(table ?? '', '表名');
  if (RESERVED_TABLES.test(table)) throw new DesignError(`表名「${table}」以系统保留前缀开头（sys_、onl_、qrtz_）`);
  if (!d.head.tableTxt?.trim()) throw new DesignError('表描述不能为空');
  const seen = new Set<string>();
  const ordered = [...d.fields].sort((a, b) => (num(a.orderNum) ?? 0) - (num(b.orderNum) ?? 0));
  const fields: FieldSchema[] = [];
  for (const f of ordered) {
    const name = f.dbFieldName?.trim().toLowerCase();
    if (!name) throw new DesignError('字段名不能为空');
    if (seen.has(name)) throw new DesignError(`字段名「${name}」重复`);
    seen.add(name);
    // The engine keeps id and the audit columns itself; a design that shows them in the list still may.
    if (SYSTEM.has(name)) {
      if (name !== 'id' && yes(f.isShowList)) fields.push({ ...SYSTEM_FIELDS.find((s) => snakeCase(s.name) === name)!, label: f.dbFieldTxt || name, list: true, form: false });
      continue;
    }
    fields.push(toField({ ...f, dbFieldName: name }));
  }
  if (!fields.some((f) => !SYSTEM.has(snakeCase(f.name)))) throw new DesignError('至少需要一个业务字段');

  // Its buttons are checked like any page's: `online:<table>:add|edit|…`, granted when it is added to a menu.
  const schema: PageSchema = { code: table, title: d.head.tableTxt.trim(), table, api: `/online/data/${table}`, permission: `online:${table}`, component: `online/${table}`, fields };
  const tableType = Number(d.head.tableType ?? 1);
  if (![1, 2, 3].includes(tableType)) throw new DesignError('表类型只能是单表、主表或附表');
  if (yes(d.head.isTree) && tableType !== 1) throw new DesignError('树表只能是单表，不能是主表或附表');
  if (tableType !== 3) {
    const stray = d.fields.find((f) => f.mainTable?.trim());
    if (stray) throw new DesignError(`只有附表可以设置外键（字段「${stray.dbFieldName}」）`);
  }
  if (yes(d.head.isTree)) {
    const pid = d.head.treeParentIdField?.trim(), hasChild = d.head.treeIdField?.trim(), text = d.head.treeFieldname?.trim();
    if (!pid || !hasChild || !text) throw new DesignError('树表需要设置父ID字段、是否有子节点字段和树显示字段');
    for (const n of [pid, hasChild, text]) if (!seen.has(n)) throw new DesignError(`树表字段「${n}」不在字段列表中`);
    schema.kind = 'tree';
    schema.tree = { pidField: camel(pid), hasChildField: camel(hasChild), textField: camel(text) };
  } else if (tableType === 2) {
    schema.kind = 'main';
    schema.subTables = subTablesOf(table, opts.subs ?? []);
  } else if (tableType === 3) {
    schema.kind = 'sub';
    schema.main = mainLink(d, table, fields);
  }

  const indexes: { columns: string[]; unique?: boolean }[] = [];
  for (const ix of d.indexs ?? []) {
    const cols = list(ix.indexField).map((c) => c.toLowerCase());
    for (const c of cols) if (!seen.has(c)) throw new DesignError(`索引字段「${c}」不在字段列表中`);
    const unique = ix.indexType === 'unique';
    if (cols.length === 1) {
      const f = fields.find((x) => snakeCase(x.name) === cols[0]);
      if (f) { if (unique) f.unique = true; else f.index = true; }
    } else if (cols.length > 1) indexes.push({ columns: cols.map(camel), ...(unique ? { unique } : {}) });
  }
  if (indexes.length) schema.indexes = indexes;
  const { linkage, problem } = linkageFromDesign(d.head.linkage, fields);
  if (problem) throw new DesignError(problem);
  if (linkage) schema.linkage = linkage;
  const checks = checksFromDesign(d.head.crossChecks, d.head.sumChecks, fields);
  if (checks.problem) throw new DesignError(checks.problem);
  if (checks.crossChecks) schema.crossChecks = checks.crossChecks;
  if (checks.sumChecks) schema.sumChecks = checks.sumChecks;
  if (!d.process) return schema;
  if (schema.kind === 'sub') throw new DesignError('附表不能单独设置流程：附表的数据随主表的状态锁定，请在主表上设计流程');
  const problems = processProblems(d.process, { fields, roles: opts.roles, tables: opts.tables });
  if (problems.length) throw new DesignError(problems.map(problemText).join('；'));
  return processToSchema(schema, d.process);
}

/** The designer's view of a page schema: head, fields (id and audit columns first, as JeecgBoot lists them) and indexes. */
export function schemaToDesign(s: PageSchema): Design {
  const head: DesignHead = {
    tableName: s.table, tableTxt: s.title,
    tableType: s.kind === 'main' ? 2 : s.kind === 'sub' ? 3 : 1,
    isTree: s.kind === 'tree' ? 'Y' : 'N',
    ...(s.tree ? { treeParentIdField: snakeCase(s.tree.pidField), treeIdField: snakeCase(s.tree.hasChildField), treeFieldname: snakeCase(s.tree.textField) } : {}),
    ...(s.subTables?.length ? { subTableStr: s.subTables.map((t) => t.code).join(',') } : {}),
    ...(s.main ? { relationType: s.main.display === 'tabs' ? 1 : 0 } : {}),
    ...(s.linkage?.length ? { linkage: linkageToDesign(s.linkage) } : {}),
    ...checksToDesign(s),
  };
  const own = new Set(s.fields.map((f) => f.name));
  const system = SYSTEM_FIELDS.filter((f) => !own.has(f.name)).map((f) => ({ ...f, form: false, list: false }));
  const fields = [...system, ...s.fields].map((f, i): DesignField => {
    const view = f.view ?? 'text';
    const out: DesignField = {
      dbFieldName: snakeCase(f.name), dbFieldTxt: f.label, dbIsKey: f.name === 'id' ? 1 : 0, dbIsNull: f.nullable === false ? 0 : 1,
      dbType: DESIGN_TYPES[f.type], dbLength: f.length ?? (f.type === 'string' ? 32 : 0), dbPointLength: f.scale ?? 0,
      fieldShowType: view, isShowForm: f.form === false ? 0 : 1, isShowList: f.list === false ? 0 : 1,
      isQuery: f.query ? 1 : 0, queryMode: f.query === 'group' ? 'group' : 'single', fieldMustInput: f.required ? '1' : '0',
      isReadOnly: f.readonly ? 1 : 0, sortFlag: f.sortable === false ? '0' : '1', orderNum: i,
    };
    if (f.default !== undefined) out.dbDefaultVal = String(f.default);
    if (s.main?.foreignKey === f.name) Object.assign(out, { mainTable: s.main.table, mainField: 'id' });
    // One validation per field in the designer: a pattern wins; uniqueness also travels as a unique index.
    if (f.pattern) out.fieldValidType = Object.entries(VALID_TYPES).find(([, v]) => v.pattern === f.pattern)?.[0] ?? f.pattern;
    else if (f.unique) out.fieldValidType = 'only';
    const extend = { ...f.extend };
    if (view === 'popup') {
      Object.assign(out, { dictTable: extend.popupCode, dictField: extend.orgFields, dictText: extend.destFields });
      delete extend.popupCode; delete extend.orgFields; delete extend.destFields;
    } else if (view === 'cat_tree') {
      out.dictField = String(extend.pcode ?? '0');
      delete extend.pcode;
    } else if (view === 'sel_tree' && f.dict?.table) {
      out.dictTable = f.dict.table;
      out.dictText = [f.dict.value, extend.pidField, f.dict.text, extend.hasChildField].filter(Boolean).map((n) => snakeCase(String(n))).join(',');
      out.dictField = snakeCase(f.dict.value ?? 'id');
      delete extend.pidField; delete extend.hasChildField; delete extend.pidValue;
    } else if (view === 'link_down' && linkDownSettings(f)) {
      out.dictTable = JSON.stringify(extend);
      for (const k of Object.keys(extend)) delete extend[k];
    } else if (f.dict?.code) out.dictField = f.dict.code;
    else if (f.dict?.table) Object.assign(out, { dictTable: f.dict.table, dictField: snakeCase(f.dict.value ?? ''), dictText: snakeCase(f.dict.text ?? '') });
    if (Object.keys(extend).length) out.fieldExtendJson = JSON.stringify(extend);
    return out;
  });
  const indexs: DesignIndex[] = [
    ...s.fields.filter((f) => f.unique || f.index).map((f) => ({ indexName: `idx_${s.table}_${snakeCase(f.name)}`, indexField: snakeCase(f.name), indexType: (f.unique ? 'unique' : 'normal') as 'unique' | 'normal' })),
    ...(s.indexes ?? []).map((ix) => ({ indexName: `idx_${s.table}_${ix.columns.map(snakeCase).join('_')}`, indexField: ix.columns.map(snakeCase).join(','), indexType: (ix.unique ? 'unique' : 'normal') as 'unique' | 'normal' })),
  ];
  return { head, fields, indexs };
}
