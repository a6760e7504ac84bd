// Baseline for virtualTable: a plain antd Table (not virtual) with the same 1,000 rows × 10 columns,
// the same widths, body height, selection, row actions and pagination.
import { Table, type TableProps } from 'antd';
import { useState, type Key } from 'react';
import { showTotal } from '../../../../src/web/renderer/useList';
import { bigRows, bigSchema, BIG_ROWS } from '../data';
import { actionsColumn } from './actionsColumn';

type Row = Record<string, unknown>;

const columns: TableProps<Row>['columns'] = [
  ...bigSchema.fields.map((f) => ({ key: f.name, dataIndex: f.dict ? `${f.name}_dictText` : f.name, title: f.label, width: 150, align: 'center' as const, sorter: true })),
  actionsColumn,
];

export default function PlainTable() {
  const [selected, setSelected] = useState<Key[]>([]);
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      bordered
      scroll={{ x: 10 * 150 + 160 + 32, y: Math.max(360, window.innerHeight - 300) }}
      columns={columns}
      dataSource={bigRows}
      rowSelection={{ selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: true }}
      pagination={{ current: 1, pageSize: BIG_ROWS, total: BIG_ROWS, showSizeChanger: false, showTotal }}
    />
  );
}
