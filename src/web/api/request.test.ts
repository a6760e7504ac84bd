// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../app/config';
import { KEYS, storage } from '../app/storage';
import { getNow } from './request';

describe('getNow (asking ahead)', () => {
  afterEach(() => { vi.unstubAllGlobals(); localStorage.clear(); });

  it('calls fetch in the caller\'s task, with the session\'s headers and the query as umi-request sends it', async () => {
    storage.set(KEYS.tenantId, 7);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, result: { total: 1 } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = getNow('/pms/project/list', { pageNo: 1, name: '张 三', tags: ['a', 'b'] });
    // Sent before any promise settles: not after React has finished drawing.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url.startsWith(`${API_BASE}/pms/project/list?pageNo=1&name=%E5%BC%A0%20%E4%B8%89&tags=a&tags=b&_t=`)).toBe(true);
    expect((init.headers as Record<string, string>).tenant_id).toBe('7');
    expect((await answer)?.result).toEqual({ total: 1 });
  });

  it('answers undefined for a refused request or no network: the caller asks again through the request layer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"success":false}', { status: 401 })));
    expect(await getNow('/x')).toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    expect(await getNow('/x')).toBeUndefined();
  });
});
