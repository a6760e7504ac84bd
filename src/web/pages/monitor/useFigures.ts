import { useRequest, useUpdateEffect } from 'ahooks';
import { useMemo } from 'react';
import { http } from '../../api/request';
import { usePageActive } from '../../layouts/basic/pageActive';

const countedAt = (data: unknown) => {
  const asOf = (data as { asOf?: unknown } | null)?.asOf;
  return typeof asOf === 'number' ? asOf : undefined;
};

/** How often an open monitor page asks again. */
export const REFRESH_MS = 5000;

/**
 * Figures from one GET, asked again every few seconds while the page is open and in view: not while
 * the browser tab is hidden, nor while its page tab is kept open behind another (asked at once when it
 * comes back). A refused answer is an error the page shows, not data.
 */
export function useFigures<T>(url: string, opts: { params?: object; pollingInterval?: number; refreshDeps?: unknown[]; ready?: boolean } = {}) {
  const pollingInterval = opts.pollingInterval ?? REFRESH_MS;
  const active = usePageActive();
  const req = useRequest(async () => {
    const res = await http.get<T>(url, opts.params);
    if (!res.success) throw new Error(res.message || '加载失败');
    return res.result as T;
  }, { pollingInterval: active ? pollingInterval : undefined, pollingWhenHidden: false, refreshDeps: opts.refreshDeps, ready: opts.ready ?? true });
  useUpdateEffect(() => { if (active && (opts.ready ?? true)) req.refresh(); }, [active]);
  // Figures the server kept a few seconds say when they were counted (`asOf`); others are as of their arrival.
  const updatedAt = useMemo(() => (req.data ? countedAt(req.data) ?? Date.now() : undefined), [req.data]);
  return { ...req, updatedAt, frame: { loading: req.loading, error: req.error, updatedAt, intervalMs: pollingInterval, onRefresh: req.refresh } };
}
