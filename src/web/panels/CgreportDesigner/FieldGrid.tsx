import { Checkbox, Input, InputNumber, Select, Table, type TableColumnsType } from 'antd';
import { useDictOptions } from '../../widgets/dict/useDictOptions';
import type { ReportField } from './model';

type Flag = 'isShow' | 'isOrder' | 'isSearch';

interface Props {
  rows: ReportField[];
  onChange: (rows: ReportField[]) => void;
}

/** The report's columns (字段), one editable row each: texts, shown/sortable/searchable, search mode, dictionary, width, order. */
export function FieldGrid({ rows, onChange }: Props) {
  const searchModes = useDictOptions({ code: 'search_mode' });
  const fieldTypes = useDictOptions({ code: 'cgreport_field_type' });
  const set = (i: number, patch: Partial<ReportField>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const flag = (key: Flag, title: string): TableColumnsType<ReportField>[number] => ({
    key, title, width: 60, align: 'center',
    render: (_, r, i) => <Checkbox aria-label={`${r.fieldName}${title}`} checked={r[key] === 1} onChange={(e) => set(i, { [key]: e.target.checked ? 1 : 0 })} />,
  });

  const columns: TableColumnsType<ReportField> = [
    { key: 'fieldName', title: '字段名', dataIndex: 'fieldName', width: 160 },
    { key: 'fieldTxt', title: '字段文本', width: 180, render: (_, r, i) => <Input aria-label={`${r.fieldName}字段文本`} value={r.fieldTxt} maxLength={100} onChange={(e) => set(i, { fieldTxt: e.target.value })} /> },
    { key: 'fieldType', title: '字段类型', width: 120, render: (_, r, i) => <Select aria-label={`${r.fieldName}字段类型`} style={{ width: '100%' }} options={fieldTypes} value={r.fieldType} onChange={(v: string) => set(i, { fieldType: v })} /> },
    flag('isShow', '显示'),
    flag('isOrder', '排序'),
    flag('isSearch', '查询'),
    { key: 'searchMode', title: '查询模式', width: 130, render: (_, r, i) => <Select aria-label={`${r.fieldName}查询模式`} style={{ width: '100%' }} options={searchModes} value={r.searchMode} onChange={(v: string) => set(i, { searchMode: v })} /> },
    { key: 'dictCode', title: '字典编码', width: 140, render: (_, r, i) => <Input aria-label={`${r.fieldName}字典编码`} value={r.dictCode ?? ''} maxLength={100} onChange={(e) => set(i, { dictCode: e.target.value })} /> },
    { key: 'fieldWidth', title: '宽度', width: 100, render: (_, r, i) => <InputNumber aria-label={`${r.fieldName}宽度`} min={20} max={2000} precision={0} value={r.fieldWidth} onChange={(v) => set(i, { fieldWidth: v ?? null })} /> },
    { key: 'orderNum', title: '顺序', width: 90, render: (_, r, i) => <InputNumber aria-label={`${r.fieldName}顺序`} min={0} precision={0} value={r.orderNum} onChange={(v) => set(i, { orderNum: v ?? 0 })} /> },
  ];

  return <Table<ReportField> size="small" bordered rowKey="fieldName" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 'max-content', y: 360 }} locale={{ emptyText: '请先填写报表SQL并解析' }} />;
}
