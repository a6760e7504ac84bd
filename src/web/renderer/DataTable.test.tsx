// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { listColumns } from '../../schema/columns';
import { DataTable, VIRTUAL_PAST } from './DataTable';

const columns = listColumns({ fields: [{ name: 'name', label: '名称', type: 'string' }, { name: 'code', label: '编码', type: 'string' }] });

function renderRows(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i + 1}`, name: `名称${i + 1}`, code: `C${i + 1}` }));
  return render(
    <DataTable
      columns={columns}
      rows={rows}
      pagination={{ current: 1, pageSize: count, total: count }}
      sort={undefined}
      loading={false}
      onSort={() => {}}
      rowLinks={() => []}
      selectedIds={[]}
      onSelect={() => {}}
    />,
  );
}

afterEach(cleanup);

it('renders every row of an ordinary page, and only the rows in view past the virtual threshold', () => {
  const small = renderRows(VIRTUAL_PAST);
  expect(small.container.querySelector('.ant-table-tbody-virtual')).toBeNull();
  expect(small.container.querySelectorAll('.ant-table-tbody .ant-table-row')).toHaveLength(VIRTUAL_PAST);
  cleanup();
  const big = renderRows(1000);
  expect(big.container.querySelector('.ant-table-tbody-virtual')).not.toBeNull();
  const shown = big.container.querySelectorAll('.ant-table-row').length;
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(200);
});
