import { useCallback, useEffect, useRef, useState } from 'react';
import { crudApi, type Page, type Row } from './api';

export interface ListState {
  pageNo: number;
  pageSize: number;
  /** `column`/`order` of the list grammar. */
  sort?: { column: string; order: 'asc' | 'desc' };
  /** The query bar's encoded parameters. */
  query: Record<string, string>;
}

export const DEFAULT_PAGE_SIZE = 10;

/** The parameters one list request sends. */
export function listParams(s: ListState): Record<string, string | number> {
  return { ...s.query, pageNo: s.pageNo, pageSize: s.pageSize, ...(s.sort ? { column: s.sort.column, order: s.sort.order } : {}) };
}

/** A schema page's list: its request state, the rows of the current page, reload. */
export function useList(base: string, fixed?: Record<string, string>) {
  const api = useRef(crudApi(base)).current;
  const [state, setState] = useState<ListState>({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, query: {} });
  const [page, setPage] = useState<Page>({ records: [], total: 0, size: DEFAULT_PAGE_SIZE, current: 1, pages: 0 });
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    api.list({ ...listParams(state), ...fixed }).then((res) => {
      if (mine !== seq.current) return; // an older answer arriving late
      if (res.success) setPage(res.result);
    }).catch(() => undefined).finally(() => { if (mine === seq.current) setLoading(false); });
  }, [api, state, version, fixed]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const search = useCallback((query: Record<string, string>) => setState((s) => ({ ...s, query, pageNo: 1 })), []);
  const update = useCallback((patch: Partial<ListState>) => setState((s) => ({ ...s, ...patch })), []);
  /** After deleting the last rows of the last page, step back a page rather than show an empty one. */
  const afterDelete = useCallback((count: number) => {
    setState((s) => (s.pageNo > 1 && page.records.length <= count ? { ...s, pageNo: s.pageNo - 1 } : s));
    reload();
  }, [page.records.length, reload]);

  return { api, state, page, rows: page.records as Row[], loading, reload, search, update, afterDelete };
}
