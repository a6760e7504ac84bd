// The generic list table with a 1,000-row page of 10 columns: DataTable renders it virtually (past 100 rows).
import { useState } from 'react';
import { listColumns } from '../../../../src/schema/columns';
import { DataTable } from '../../../../src/web/renderer/DataTable';
import { showTotal, type ListState } from '../../../../src/web/renderer/useList';
import '../../../../src/web/renderer/SchemaList.css';
import { bigRows, bigSchema, BIG_ROWS } from '../data';
import { rowLinks } from './links';

const columns = listColumns(bigSchema);

export default function VirtualTable() {
  const [state, setState] = useState<ListState>({ pageNo: 1, pageSize: BIG_ROWS, query: {} });
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  return (
    <DataTable
      columns={columns}
      rows={bigRows}
      pagination={{ current: state.pageNo, pageSize: state.pageSize, total: BIG_ROWS, showSizeChanger: false, showTotal }}
      sort={state.sort}
      loading={false}
      onSort={(patch) => setState((s) => ({ ...s, ...patch }))}
      rowLinks={rowLinks}
      selectedIds={selectedIds}
      onSelect={setSelectedIds}
    />
  );
}
