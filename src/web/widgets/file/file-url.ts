import { useEffect, useReducer } from 'react';
import { staticUrl } from '../../app/config';
import { getToken } from '../../app/session-storage';
import { getNow } from '../../api/request';
import { shownName } from './stored-files';

/**
 * A stored file's URL for a link or an image of the back office: with the session's token as
 * `?token=` (contract §2.3), since a record's files are served only to its readers (public ones
 * ignore it). Never for a URL written into content — a rich text keeps the plain staticUrl.
 */
export function fileUrl(path: string): string {
  const url = staticUrl(path);
  const token = getToken();
  if (!url || !token || /^(https?:)?\/\//.test(path) || path.startsWith('data:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** A stored name the server chose at random (`<32 hex>.<ext>`): only the server knows what it was called. */
const RANDOM_NAME = /(^|\/)[0-9a-f]{32}(\.[A-Za-z0-9]{1,10})?$/;

/** Names learnt (null: asked, none given), shared by every widget of the page. */
const known = new Map<string, string | null>();
const waiting = new Set<string>();
const listeners = new Set<() => void>();
let flushing: ReturnType<typeof setTimeout> | undefined;
/** What the server answers at most in one request. */
const BATCH = 50;

async function flush(): Promise<void> {
  flushing = undefined;
  const all = [...waiting];
  waiting.clear();
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    for (const p of batch) known.set(p, null);
    const res = await getNow<Record<string, string>>('/sys/common/fileNames', { paths: batch.join(',') });
    for (const [p, name] of Object.entries(res?.success && res.result ? res.result : {})) known.set(p, name);
  }
  listeners.forEach((l) => l());
}

function ask(paths: string[]): void {
  if (!getToken()) return;
  for (const p of paths) if (RANDOM_NAME.test(p) && !known.has(p) && !waiting.has(p)) waiting.add(p);
  if (waiting.size && !flushing) flushing = setTimeout(() => void flush(), 0);
}

/**
 * What to call stored files: the name they were uploaded under, asked of the server once for all
 * the widgets drawn together (`/sys/common/fileNames`, only for files the user may read), else the
 * name in their path.
 */
export function useFileNames(paths: string[]): (path: string) => string {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const key = paths.join(',');
  useEffect(() => {
    listeners.add(redraw);
    ask(key ? key.split(',') : []);
    return () => { listeners.delete(redraw); };
  }, [key]);
  return (path) => known.get(path) ?? shownName(path);
}
