import { ConfigProvider, Dropdown, Table, Tag, theme, type CheckboxProps, type GetRef, type TablePaginationConfig, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { Fragment, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import type { ListColumn } from '../../schema/columns';
import type { MarkTone, RowMark } from '../../schema/row-marks';
import { widgetOf } from '../widgets';
import type { Row } from './api';
import type { ListState } from './useList';
import './SchemaList.css';

/** One entry of a row's action links. */
export interface RowLink {
  key: string;
  label: string;
  danger?: boolean;
  /** Shown beside the first link rather than under 更多 (a workflow transition). */
  inline?: boolean;
  onClick: () => void;
}

export interface DataTableProps {
  columns: ListColumn[];
  rows: Row[];
  /** The list's paging (its own onChange moves the page). */
  pagination: TablePaginationConfig;
  sort: ListState['sort'];
  loading: boolean;
  /** A new sort (back to the first page). */
  onSort: (patch: Partial<ListState>) => void;
  /** The first link and the inline ones are shown, the rest go under 更多 (a single one is shown too). */
  rowLinks: (row: Row) => RowLink[];
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  /** Tree pages: the open nodes and their children (loaded by the page when a node opens). */
  /** The marks a row carries (row-marks.ts): shown as tags before its first cell, the first one tints the row. */
  rowMarks?: (row: Row) => RowMark[];
  tree?: { isParent: (row: Row) => boolean; children: Record<string, Row[]>; expanded: string[]; onExpandedChange: (ids: string[]) => void };
}

/** Past this many rows on a page the table renders only the rows in view (antd's virtual table). */
export const VIRTUAL_PAST = 100;
const VIRTUAL_COLUMN_WIDTH = 150;
const ACTIONS_WIDTH = 160;
const SELECTION_WIDTH = 32;

const TAG_COLOR: Record<MarkTone, string> = { danger: 'error', warning: 'warning', success: 'success', info: 'processing' };

const cellValue = (row: Row, col: ListColumn) => (col.dictText ? (row[`${col.field}_dictText`] ?? row[col.field]) : row[col.field]);

function withChildren(rows: Row[], tree: DataTableProps['tree']): Row[] {
  if (!tree) return rows;
  return rows.map((r) => {
    if (!tree.isParent(r)) return r;
    const kids = tree.children[String(r.id)];
    return { ...r, children: kids ? withChildren(kids, tree) : [] };
  });
}

/**
 * A row action's click: the link has an href so that Tab reaches it and Enter fires it (WCAG 2.1.1),
 * but it goes nowhere.
 */
const actionClick = (run: () => void) => (e: MouseEvent) => { e.preventDefault(); run(); };

/** What names a row for a screen reader: its first column's text. */
const rowName = (row: Row, columns: ListColumn[]) => (columns[0] ? String(cellValue(row, columns[0]) ?? '') : '');

/**
 * A row's links: the first and the inline ones shown, the rest under 更多 — unless only one is left,
 * which is shown as well (a menu of one hides a link behind a click). Plain anchors and a drawn
 * separator (the table's link and split colours), not a Typography.Link and a Divider each: every
 * antd component a row mounts registers its styles again, which a virtual table does for each row
 * it scrolls into view (the renderer bench).
 */
function RowActions({ links }: { links: RowLink[] }) {
  const [first, ...rest] = links;
  if (!first) return null;
  const folded = rest.filter((l) => !l.inline);
  const more = folded.length > 1 ? folded : [];
  const shown = more.length ? [first, ...rest.filter((l) => l.inline)] : links;
  return (
    <span className="schema-row-actions">
      {shown.map((l, i) => (
        <Fragment key={l.key}>
          {i > 0 && <span className="schema-row-split" />}
          <a href="#" className={l.danger ? 'schema-row-link-danger' : undefined} onClick={actionClick(l.onClick)}>{l.label}</a>
        </Fragment>
      ))}
      {more.length > 0 && (
        <>
          <span className="schema-row-split" />
          <MoreLinks links={more} />
        </>
      )}
    </span>
  );
}

/**
 * 更多 and its menu: the Dropdown is mounted on the first click (most rows' menus are never opened).
 * Its caret is drawn by CSS (SchemaList.css): an icon component inserts its style sheet again on every
 * mount, and a virtual table mounts one per row it scrolls into view.
 */
function MoreLinks({ links }: { links: RowLink[] }) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) return <a href="#" className="schema-row-more" aria-haspopup="menu" onClick={actionClick(() => setOpen(true))}>更多</a>;
  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items: links.map((l) => ({ key: l.key, label: l.label, danger: l.danger, onClick: l.onClick })) }}>
      <a href="#" className="schema-row-more" aria-haspopup="menu" aria-expanded={open} onClick={(e) => e.preventDefault()}>更多</a>
    </Dropdown>
  );
}

/**
 * A virtual table's row checkbox: antd Checkbox's markup and classes (their styles are on the page for
 * the header's select-all box) around a native checkbox, answering antd's own handlers. A Checkbox
 * component registers its styles again on every mount, which a virtual table does for each row it
 * scrolls into view: a fifth of a scroll's main-thread time (the renderer bench). It lacks only the click wave.
 */
function RowCheckbox({ node, cls, hashId }: { node: ReactNode; cls: string; hashId: string }) {
  const props = (node as ReactElement<CheckboxProps>).props;
  const { checked, indeterminate, disabled, onClick, onChange } = props;
  const state = (base: string) => [base, checked && `${base}-checked`, disabled && `${base}-disabled`].filter(Boolean).join(' ');
  return (
    <label className={`${state(`${cls}-wrapper`)} ${hashId}`}>
      <span className={`${state(cls)}${indeterminate ? ` ${cls}-indeterminate` : ''} ${hashId}`}>
        <input
          className={`${cls}-input`}
          type="checkbox"
          checked={!!checked}
          disabled={disabled}
          aria-label={(props as { 'aria-label'?: string })['aria-label']}
          onClick={onClick as never}
          onChange={(e) => onChange?.({
            target: { ...props, checked: e.target.checked }, nativeEvent: e.nativeEvent,
            stopPropagation: () => e.stopPropagation(), preventDefault: () => e.preventDefault(),
          } as never)}
        />
        <span className={`${cls}-inner`} />
      </span>
    </label>
  );
}

/** A schema page's table: its columns, sorting, paging, selection and row actions. */
export function DataTable({ columns, rows, pagination, sort, loading, onSort, rowLinks, selectedIds, onSelect, rowMarks, tree }: DataTableProps) {
  const { token, hashId } = theme.useToken();
  const checkboxCls = useContext(ConfigProvider.ConfigContext).getPrefixCls('checkbox');
  // The row links' colours (SchemaList.css), as Typography.Link and Divider had them.
  const colors = useMemo(() => ({ '--schema-danger': token.colorError, '--schema-danger-hover': token.colorErrorHover, '--schema-danger-active': token.colorErrorActive, '--schema-split': token.colorSplit }) as CSSProperties,
    [token.colorError, token.colorErrorHover, token.colorErrorActive, token.colorSplit]);
  // A virtual table needs every column's width and a fixed body height to place the rows it renders.
  const virtual = rows.length > VIRTUAL_PAST;
  const tableColumns = useMemo<TableProps<Row>['columns']>(() => [
    ...columns.map((col, i) => ({
      key: col.field,
      dataIndex: col.field,
      title: col.title,
      width: col.width ?? (virtual ? VIRTUAL_COLUMN_WIDTH : undefined),
      // A virtual table's rows keep to one line (the cut text as the cell's title, a long one's tooltip
      // as usual): the height antd's virtual list assumes, so a scroll renders only the rows it shows
      // (wrapped rows of two or three lines had it render twice as many, and re-place them once measured).
      ellipsis: virtual,
      align: 'center' as const,
      sorter: col.sortable,
      sortOrder: sort?.column === col.field ? (sort.order === 'asc' ? 'ascend' as const : 'descend' as const) : null,
      render: (_: unknown, row: Row) => {
        const cell = widgetOf(col.view).cell?.(cellValue(row, col), row, col) ?? String(cellValue(row, col) ?? '');
        const marks = i === 0 ? rowMarks?.(row) ?? [] : [];
        if (!marks.length) return cell;
        return <>{marks.map((m) => <Tag key={m.label} className="schema-row-mark" color={TAG_COLOR[m.tone ?? 'warning']}>{m.label}</Tag>)}{cell}</>;
      },
    })),
    {
      key: '__actions',
      title: '操作',
      fixed: 'right' as const,
      width: ACTIONS_WIDTH,
      align: 'center' as const,
      render: (_: unknown, row: Row) => <RowActions links={rowLinks(row)} />,
    },
  ], [columns, rowLinks, rowMarks, sort, virtual]);
  const scroll = useMemo(() => (virtual
    ? { x: columns.reduce((w, c) => w + (c.width ?? VIRTUAL_COLUMN_WIDTH), ACTIONS_WIDTH + SELECTION_WIDTH), y: Math.max(360, window.innerHeight - 300) }
    : { x: 'max-content' as const }), [columns, virtual]);

  // antd measures column widths in a hidden row that repeats the header, 全选 box included: aria-hidden
  // but focusable. inert takes it out of the Tab order too (axe aria-hidden-focus).
  const tableRef = useRef<GetRef<typeof Table<Row>>>(null);
  useEffect(() => {
    tableRef.current?.nativeElement?.querySelectorAll('.ant-table-measure-row').forEach((tr) => tr.setAttribute('inert', ''));
  });

  const handleChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = sorter as SorterResult<Row>;
    const column = s.order ? String(s.columnKey ?? s.field) : undefined;
    onSort({ pageNo: 1, sort: column ? { column, order: s.order === 'ascend' ? 'asc' : 'desc' } : undefined });
  };

  return (
    <Table<Row>
      ref={tableRef}
      className="schema-table"
      rowKey="id"
      style={colors}
      rowClassName={(row) => { const [first] = rowMarks?.(row) ?? []; return first ? `schema-row-marked-${first.tone ?? 'warning'}` : ''; }}
      size="middle"
      bordered
      virtual={virtual}
      scroll={scroll}
      loading={loading}
      columns={tableColumns}
      dataSource={withChildren(rows, tree)}
      onChange={handleChange}
      rowSelection={{
        selectedRowKeys: selectedIds, onChange: (keys) => onSelect(keys.map(String)), preserveSelectedRowKeys: true,
        // Named checkboxes (WCAG 4.1.2): 选择行「first column」 and 全选, not antd's English 'Select all'.
        getCheckboxProps: (row) => ({ 'aria-label': `选择行「${rowName(row, columns)}」` }) as CheckboxProps,
        getTitleCheckboxProps: () => ({ 'aria-label': '全选' }) as CheckboxProps,
        renderCell: virtual ? (_checked, _row, _index, node) => <RowCheckbox node={node} cls={checkboxCls} hashId={hashId} /> : undefined,
      }}
      expandable={tree ? { expandedRowKeys: tree.expanded, onExpandedRowsChange: (keys) => tree.onExpandedChange(keys.map(String)) } : undefined}
      pagination={pagination}
    />
  );
}
