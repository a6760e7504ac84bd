// The generic list page's table: DataTable with listColumns(schema), cells through the widget registry.
import { useState } from 'react';
import { listColumns } from '../../../../src/schema/columns';
import { DataTable } from '../../../../src/web/renderer/DataTable';
import { showTotal, type ListState } from '../../../../src/web/renderer/useList';
import '../../../../src/web/renderer/SchemaList.css';
import { variantRows, variants, variantSchema } from '../data';
import { installLazyTip } from './lazytip';
import { rowLinks } from './links';

if (variants.has('lazytip')) installLazyTip();

const columns = listColumns(variantSchema);
const page = { records: variantRows, total: variantRows.length, size: 100, current: 1, pages: 1 };

export default function SchemaTable() {
  const [state, setState] = useState<ListState>({ pageNo: 1, pageSize: 100, query: {} });
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  return (
    <DataTable
      columns={columns}
      rows={page.records}
      pagination={{ current: state.pageNo, pageSize: state.pageSize, total: page.total, pageSizeOptions: ['10', '20', '30'], showQuickJumper: true, showSizeChanger: true, showTotal }}
      sort={state.sort}
      loading={false}
      onSort={(patch) => setState((s) => ({ ...s, ...patch }))}
      rowLinks={rowLinks}
      selectedIds={selectedIds}
      onSelect={setSelectedIds}
    />
  );
}
