// Baseline for virtualTable: a plain antd Table (not virtual) with the same 1,000 rows × 10 columns,
// the same widths, body height, selection, row actions and pagination.
import { DownOutlined } from '@ant-design/icons';
import { Divider, Dropdown, Table, type TableProps } from 'antd';
import { useState, type Key } from 'react';
import { showTotal } from '../../../../src/web/renderer/useList';
import { bigRows, bigSchema, BIG_ROWS } from '../data';
import { rowLinks } from './links';

type Row = Record<string, unknown>;

const columns: TableProps<Row>['columns'] = [
  ...bigSchema.fields.map((f) => ({ key: f.name, dataIndex: f.dict ? `${f.name}_dictText` : f.name, title: f.label, width: 150, align: 'center' as const, sorter: true })),
  {
    key: '__actions',
    title: '操作',
    fixed: 'right' as const,
    width: 160,
    align: 'center' as const,
    render: (_: unknown, row: Row) => {
      const [first, ...more] = rowLinks(row);
      return (
        <span className="schema-row-actions">
          <a onClick={first.onClick}>{first.label}</a>
          <Divider type="vertical" />
          <Dropdown trigger={['click']} menu={{ items: more.map((l) => ({ key: l.key, label: l.label, danger: l.danger, onClick: l.onClick })) }}>
            <a>更多 <DownOutlined /></a>
          </Dropdown>
        </span>
      );
    },
  },
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
