import { useCallback, useEffect, useState } from 'react';
import { LoadError } from '../api/client';

export type Load<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; notFound: boolean }
  | { status: 'ready'; data: T };

/**
 * Runs `load` whenever `deps` change (aborting the previous run) and on `retry`;
 * a stale answer never overwrites a newer one.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): Load<T> & { retry: () => void } {
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    load(ctrl.signal).then(
      (data) => { if (!ctrl.signal.aborted) setState({ status: 'ready', data }); },
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        const err = e instanceof LoadError ? e : new LoadError('内容没有加载出来');
        setState({ status: 'error', message: err.message, notFound: err.notFound });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
