// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from '../api/client';
import { useLoad } from './useLoad';

afterEach(cleanup);

describe('useLoad', () => {
  it('goes loading → ready, and reloads on retry', async () => {
    const load = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    const { result } = renderHook(() => useLoad(load, []));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'first' }));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'second' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a LoadError with its message and not-found flag, anything else as a generic failure', async () => {
    const { result, rerender } = renderHook(({ err }) => useLoad(() => Promise.reject(err), [err]), { initialProps: { err: new LoadError('不存在', true) as unknown } });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: '不存在', notFound: true }));
    rerender({ err: new TypeError('x is undefined') });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'error', message: '内容没有加载出来', notFound: false }));
  });

  it('never lets an older answer overwrite a newer one', async () => {
    let resolveOld!: (v: string) => void;
    const slow = new Promise<string>((r) => { resolveOld = r; });
    const { result, rerender } = renderHook(({ page }) => useLoad((signal) => (page === 1 ? slow.then((v) => { if (signal.aborted) throw new Error('aborted'); return v; }) : Promise.resolve('page 2')), [page]), { initialProps: { page: 1 } });
    rerender({ page: 2 });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', data: 'page 2' }));
    await act(async () => { resolveOld('page 1'); await slow; });
    expect(result.current).toMatchObject({ status: 'ready', data: 'page 2' });
  });
});
