import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, getResult, LoadError } from './client';

vi.mock('../../app/config', () => ({ API_BASE: '/jeecg-boot' }));

const respond = (status: number, body: unknown) => vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('joins base, path and the non-empty params', () => {
    expect(apiUrl('/web/news/list', { pageNo: 2, pageSize: 10, category: undefined, keyword: '' }, '/api')).toBe('/api/web/news/list?pageNo=2&pageSize=10');
    expect(apiUrl('/web/index/banner', {}, '/api')).toBe('/api/web/index/banner');
    expect(apiUrl('/web/news/queryById', { id: 'a b&c' }, '/api')).toBe('/api/web/news/queryById?id=a+b%26c');
  });
});

describe('getResult', () => {
  it('unwraps a successful Result', async () => {
    const fetch = respond(200, { success: true, code: 200, result: { records: [1] } });
    vi.stubGlobal('fetch', fetch);
    await expect(getResult('/web/news/list', { pageNo: 1 })).resolves.toEqual({ records: [1] });
    expect(fetch).toHaveBeenCalledWith('/jeecg-boot/web/news/list?pageNo=1', expect.anything());
  });

  it('marks a 404 Result (status or code) as not found', async () => {
    vi.stubGlobal('fetch', respond(404, { success: false, code: 404, message: '内容不存在' }));
    await expect(getResult('/web/news/queryById', { id: 'x' })).rejects.toMatchObject({ notFound: true, message: '内容不存在' });
    vi.stubGlobal('fetch', respond(200, { success: false, code: 404, message: '' }));
    await expect(getResult('/web/news/queryById', { id: 'x' })).rejects.toMatchObject({ notFound: true });
  });

  it('passes a refusal message on, but not a server error', async () => {
    vi.stubGlobal('fetch', respond(400, { success: false, code: 400, message: 'pageSize 超出范围' }));
    await expect(getResult('/web/news/list')).rejects.toMatchObject({ notFound: false, message: 'pageSize 超出范围' });
    vi.stubGlobal('fetch', respond(500, { success: false, code: 500, message: 'SQLITE_ERROR: no such table' }));
    await expect(getResult('/web/news/list')).rejects.toMatchObject({ message: '网络不给力，内容没有加载出来' });
  });

  it('turns a network failure or a non-JSON answer into a friendly LoadError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const err = await getResult('/web/news/list').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoadError);
    expect((err as LoadError).message).toBe('网络不给力，内容没有加载出来');
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>'));
    await expect(getResult('/web/news/list')).rejects.toMatchObject({ notFound: false, message: '网络不给力，内容没有加载出来' });
  });

  it('lets an abort through unchanged (a newer request replaced it)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new DOMException('aborted', 'AbortError'); }));
    await expect(getResult('/web/news/list')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
