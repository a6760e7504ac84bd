import { Input, Table, type TableColumnsType } from 'antd';
import type { ReportParam } from './model';

interface Props {
  rows: ReportParam[];
  onChange: (rows: ReportParam[]) => void;
}

/** The report's `${}` parameters (参数): the text a user sees and the value used when none is given. */
export function ParamGrid({ rows, onChange }: Props) {
  const set = (i: number, patch: Partial<ReportParam>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const columns: TableColumnsType<ReportParam> = [
    { key: 'paramName', title: '参数名', dataIndex: 'paramName', width: 200 },
    { key: 'paramTxt', title: '参数文本', render: (_, r, i) => <Input aria-label={`${r.paramName}参数文本`} value={r.paramTxt} maxLength={100} onChange={(e) => set(i, { paramTxt: e.target.value })} /> },
    { key: 'paramValue', title: '默认值', render: (_, r, i) => <Input aria-label={`${r.paramName}默认值`} value={r.paramValue ?? ''} maxLength={200} onChange={(e) => set(i, { paramValue: e.target.value })} /> },
  ];
  return <Table<ReportParam> size="small" bordered rowKey="paramName" columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: '报表SQL中没有 ${} 参数' }} />;
}
