import { useRequest, useUpdateEffect } from 'ahooks';
import { useMemo } from 'react';
import { getNow, http, type Result } from '../../api/request';
import { prefetchStore } from '../../renderer/prefetch';
import { usePageActive } from '../../layouts/basic/pageActive';

/** How often an open monitor page asks again. */
export const REFRESH_MS = 5000;

const ahead = prefetchStore<Result<unknown> | undefined>();
const keyOf = (url: string, params?: object) => `${url}?${JSON.stringify(params ?? {})}`;

/**
 * Asks for a figures page's first answer as the navigation to it begins (a page module's `preload`),
 * so it is not asked only after the page's first render. The page's first request takes it; an
 * answer that failed is asked again through the request layer, which shows the failure.
 */
export function prefetchFigures(url: string, params?: object): void {
  ahead.start(keyOf(url, params), () => getNow<unknown>(url, params as Record<string, unknown> | undefined));
}

/**
 * Figures from one GET, asked again every few seconds while the page is open and in view: not while
 * the browser tab is hidden, nor while its page tab is kept open behind another (asked at once when it
 * comes back). A refused answer is an error the page shows, not data.
 */
export function useFigures<T>(url: string, opts: { params?: object; pollingInterval?: number; refreshDeps?: unknown[]; ready?: boolean } = {}) {
  const pollingInterval = opts.pollingInterval ?? REFRESH_MS;
  const active = usePageActive();
  const req = useRequest(async () => {
    const early = ahead.take(keyOf(url, opts.params)) as Promise<Result<T> | undefined> | undefined;
    const res = (early && (await early)) ?? (await http.get<T>(url, opts.params));
    if (!res.success) throw new Error(res.message || '加载失败');
    return res.result as T;
  }, { pollingInterval: active ? pollingInterval : undefined, pollingWhenHidden: false, refreshDeps: opts.refreshDeps, ready: opts.ready ?? true });
  useUpdateEffect(() => { if (active && (opts.ready ?? true)) req.refresh(); }, [active]);
  const updatedAt = useMemo(() => (req.data ? Date.now() : undefined), [req.data]);
  return { ...req, updatedAt, frame: { loading: req.loading, error: req.error, updatedAt, intervalMs: pollingInterval, onRefresh: req.refresh } };
}
