import { Table } from 'antd';
import { useMemo } from 'react';
import { cellText, tableColumns, type ChartsData } from './chart-spec';

const ROW_KEY = '__graphRow';

/** The rows as a table (the `table` graph type and the detail list): the items' texts as headers, dictionary values as texts. */
export function GraphTable({ chart }: { chart: ChartsData }) {
  const columns = useMemo(() => tableColumns(chart).map((c) => ({
    key: c.field, dataIndex: c.field, title: c.title, render: (v: unknown) => cellText(c.field, v, chart.dictOptions),
  })), [chart]);
  const rows = useMemo(() => chart.data.map((r, i) => ({ ...r, [ROW_KEY]: i })), [chart.data]);
  return (
    <Table
      size="small"
      rowKey={ROW_KEY}
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (total, [from, to]) => `${from}-${to} 共${total}条` }}
    />
  );
}
