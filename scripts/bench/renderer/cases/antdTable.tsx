// Hand-written baseline: an antd Table with the same 50 columns (plain dataIndex, dictionary columns
// read `<field>_dictText`), the same 100 rows, and the same table props as DataTable (bordered,
// middle size, horizontal scroll, row selection, the row-action column, the same pagination).
// `?variant=sort` gives every column an antd sorter, as DataTable's sortable columns have.
import { Table, type TableProps } from 'antd';
import { useState, type Key } from 'react';
import { showTotal } from '../../../../src/web/renderer/useList';
import { tableSchema, variantRows as tableRows, variants } from '../data';
import { actionsColumn } from './actionsColumn';

type Row = Record<string, unknown>;

const columns: TableProps<Row>['columns'] = [
  ...tableSchema.fields.map((f) => ({ key: f.name, dataIndex: f.dict ? `${f.name}_dictText` : f.name, title: f.label, align: 'center' as const, sorter: variants.has('sort') })),
  actionsColumn,
];

export default function AntdTable() {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(100);
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      bordered
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={tableRows}
      rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
      onChange={(p) => { setPageNo(p.current ?? 1); setPageSize(p.pageSize ?? 100); }}
      pagination={{ current: pageNo, pageSize, total: tableRows.length, pageSizeOptions: ['10', '20', '30'], showQuickJumper: true, showSizeChanger: true, showTotal }}
    />
  );
}
