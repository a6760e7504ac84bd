// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { listColumns } from '../../schema/columns';
import { DataTable, VIRTUAL_PAST } from './DataTable';

const columns = listColumns({ fields: [{ name: 'name', label: '名称', type: 'string' }, { name: 'code', label: '编码', type: 'string' }] });

function renderRows(count: number, onSelect: (ids: string[]) => void = () => {}, rowLinks: () => { key: string; label: string; danger?: boolean; onClick: () => void }[] = () => []) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i + 1}`, name: `名称${i + 1}`, code: `C${i + 1}` }));
  return render(
    <DataTable
      columns={columns}
      rows={rows}
      pagination={{ current: 1, pageSize: count, total: count }}
      sort={undefined}
      loading={false}
      onSort={() => {}}
      rowLinks={rowLinks}
      selectedIds={[]}
      onSelect={onSelect}
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

it("selects a virtual table's row with its checkbox, and offers a row's other links under 更多", async () => {
  const onSelect = vi.fn();
  const onDelete = vi.fn();
  const links = () => [{ key: 'edit', label: '编辑', onClick: () => {} }, { key: 'detail', label: '详情', onClick: () => {} }, { key: 'delete', label: '删除', danger: true, onClick: onDelete }];
  const { container, findByText } = renderRows(1000, onSelect, links);
  const first = container.querySelector('.ant-table-tbody-virtual .ant-table-row')!;
  const box = first.querySelector<HTMLInputElement>('input[type=checkbox]')!;
  expect(box.closest('label')).toHaveClass('ant-checkbox-wrapper');
  fireEvent.click(box);
  expect(onSelect).toHaveBeenCalledWith(['r1']);
  const more = first.querySelector('.schema-row-actions')!.querySelectorAll('a')[1];
  expect(more.textContent).toBe('更多');
  fireEvent.click(more);
  fireEvent.click(await findByText('删除'));
  expect(onDelete).toHaveBeenCalled();
});

it('shows a single link left over in the row rather than in a menu of one', () => {
  const onDelete = vi.fn();
  const { container } = renderRows(3, () => {}, () => [{ key: 'edit', label: '编辑', onClick: () => {} }, { key: 'delete', label: '删除', danger: true, onClick: onDelete }]);
  const shown = [...container.querySelector('.ant-table-tbody .schema-row-actions')!.querySelectorAll('a')];
  expect(shown.map((a) => a.textContent)).toEqual(['编辑', '删除']);
  fireEvent.click(shown[1]);
  expect(onDelete).toHaveBeenCalled();
});

it('names every selection checkbox after its row (and 全选), in an ordinary and a virtual table (WCAG 4.1.2)', () => {
  for (const count of [3, 1000]) {
    const { container, getByRole } = renderRows(count);
    expect(getByRole('checkbox', { name: '选择行「名称1」' })).toBeInTheDocument();
    expect(container.querySelector('thead input[type=checkbox]')).toHaveAttribute('aria-label', '全选');
    cleanup();
  }
});

it('lets the keyboard reach a row link and fire it: a link Tab stops at, going nowhere', () => {
  const onEdit = vi.fn();
  const { getByRole } = renderRows(3, () => {}, () => [{ key: 'edit', label: '编辑', onClick: onEdit }]);
  const link = getByRole('row', { name: /名称2/ }).querySelector('.schema-row-actions a')!;
  expect(link).toHaveAttribute('href');
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  link.dispatchEvent(click);
  expect(onEdit).toHaveBeenCalledTimes(1);
  expect(click.defaultPrevented).toBe(true);
});
