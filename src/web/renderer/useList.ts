import { App, type TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../api/request';
import type { Page } from './api';

export interface ListState {
  pageNo: number;
  pageSize: number;
  /** `column`/`order` of the list grammar. */
  sort?: { column: string; order: 'asc' | 'desc' };
  /** The query's parameters (a query bar's encodings, a panel's search). */
  query: Record<string, unknown>;
}

export const DEFAULT_PAGE_SIZE = 10;

/** SPEC §9 pagination total: `{from}-{to} 共{total}条`; an estimated total reads `约 200,000 条`. */
export const showTotal = (total: number, [from, to]: [number, number], estimated = false) =>
  (estimated ? `${from}-${to} 约 ${total.toLocaleString('en-US')} 条` : `${from}-${to} 共${total}条`);

/** The parameters one list request sends. */
export function listParams(s: ListState): Record<string, unknown> {
  return { ...s.query, pageNo: s.pageNo, pageSize: s.pageSize, ...(s.sort ? { column: s.sort.column, order: s.sort.order } : {}) };
}

/**
 * A paged list read through one loader (a schema's `list`, a panel's endpoint): its request state,
 * the rows of the current page, reload, and SPEC §9 paging (10 a page, 10/20/30, quick jumper,
 * size changer, the total text). An older request answering late is dropped; a refusal is shown.
 */
export function useList<T = Record<string, unknown>>(
  load: (params: Record<string, unknown>) => Promise<Result<Page<T>>>,
  initialQuery: Record<string, unknown> = {},
  /** The first page's answer if it has already arrived (asked for ahead of the list): drawn in the first render. */
  arrived?: (params: Record<string, unknown>) => Result<Page<T>> | undefined,
) {
  const { message } = App.useApp();
  const [state, setState] = useState<ListState>(() => ({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, query: initialQuery }));
  const [first] = useState(() => {
    const res = arrived?.(listParams(state));
    return res?.success ? res.result : undefined;
  });
  const [page, setPage] = useState<Page<T>>(first ?? { records: [], total: 0, size: DEFAULT_PAGE_SIZE, current: 1, pages: 0 });
  // Loading from the first render: set by the first request's effect instead, the whole list drew twice before any row.
  const [loading, setLoading] = useState(!first);
  const [version, setVersion] = useState(0);
  const seq = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const mine = ++seq.current;
    // The first rows already drawn: this request takes the same answer (the prefetch hands it over once) and changes nothing.
    if (!(first && mine === 1)) setLoading(true);
    loader.current(listParams(state)).then((res) => {
      if (mine !== seq.current) return;
      if (res.success) setPage(res.result);
      else void message.warning(res.message);
    }).catch(() => undefined).finally(() => { if (mine === seq.current) setLoading(false); });
  }, [state, version, load, message, first]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const search = useCallback((query: Record<string, unknown>) => setState((s) => ({ ...s, query, pageNo: 1 })), []);
  const update = useCallback((patch: Partial<ListState>) => setState((s) => ({ ...s, ...patch })), []);
  /** After deleting the last rows of the last page, step back a page rather than show an empty one. */
  const afterDelete = useCallback((count: number) => {
    setState((s) => (s.pageNo > 1 && page.records.length <= count ? { ...s, pageNo: s.pageNo - 1 } : s));
    reload();
  }, [page.records.length, reload]);

  const pagination: TablePaginationConfig = {
    current: state.pageNo,
    pageSize: state.pageSize,
    total: page.total,
    pageSizeOptions: ['10', '20', '30'],
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (total, range) => showTotal(total, range, page.totalEstimated),
    onChange: (pageNo, pageSize) => update({ pageNo: pageSize !== state.pageSize ? 1 : pageNo, pageSize }),
  };

  return { state, page, rows: page.records, total: page.total, loading, pagination, reload, search, update, afterDelete };
}
