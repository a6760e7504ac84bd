import { App, type TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../../api/request';
import type { Page } from '../../renderer/api';
import { showTotal } from '../../renderer/DataTable';

type Params = Record<string, unknown>;

/**
 * A paged list read from one endpoint: query, page (SPEC §9: 10 a page, 10/20/30, quick jumper,
 * size changer, `{from}-{to} 共{total}条`), reload; late answers of older requests are dropped.
 */
export function usePagedList<T>(load: (params: Params) => Promise<Result<Page<T>>>) {
  const { message } = App.useApp();
  const [query, setQuery] = useState<Params>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [version, setVersion] = useState(0);
  const [page, setPage] = useState<{ records: T[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    loader.current({ ...query, ...paging }).then((res) => {
      if (mine !== seq.current) return;
      if (res.success) setPage({ records: res.result.records, total: res.result.total });
      else void message.warning(res.message);
    }).catch(() => undefined).finally(() => { if (mine === seq.current) setLoading(false); });
  }, [query, paging, version, message]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const search = useCallback((q: Params) => { setQuery(q); setPaging((p) => ({ ...p, pageNo: 1 })); }, []);
  /** After removing rows: the previous page when the last rows of this one went. */
  const afterRemove = useCallback((count: number) => {
    setPaging((p) => (p.pageNo > 1 && page.records.length <= count ? { ...p, pageNo: p.pageNo - 1 } : p));
    reload();
  }, [page.records.length, reload]);

  const pagination: TablePaginationConfig = {
    current: paging.pageNo,
    pageSize: paging.pageSize,
    total: page.total,
    pageSizeOptions: ['10', '20', '30'],
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal,
    onChange: (pageNo, pageSize) => setPaging((p) => ({ pageNo: pageSize !== p.pageSize ? 1 : pageNo, pageSize })),
  };

  return { rows: page.records, total: page.total, loading, pagination, search, reload, afterRemove };
}
