import { DownOutlined } from '@ant-design/icons';
import { Divider, Dropdown, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo } from 'react';
import type { ListColumn } from '../../schema/columns';
import { widgetOf } from '../widgets';
import type { Page, Row } from './api';
import type { ListState } from './useList';

/** One entry of a row's action links. */
export interface RowLink {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

export interface DataTableProps {
  columns: ListColumn[];
  rows: Row[];
  page: Page;
  state: ListState;
  loading: boolean;
  onChange: (patch: Partial<ListState>) => void;
  /** The first link is shown, the rest go under 更多. */
  rowLinks: (row: Row) => RowLink[];
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  /** Tree pages: children of expanded nodes, loaded on expand. */
  tree?: { isParent: (row: Row) => boolean; children: Record<string, Row[]>; onExpand: (row: Row) => void };
}

/** SPEC §9 pagination: 10 a page, 10/20/30, quick jumper, size changer, `{from}-{to} 共{total}条`. */
export const showTotal = (total: number, [from, to]: [number, number]) => `${from}-${to} 共${total}条`;

const cellValue = (row: Row, col: ListColumn) => (col.dictText ? (row[`${col.field}_dictText`] ?? row[col.field]) : row[col.field]);

function withChildren(rows: Row[], tree: DataTableProps['tree']): Row[] {
  if (!tree) return rows;
  return rows.map((r) => {
    if (!tree.isParent(r)) return r;
    const kids = tree.children[String(r.id)];
    return { ...r, children: kids ? withChildren(kids, tree) : [] };
  });
}

/** A schema page's table: its columns, sorting, paging, selection and row actions. */
export function DataTable({ columns, rows, page, state, loading, onChange, rowLinks, selectedIds, onSelect, tree }: DataTableProps) {
  const tableColumns = useMemo<TableProps<Row>['columns']>(() => [
    ...columns.map((col) => ({
      key: col.field,
      dataIndex: col.field,
      title: col.title,
      width: col.width,
      align: 'center' as const,
      sorter: col.sortable,
      sortOrder: state.sort?.column === col.field ? (state.sort.order === 'asc' ? 'ascend' as const : 'descend' as const) : null,
      render: (_: unknown, row: Row) => widgetOf(col.view).cell?.(cellValue(row, col), row, col) ?? String(cellValue(row, col) ?? ''),
    })),
    {
      key: '__actions',
      title: '操作',
      fixed: 'right' as const,
      width: 160,
      align: 'center' as const,
      render: (_: unknown, row: Row) => {
        const [first, ...more] = rowLinks(row);
        if (!first) return null;
        return (
          <span className="schema-row-actions">
            <a onClick={first.onClick}>{first.label}</a>
            {more.length > 0 && (
              <>
                <Divider type="vertical" />
                <Dropdown trigger={['click']} menu={{ items: more.map((l) => ({ key: l.key, label: l.label, danger: l.danger, onClick: l.onClick })) }}>
                  <a>更多 <DownOutlined /></a>
                </Dropdown>
              </>
            )}
          </span>
        );
      },
    },
  ], [columns, rowLinks, state.sort]);

  const handleChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = sorter as SorterResult<Row>;
      const column = s.order ? String(s.columnKey ?? s.field) : undefined;
      onChange({ pageNo: 1, sort: column ? { column, order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined });
    } else if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? state.pageSize;
      onChange({ pageNo: size !== state.pageSize ? 1 : (pagination.current ?? 1), pageSize: size });
    }
  };

  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      bordered
      scroll={{ x: 'max-content' }}
      loading={loading}
      columns={tableColumns}
      dataSource={withChildren(rows, tree)}
      onChange={handleChange}
      rowSelection={{ selectedRowKeys: selectedIds, onChange: (keys) => onSelect(keys.map(String)), preserveSelectedRowKeys: true }}
      expandable={tree ? { onExpand: (expanded, row) => { if (expanded) tree.onExpand(row); } } : undefined}
      pagination={{
        current: state.pageNo,
        pageSize: state.pageSize,
        total: page.total,
        pageSizeOptions: ['10', '20', '30'],
        showQuickJumper: true,
        showSizeChanger: true,
        showTotal,
      }}
    />
  );
}
