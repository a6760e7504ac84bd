import { Input, Popover, Select, Space, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../../api/request';
import type { Page } from '../../renderer/api';

/**
 * What the designer picks instead of asking for codes typed from memory: a dictionary (by name or
 * code, its items previewed), a category root (from the category tree, codes shown), a main table
 * (the main designs), a declared table and one of its columns. Each receives `value`/`onChange` from its Form.Item; a value not in the list
 * (a dictionary deleted since) stays shown as it is.
 */
interface Control { value?: string; onChange?: (v: string) => void; disabled?: boolean; 'aria-label'?: string; placeholder?: string }

interface DictRow { dictName: string; dictCode: string }
interface DictItem { value: string; text?: string; title?: string; label?: string }
interface CategoryNode { key?: string; value?: string; id?: string; title?: string; name?: string; code?: string; children?: CategoryNode[] }
interface TreeOption { value: string; title: string; children?: TreeOption[] }

/** One load per designer opening, shared by every row's picker. */
function shared<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  let at = 0;
  return () => {
    // Reloaded after a minute: a dictionary added meanwhile in another tab shows up.
    if (!pending || Date.now() - at > 60_000) {
      at = Date.now();
      pending = load().catch((e: unknown) => { pending = undefined; throw e; });
    }
    return pending;
  };
}

const loadDicts = shared(async () => {
  const res = await http.get<DictRow[]>('/sys/dict/treeList');
  return res.success && Array.isArray(res.result) ? res.result : [];
});

const loadCategories = shared(async () => {
  const res = await http.get<CategoryNode[]>('/sys/category/loadTreeRoot', { async: 'false', pcode: '0' });
  const tree = (nodes: CategoryNode[]): TreeOption[] => nodes.filter((n) => n.code).map((n) => ({
    value: n.code!, title: `${n.title ?? n.name ?? ''}（${n.code}）`, children: n.children?.length ? tree(n.children) : undefined,
  }));
  return res.success && Array.isArray(res.result) ? tree(res.result) : [];
});

const loadMains = shared(async () => {
  const res = await http.get<Page<{ tableName: string; tableTxt: string; tableType: number | string }>>('/online/cgform/head/list', { tableType: 2, pageNo: 1, pageSize: 200 });
  return res.success && Array.isArray(res.result?.records) ? res.result.records.filter((r) => Number(r.tableType) === 2) : [];
});

interface DeclaredTable { table: string; title: string; columns: { column: string; label: string; type: string }[] }

/** The tables the server lets a design name (table dictionaries, duplicate checks), with their columns. */
const loadTables = shared(async () => {
  const res = await http.get<DeclaredTable[]>('/online/cgform/api/declaredTables');
  return res.success && Array.isArray(res.result) ? res.result : [];
});

function useLoaded<T>(load: () => Promise<T[]>): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    load().then((r) => live && setRows(r)).catch(() => undefined);
    return () => { live = false; };
  }, [load]);
  return rows;
}

/** A dictionary's items, read when its preview opens. */
function DictPreview({ code }: { code: string }) {
  const [items, setItems] = useState<DictItem[] | null>(null);
  useEffect(() => {
    let live = true;
    http.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`)
      .then((res) => live && setItems(res.success && Array.isArray(res.result) ? res.result : [])).catch(() => live && setItems([]));
    return () => { live = false; };
  }, [code]);
  if (!items) return <span>加载中…</span>;
  if (!items.length) return <span>该字典没有字典项</span>;
  return (
    <div style={{ maxWidth: 320, maxHeight: 240, overflow: 'auto' }} data-testid="dict-preview">
      {items.map((i) => <div key={i.value}><span>{i.text ?? i.title ?? i.label}</span> <Typography.Text type="secondary">{i.value}</Typography.Text></div>)}
    </div>
  );
}

/** 字典code of a dropdown, radio or checkbox field: a dictionary searched by name or code, then its items previewed. */
export function DictCodeSelect({ value, onChange, disabled, ...rest }: Control) {
  const dicts = useLoaded(loadDicts);
  const options = dicts.map((d) => ({ value: d.dictCode, label: `${d.dictName}（${d.dictCode}）` }));
  if (value && !dicts.some((d) => d.dictCode === value)) options.unshift({ value, label: value });
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select aria-label={rest['aria-label']} value={value || undefined} onChange={(v: string) => onChange?.(v ?? '')} disabled={disabled} allowClear showSearch
        optionFilterProp="label" placeholder="搜索字典名称或编码" options={options} style={{ width: '100%' }} popupMatchSelectWidth={false} virtual={false} />
      {value && (
        <Popover title={`字典项：${value}`} content={<DictPreview code={value} />} trigger="click">
          <a style={{ lineHeight: '32px', padding: '0 8px', whiteSpace: 'nowrap' }}>预览</a>
        </Popover>
      )}
    </Space.Compact>
  );
}

/** 字典code of a category tree field: the root chosen in the category tree itself (names and codes shown). */
export function CategoryCodeSelect({ value, onChange, disabled, ...rest }: Control) {
  const tree = useLoaded(loadCategories);
  return (
    <TreeSelect aria-label={rest['aria-label']} value={value || undefined} onChange={(v: string) => onChange?.(v ?? '')} disabled={disabled} allowClear showSearch
      treeNodeFilterProp="title" placeholder="选择分类根节点" treeData={tree} style={{ width: '100%' }} popupMatchSelectWidth={false} />
  );
}

/** 主表名 of a sub table's foreign key: one of the main designs. */
export function MainTableSelect({ value, onChange, disabled, ...rest }: Control) {
  const mains = useLoaded(loadMains);
  const options = mains.map((m) => ({ value: m.tableName, label: `${m.tableTxt}（${m.tableName}）` }));
  if (value && !mains.some((m) => m.tableName === value)) options.unshift({ value, label: value });
  return (
    <Select aria-label={rest['aria-label']} value={value || undefined} onChange={(v: string) => onChange?.(v ?? '')} disabled={disabled} allowClear showSearch
      optionFilterProp="label" placeholder={rest.placeholder ?? '选择主表'} options={options} style={{ width: '100%' }} virtual={false}
      notFoundContent="尚无主表：先新增一个表类型为“主表”的表单" />
  );
}

/** 字典table: one of the declared tables, searched by name or title (an undeclared one would be refused). */
export function TableSelect({ value, onChange, disabled, ...rest }: Control) {
  const tables = useLoaded(loadTables);
  const options = tables.map((t) => ({ value: t.table, label: `${t.title}（${t.table}）` }));
  if (value && !tables.some((t) => t.table === value)) options.unshift({ value, label: value });
  return (
    <Select aria-label={rest['aria-label']} value={value || undefined} onChange={(v: string) => onChange?.(v ?? '')} disabled={disabled} allowClear showSearch
      optionFilterProp="label" placeholder={rest.placeholder ?? '搜索表名或表描述'} options={options} style={{ width: '100%' }} popupMatchSelectWidth={false} />
  );
}

/**
 * A column of `table` (字典code, 字典text, 主表字段), by column name or label. A table that is not
 * declared yet (a main design not synced) leaves the column typed by hand.
 */
export function ColumnSelect({ table, value, onChange, disabled, ...rest }: Control & { table?: string }) {
  const tables = useLoaded(loadTables);
  const columns = tables.find((t) => t.table === table)?.columns;
  if (!columns) return <Input aria-label={rest['aria-label']} value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} placeholder={rest.placeholder} />;
  const options = columns.map((c) => ({ value: c.column, label: `${c.label}（${c.column}）` }));
  if (value && !columns.some((c) => c.column === value)) options.unshift({ value, label: value });
  return (
    <Select aria-label={rest['aria-label']} value={value || undefined} onChange={(v: string) => onChange?.(v ?? '')} disabled={disabled} allowClear showSearch
      optionFilterProp="label" placeholder={rest.placeholder ?? '选择字段'} options={options} style={{ width: '100%' }} popupMatchSelectWidth={false} />
  );
}
