import { schemaToDesign, type DesignField } from './cgform';
import type { FieldSchema, PageSchema } from './types';
import { dictOf } from './views';

/**
 * The runtime configuration JeecgBoot's online pages read (contract: `getColumns/{code}` and
 * `getFormItem/{code}`), derived from the page schema in force. The designer's view of each field
 * (`schemaToDesign`) supplies the JeecgBoot names, so the two never disagree.
 */

export interface OnlColumn {
  title: string;
  dataIndex: string;
  align: 'center';
  /** Key of `dictOptions` when a code dictionary translates the column. */
  customRender?: string;
  /** Where the list already carries the column's text (table dictionaries, pickers, areas). */
  dictText?: string;
  showLength?: number;
  sorter: boolean;
  tableName: string;
  dbType: string;
  fieldType: string;
  fieldExtendJson?: string;
}

export interface OnlineColumnsConfig {
  code: string;
  formTemplate: '1';
  description: string;
  currentTableName: string;
  tableType: number;
  paginationFlag: 'Y';
  checkboxFlag: 'Y';
  scrollFlag: 1;
  columns: OnlColumn[];
  hideColumns: string[];
  dictOptions: Record<string, { value: string; text: string; label: string; title: string }[]>;
  cgButtonList: unknown[];
  fieldHrefSlots: unknown[];
  enhanceJs: '';
  foreignKeys: { table: string; field: string }[];
  pidField?: string;
  hasChildrenField?: string;
  textField?: string;
  isDesForm: 'N';
  relationType?: number;
}

export interface FormItemProp {
  title: string;
  view: string;
  type: 'string' | 'number' | 'integer';
  order: number;
  defVal?: string;
  fieldExtendJson?: string;
  pattern?: string;
  errorInfo?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  dbPointLength?: number;
  readonly?: boolean;
}

export interface SubFormProp {
  view: 'tab';
  describe: string;
  order: number;
  /** 0 one-to-many (its rows as `columns`), 1 one-to-one (its fields as `properties`). */
  relationType: 0 | 1;
  foreignKey: string;
  properties?: Record<string, FormItemProp>;
  columns?: (FormItemProp & { key: string })[];
  required: string[];
}

/** Built-in buttons a page switched off, by the codes JeecgBoot's `hideColumns` uses. */
function hiddenButtons(s: PageSchema): string[] {
  const f = s.features ?? {};
  const off: string[] = [];
  if (f.add === false) off.push('add');
  if (f.edit === false) off.push('update');
  if (f.delete === false) off.push('delete', 'batch_delete');
  if (f.import === false) off.push('import');
  if (f.export === false) off.push('export');
  if (f.detail === false) off.push('detail');
  return off;
}

const designFields = (s: PageSchema) => new Map(schemaToDesign(s).fields.map((d) => [d.dbFieldName, d]));
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** What no runtime config shows: the password boxes and whatever a page marks sensitive. */
const shown = (f: FieldSchema) => !f.sensitive && !f.virtual;

/** `getColumns/{code}`; `dictItems` gives a code dictionary's items (the server's cache). */
export function onlineColumns(s: PageSchema, dictItems: (code: string) => { value: string; text: string }[] | undefined): OnlineColumnsConfig {
  const design = designFields(s);
  const dictOptions: OnlineColumnsConfig['dictOptions'] = {};
  const columns = s.fields.filter((f) => f.list !== false && shown(f)).map((f): OnlColumn => {
    const d = design.get(snake(f.name))!;
    const col: OnlColumn = {
      title: f.label, dataIndex: f.name, align: 'center', sorter: f.sortable !== false, tableName: s.table,
      dbType: d.dbType ?? 'string', fieldType: d.fieldShowType ?? 'text',
    };
    if (f.extend && Object.keys(f.extend).length) col.fieldExtendJson = JSON.stringify(f.extend);
    if (f.ellipsis) col.showLength = 25;
    const dict = dictOf(f);
    const items = dict?.code ? dictItems(dict.code) : undefined;
    if (items) {
      dictOptions[f.name] = items.map((i) => ({ value: i.value, text: i.text, label: i.text, title: i.text }));
      col.customRender = f.name;
    } else if (dict || f.view === 'pca') col.dictText = `${f.name}_dictText`;
    return col;
  });
  return {
    code: s.code, formTemplate: '1', description: s.title, currentTableName: s.table,
    tableType: s.kind === 'main' ? 2 : s.kind === 'sub' ? 3 : 1,
    paginationFlag: 'Y', checkboxFlag: 'Y', scrollFlag: 1, columns, hideColumns: hiddenButtons(s), dictOptions,
    cgButtonList: [], fieldHrefSlots: [], enhanceJs: '', isDesForm: 'N',
    foreignKeys: s.main ? [{ table: s.main.table, field: s.main.foreignKey }] : [],
    ...(s.tree ? { pidField: s.tree.pidField, hasChildrenField: s.tree.hasChildField, textField: s.tree.textField } : {}),
    ...(s.main ? { relationType: s.main.display === 'tabs' ? 1 : 0 } : {}),
  };
}

const NUMBER_TYPES: Record<string, FormItemProp['type']> = { int: 'integer', long: 'integer', double: 'number', decimal: 'number' };

function formProps(s: PageSchema): { properties: Record<string, FormItemProp>; required: string[] } {
  const design = designFields(s);
  const properties: Record<string, FormItemProp> = {};
  const required: string[] = [];
  s.fields.filter((f) => f.form !== false && shown(f)).forEach((f, order) => {
    const d: DesignField = design.get(snake(f.name))!;
    const prop: FormItemProp = { title: f.label, view: f.view ?? 'text', type: NUMBER_TYPES[f.type] ?? 'string', order };
    if (f.default !== undefined) prop.defVal = String(f.default);
    if (f.extend && Object.keys(f.extend).length) prop.fieldExtendJson = JSON.stringify(f.extend);
    if (f.pattern) { prop.pattern = f.pattern; if (f.patternMessage) prop.errorInfo = f.patternMessage; }
    if (f.scale) prop.dbPointLength = f.scale;
    if (f.readonly) prop.readonly = true;
    if (d.dictField) prop.dictCode = d.dictField;
    if (d.dictTable) prop.dictTable = d.dictTable;
    if (d.dictText) prop.dictText = d.dictText;
    properties[f.name] = prop;
    if (f.required) required.push(f.name);
  });
  return { properties, required };
}

/** `getFormItem/{code}`: the form's fields, and each sub table as a `tab` property carrying its own. */
export function onlineFormItem(s: PageSchema, subs: PageSchema[]): { schema: { properties: Record<string, FormItemProp | SubFormProp>; required: string[] } } {
  const own = formProps(s);
  const properties: Record<string, FormItemProp | SubFormProp> = { ...own.properties };
  let order = Object.keys(own.properties).length;
  for (const st of s.subTables ?? []) {
    const sub = subs.find((x) => x.code === st.code);
    if (!sub) continue;
    const { properties: props, required } = formProps(sub);
    const oneToOne = st.display === 'tabs';
    properties[st.code] = {
      view: 'tab', describe: sub.title, order: order++, relationType: oneToOne ? 1 : 0, foreignKey: st.foreignKey, required,
      ...(oneToOne ? { properties: props } : { columns: Object.entries(props).map(([key, p]) => ({ key, ...p })) }),
    };
  }
  return { schema: { properties, required: own.required } };
}
