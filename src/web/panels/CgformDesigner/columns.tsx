import { QuestionCircleOutlined } from '@ant-design/icons';
import { Form, Input, InputNumber, Select, Tooltip, type FormInstance, type FormListFieldData, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { DesignField } from '../../../schema/cgform';
import { FlagBox, ON_INPUT_LINE, Plain, ValidTypeInput } from './cells';
import { COLUMN_HELP, DB_TYPES, dictHint, extendHint, VIEW_FOR_TYPE, VIEW_LABELS, yes, type DesignValues } from './model';
import { CategoryCodeSelect, ColumnSelect, DictCodeSelect, MainTableSelect, TableSelect } from './pickers';

export type GridTab = 'db' | 'page' | 'check' | 'dict' | 'foreign';

const viewOptions = Object.entries(VIEW_LABELS).map(([value, label]) => ({ value, label: `${label} ${value}` }));
const typeOptions = DB_TYPES.map((t) => ({ value: t, label: t }));
const queryModes = [{ value: 'single', label: '简单查询' }, { value: 'group', label: '范围查询' }];

type Col = TableColumnsType<FormListFieldData>[number];

/**
 * The column sets of the one field grid: every tab edits the same rows (`fields[i]`), each its own
 * properties. A cell is a Form.Item of its own, so typing re-renders that cell only.
 */
export function gridColumns(tab: GridTab, form: FormInstance<DesignValues>, remove: (index: number) => void): TableColumnsType<FormListFieldData> {
  return columnsOf(tab, form, remove).map((c) => ({ ...c, shouldCellUpdate: movedRow }));
}

/** Cells follow their own values; the table redraws one only when its row moved (60 rows stay quick). */
const movedRow = (r: FormListFieldData, prev: FormListFieldData) => r.key !== prev.key || r.name !== prev.name;

/** A column's title with its help beside it, read where the setting is edited. */
function titled(title: string): ReactNode {
  const help = COLUMN_HELP[title];
  if (!help) return title;
  return <span>{title} <Tooltip title={help}><QuestionCircleOutlined aria-label={`${title}说明`} style={{ color: 'rgba(0,0,0,.45)' }} /></Tooltip></span>;
}

function columnsOf(tab: GridTab, form: FormInstance<DesignValues>, remove: (index: number) => void): TableColumnsType<FormListFieldData> {
  return columnSet(tab, form, remove).map((c) => (typeof c.title === 'string' ? { ...c, title: titled(c.title) } : c));
}

/** The dictionary cells follow the view and the table named (then 字典code and 字典text are its columns). */
const dictChanged = (i: number) => (a: DesignValues, b: DesignValues) =>
  a.fields?.[i]?.fieldShowType !== b.fields?.[i]?.fieldShowType || a.fields?.[i]?.dictTable !== b.fields?.[i]?.dictTable;
const mainChanged = (i: number) => (a: DesignValues, b: DesignValues) => a.fields?.[i]?.mainTable !== b.fields?.[i]?.mainTable;

const CODE_DICT_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi']);
/** Views whose 字典table is a declared table (popup names a report, link_down a JSON), and those whose 字典text is one of its columns (a tree's is four). */
const TABLE_VIEWS = new Set([...CODE_DICT_VIEWS, 'sel_search', 'sel_tree']);
const ONE_TEXT_COLUMN_VIEWS = new Set([...CODE_DICT_VIEWS, 'sel_search']);

function columnSet(tab: GridTab, form: FormInstance<DesignValues>, remove: (index: number) => void): TableColumnsType<FormListFieldData> {
  const value = (f: FormListFieldData, key: keyof DesignField) => form.getFieldValue(['fields', f.name, key]);
  const locked = (f: FormListFieldData) => yes(value(f, 'dbIsKey'));
  const cell = (title: string, key: keyof DesignField, control: (f: FormListFieldData) => ReactNode, width?: number): Col => ({
    title, key, width, render: (_, f) => <Form.Item name={[f.name, key]} noStyle>{control(f)}</Form.Item>,
  });
  /** A cell that follows the row's view (the dictionary's meaning depends on it). */
  const byView = (title: string, key: string, render: (view: string, f: FormListFieldData) => ReactNode, width?: number): Col => ({
    title, key, width,
    render: (_, f) => (
      <Form.Item noStyle shouldUpdate={dictChanged(f.name)}>
        {() => render(value(f, 'fieldShowType') || 'text', f)}
      </Form.Item>
    ),
  });
  const flag = (title: string, key: keyof DesignField, text = false) => cell(title, key, (f) => <FlagBox text={text} aria-label={title} disabled={locked(f)} />, 80);
  const named = [cell('字段名', 'dbFieldName', () => <Plain />, 160), cell('字段备注', 'dbFieldTxt', () => <Plain />, 160)];
  const suggestView = (f: FormListFieldData, type: string) => {
    if (VIEW_FOR_TYPE[type] && (value(f, 'fieldShowType') || 'text') === 'text') form.setFieldValue(['fields', f.name, 'fieldShowType'], VIEW_FOR_TYPE[type]);
  };

  switch (tab) {
    case 'db': return [
      cell('字段名', 'dbFieldName', (f) => <Input aria-label="字段名" disabled={locked(f)} placeholder="字段名" />, 170),
      cell('字段备注', 'dbFieldTxt', () => <Input aria-label="字段备注" placeholder="字段备注" />, 170),
      cell('长度', 'dbLength', (f) => <InputNumber aria-label="长度" min={0} disabled={locked(f)} style={{ width: '100%' }} />, 90),
      cell('小数点', 'dbPointLength', (f) => <InputNumber aria-label="小数点" min={0} disabled={locked(f)} style={{ width: '100%' }} />, 80),
      cell('默认值', 'dbDefaultVal', (f) => <Input aria-label="默认值" disabled={locked(f)} />, 120),
      cell('类型', 'dbType', (f) => <Select aria-label="类型" virtual={false} disabled={locked(f)} options={typeOptions} onChange={(t: string) => suggestView(f, t)} style={{ width: '100%' }} />, 130),
      cell('主键', 'dbIsKey', () => <FlagBox aria-label="主键" disabled />, 60),
      flag('允许空值', 'dbIsNull'),
      { title: '操作', key: 'op', width: 70, render: (_, f) => (locked(f) ? null : <a onClick={() => remove(f.name)}>删除</a>) },
    ];
    case 'page': return [
      ...named,
      flag('表单显示', 'isShowForm'),
      flag('列表显示', 'isShowList'),
      flag('是否排序', 'sortFlag', true),
      flag('只读', 'isReadOnly'),
      cell('控件类型', 'fieldShowType', (f) => <Select aria-label="控件类型" virtual={false} showSearch optionFilterProp="label" disabled={locked(f)} options={viewOptions} style={{ width: '100%' }} />, 190),
      flag('是否查询', 'isQuery'),
      cell('查询模式', 'queryMode', () => <Select aria-label="查询模式" options={queryModes} style={{ width: '100%' }} />, 120),
      byView('扩展参数', 'fieldExtendJson', (view, f) => (
        <Form.Item name={[f.name, 'fieldExtendJson']} noStyle><Input aria-label="扩展参数" placeholder={extendHint(view)} /></Form.Item>
      ), 180),
    ];
    case 'check': return [
      ...named,
      cell('字段校验规则', 'fieldValidType', () => <ValidTypeInput aria-label="字段校验规则" />, 300),
      flag('必填', 'fieldMustInput', true),
    ];
    case 'dict': return [
      ...named,
      byView('控件类型', 'view', (view) => <span style={ON_INPUT_LINE}>{VIEW_LABELS[view as keyof typeof VIEW_LABELS] ?? view}</span>, 110),
      byView('字典table', 'dictTable', (view, f) => (
        <Form.Item name={[f.name, 'dictTable']} noStyle>{TABLE_VIEWS.has(view)
          ? <TableSelect aria-label="字典table" placeholder={dictHint(view).table} />
          : <Input aria-label="字典table" placeholder={dictHint(view).table} disabled={!dictHint(view).table} />}</Form.Item>
      ), 200),
      byView('字典code', 'dictField', (view, f) => (
        <Form.Item name={[f.name, 'dictField']} noStyle>{
          view === 'cat_tree' ? <CategoryCodeSelect aria-label="字典code" />
            : CODE_DICT_VIEWS.has(view) && !value(f, 'dictTable') ? <DictCodeSelect aria-label="字典code" />
              : TABLE_VIEWS.has(view) ? <ColumnSelect table={value(f, 'dictTable')} aria-label="字典code" placeholder={dictHint(view).field} />
                : <Input aria-label="字典code" placeholder={dictHint(view).field} disabled={!dictHint(view).field} />
        }</Form.Item>
      ), 240),
      byView('字典text', 'dictText', (view, f) => (
        <Form.Item name={[f.name, 'dictText']} noStyle>{ONE_TEXT_COLUMN_VIEWS.has(view)
          ? <ColumnSelect table={value(f, 'dictTable')} aria-label="字典text" placeholder={dictHint(view).text} />
          : <Input aria-label="字典text" placeholder={dictHint(view).text} disabled={!dictHint(view).text} />}</Form.Item>
      ), 200),
      byView('说明', 'hint', (view) => <div style={{ color: 'rgba(0,0,0,.45)', fontSize: 12, whiteSpace: 'normal', lineHeight: '16px' }}>{dictHint(view).note}</div>, 360),
    ];
    case 'foreign': return [
      ...named,
      cell('主表名', 'mainTable', (f) => <MainTableSelect aria-label="主表名" placeholder="关联的主表" disabled={locked(f)} />, 260),
      {
        title: '主表字段', key: 'mainField', width: 180,
        render: (_, f) => (
          <Form.Item noStyle shouldUpdate={mainChanged(f.name)}>
            {() => <Form.Item name={[f.name, 'mainField']} noStyle><ColumnSelect table={value(f, 'mainTable')} aria-label="主表字段" placeholder="id" disabled={locked(f)} /></Form.Item>}
          </Form.Item>
        ),
      },
    ];
  }
}
