import { fieldMessages, maxLengthOf } from './messages';
import { digitLimits, integerRange } from './number-limits';
import { workflowFields } from './workflow';
import type { ColumnType, FieldSchema, PageSchema, ViewType } from './types';
import { dictOf } from './views';

/** A Formily JSON schema node, as far as the compiler writes it (kept local: src/schema imports no UI library). */
export interface FormNode {
  type: 'object' | 'string' | 'number' | 'boolean' | 'array' | 'void';
  title?: string;
  required?: boolean;
  default?: unknown;
  'x-index'?: number;
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, unknown>;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-validator'?: FormRule[];
  'x-pattern'?: 'editable' | 'readOnly' | 'disabled' | 'readPretty';
  'x-display'?: 'visible' | 'hidden' | 'none';
  properties?: Record<string, FormNode>;
  items?: FormNode;
}

/**
 * A Formily validation rule. `duplicate` and `checkRule` are ours: the web registers them and
 * asks the server (/sys/duplicate/check, /sys/checkRule/checkByCode) when the field has a value.
 */
export interface FormRule {
  required?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: 'integer' | 'number' | 'date' | 'datetime' | 'time';
  duplicate?: { table: string; field: string };
  checkRule?: string;
  /** The column's digits (number-limits.ts), checked as typed with the server's own function. */
  digits?: { label: string; type: ColumnType; length?: number; scale?: number };
  /** A named check of value-checks.ts, run in the browser with the server's own function. */
  valueCheck?: string;
  message?: string;
  triggerType?: 'onInput' | 'onBlur';
}

export type FormMode = 'add' | 'edit' | 'detail';

/** The view a field is edited with when its schema names none. */
export function defaultView(f: Pick<FieldSchema, 'type' | 'dict' | 'view'>): ViewType {
  if (f.view) return f.view;
  if (f.dict) return 'list';
  const byType: Partial<Record<ColumnType, ViewType>> = {
    int: 'number', long: 'number', double: 'number', decimal: 'number', date: 'date', datetime: 'datetime', time: 'time', text: 'textarea', boolean: 'switch',
  };
  return byType[f.type] ?? 'text';
}

const VALUE_TYPE: Partial<Record<ColumnType, FormNode['type']>> = { int: 'number', long: 'number', double: 'number', decimal: 'number' };

const FORMAT: Partial<Record<ColumnType, FormRule['format']>> = { int: 'integer', long: 'integer', double: 'number', decimal: 'number' };

/** The browser's rules for a field: the same limits and messages as the server's request validator. */
export function fieldRules(f: FieldSchema, table?: string): FormRule[] {
  const rules: FormRule[] = [];
  if (f.required) rules.push({ required: true, message: fieldMessages.required(f) });
  const maxLength = maxLengthOf(f);
  if (maxLength !== undefined) rules.push({ maxLength, message: fieldMessages.maxLength(f, maxLength) });
  const format = FORMAT[f.type];
  if (format) rules.push({ format, message: fieldMessages.type(f)! });
  const { min, max } = f.type === 'int' || f.type === 'long' ? integerRange(f) : f;
  if (min !== undefined) rules.push({ minimum: min, message: fieldMessages.minimum(f, min) });
  if (max !== undefined) rules.push({ maximum: max, message: fieldMessages.maximum(f, max) });
  if ((f.type === 'decimal' || f.type === 'double') && digitLimits(f)) rules.push({ digits: { label: f.label, type: f.type, length: f.length, scale: f.scale } });
  if (f.pattern && (f.type === 'string' || f.type === 'text')) rules.push({ pattern: f.pattern, message: fieldMessages.pattern(f) });
  if (f.unique && table && !f.virtual) rules.push({ duplicate: { table, field: f.name }, triggerType: 'onBlur' });
  if (f.checkRule) rules.push({ checkRule: f.checkRule, triggerType: 'onBlur' });
  if (f.valueCheck) rules.push({ valueCheck: f.valueCheck, triggerType: 'onBlur' });
  return rules;
}

/**
 * Fields a form of this mode shows: declared form fields; passwords and other virtual inputs only
 * when adding; in a detail also what the page's workflow wrote (state, opinion, who and when).
 */
export function formFields(schema: Pick<PageSchema, 'fields' | 'workflow'>, mode: FormMode): FieldSchema[] {
  const written = mode === 'detail' ? workflowFields(schema) : new Set<string>();
  return schema.fields.filter((f) => {
    if (f.form === false) return written.has(f.name);
    if (mode !== 'add' && (f.sensitive || f.view === 'password')) return false;
    return true;
  });
}

/**
 * Compiles a page schema into the Formily schema of its add, edit or detail form. Components are
 * named by view (`list`, `date`, `sel_user`…); the web's widget registry supplies them.
 */
export function compileForm(schema: Pick<PageSchema, 'fields' | 'table' | 'workflow'>, mode: FormMode): FormNode {
  const properties: Record<string, FormNode> = {};
  formFields(schema, mode).forEach((f, i) => {
    const view = defaultView(f);
    const props: Record<string, unknown> = {};
    const dict = dictOf(f);
    if (dict) props.dict = dict;
    // Dictionary values are text; a numeric column gets its choice back as a number.
    if (dict && VALUE_TYPE[f.type] === 'number') props.numeric = true;
    if (f.extend) Object.assign(props, f.extend);
    if (f.type === 'int' || f.type === 'long') props.onlyInteger = true;
    const digits = digitLimits(f);
    if (digits?.scale !== undefined && (f.type === 'decimal' || f.type === 'double')) props.precision = digits.scale;
    const node: FormNode = {
      type: view === 'list_multi' || view === 'checkbox' ? 'string' : (VALUE_TYPE[f.type] ?? 'string'),
      title: f.label,
      'x-index': i,
      'x-decorator': 'FormItem',
      'x-component': view,
      'x-component-props': props,
      'x-validator': fieldRules(f, schema.table),
    };
    if (f.required) node.required = true;
    if (f.default !== undefined && mode === 'add') node.default = f.default;
    if (view === 'hidden') node['x-display'] = 'hidden';
    if (mode === 'detail') node['x-pattern'] = 'readPretty';
    else if (f.readonly && mode === 'edit') node['x-pattern'] = 'readOnly';
    properties[f.name] = node;
  });
  return { type: 'object', properties };
}

/** A sub table of a main page, with its own schema. */
export interface SubForm {
  schema: Pick<PageSchema, 'code' | 'title' | 'fields' | 'table'>;
  foreignKey: string;
  display?: 'table' | 'tabs';
}

/**
 * A sub table's rows as an editable table (`<code>List`, the engine's body key): one column per
 * form field of the sub schema except its foreign key, which the server fills.
 */
export function compileSubTable(sub: SubForm, mode: FormMode): FormNode {
  const fields = compileForm(sub.schema, mode).properties!;
  delete fields[sub.foreignKey];
  const column = (title: string, props: Record<string, unknown>, inner: Record<string, FormNode>): FormNode => ({
    type: 'void', 'x-component': 'ArrayTable.Column', 'x-component-props': { title, ...props }, properties: inner,
  });
  const columns: Record<string, FormNode> = { __index: column('序号', { width: 60, align: 'center' }, { index: { type: 'void', 'x-component': 'ArrayTable.Index' } }) };
  for (const [name, node] of Object.entries(fields)) {
    if (node['x-display'] === 'hidden') continue;
    const { title, ...cell } = node;
    // A cell has no label of its own (its column's header names it): a screen reader hears the column.
    const named = { ...cell, 'x-component-props': { 'aria-label': title ?? name, ...cell['x-component-props'] } };
    columns[`__col_${name}`] = column(title ?? name, { width: 160, required: node.required }, { [name]: named });
  }
  if (mode !== 'detail') {
    columns.__ops = column('操作', { width: 70, align: 'center', fixed: 'right' }, { remove: { type: 'void', 'x-component': 'ArrayTable.Remove', 'x-component-props': { 'aria-label': '删除本行', title: '删除本行' } } });
  }
  return {
    type: 'array',
    title: sub.schema.title,
    'x-decorator': 'FormItem',
    'x-decorator-props': { labelCol: 24, wrapperCol: 24, layout: 'vertical' },
    'x-component': 'ArrayTable',
    'x-component-props': { pagination: { pageSize: 10 }, scroll: { x: '100%' } },
    items: { type: 'object', properties: columns },
    properties: mode === 'detail' ? {} : { add: { type: 'void', title: '新增一行', 'x-component': 'ArrayTable.Addition' } },
  };
}

/** A main page's form: its own fields, then its sub tables — inline, or each in a tab when it says `tabs`. */
export function compileMainForm(main: Pick<PageSchema, 'fields' | 'table'>, subs: SubForm[], mode: FormMode): FormNode {
  const form = compileForm(main, mode);
  const props = form.properties!;
  let index = Object.keys(props).length;
  const tabs: Record<string, FormNode> = {};
  for (const sub of subs) {
    const node = { ...compileSubTable(sub, mode), 'x-index': index++ };
    if (sub.display === 'tabs') {
      tabs[`__tab_${sub.schema.code}`] = { type: 'void', 'x-component': 'FormTab.TabPane', 'x-component-props': { tab: sub.schema.title }, properties: { [`${sub.schema.code}List`]: { ...node, title: undefined } } };
    } else props[`${sub.schema.code}List`] = node;
  }
  if (Object.keys(tabs).length) props.__tabs = { type: 'void', 'x-index': index, 'x-component': 'FormTab', properties: tabs };
  return form;
}
