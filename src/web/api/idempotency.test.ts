// @vitest-environment happy-dom
import { message, notification } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionKeys, isRetryableFailure, newIdempotencyKey } from './idempotency';
import { http, writeRetry } from './request';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const okBody = { success: true, message: '添加成功！', code: 200, result: 'id1', timestamp: 1 };

/** fetch answering each call with the next of `answers` (a Response, or an Error to throw). */
function stubFetch(...answers: (Response | Error)[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers as HeadersInit).get('Idempotency-Key');

describe('writes carry an idempotency key and are retried once with it', () => {
  const shown = { error: vi.fn(), notify: vi.fn() };
  beforeEach(() => {
    Object.assign(writeRetry, { delayMs: 0, stillRunningWaitMs: 0 });
    vi.spyOn(message, 'error').mockImplementation(shown.error as never);
    vi.spyOn(notification, 'error').mockImplementation(shown.notify as never);
  });
  afterEach(() => { vi.unstubAllGlobals(); vi.restoreAllMocks(); shown.error.mockReset(); shown.notify.mockReset(); });

  it('sends a key with a POST, PUT and DELETE, none with a GET; a given key is used as given', async () => {
    const fetch = stubFetch(json(200, okBody), json(200, okBody), json(200, okBody), json(200, okBody), json(200, okBody));
    await http.post('/x/add', { a: 1 });
    await http.put('/x/edit', { a: 1 });
    await http.delete('/x/delete', { id: '1' });
    await http.get('/x/list');
    await http.post('/x/add', { a: 1 }, { key: 'chosen-key' });
    const keys = fetch.mock.calls.map(([, init]) => keyOf(init));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(3); // one per call when the caller gives none
    expect(keys[3]).toBeNull();
    expect(keys[4]).toBe('chosen-key');
  });

  it('sends a write again, with the same key, after a network error or a 502/503/504, and shows nothing when the retry succeeds', async () => {
    for (const first of [new TypeError('Failed to fetch'), json(502, '<html>Bad Gateway</html>'), json(503, { success: false, message: '数据库繁忙' }), json(504, {})]) {
      const fetch = stubFetch(first, json(200, okBody));
      const res = await http.post<string>('/x/add', { a: 1 });
      expect(res.result).toBe('id1');
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(keyOf(fetch.mock.calls[1][1])).toBe(keyOf(fetch.mock.calls[0][1]));
    }
    expect(shown.error).not.toHaveBeenCalled();
    expect(shown.notify).not.toHaveBeenCalled();
  });

  it('leaves the refusals its caller handles to the caller: a 409 offered for override is not also a toast', async () => {
    const refusal = { success: false, message: '还有4份评分未提交，确定要公示请选择强制公示', code: 409, result: null, timestamp: 1 };
    stubFetch(json(409, refusal), json(409, refusal), json(400, { success: false, message: '缺少参数 raceId' }));
    await expect(http.write('post', '/pms/race/publishResult', { data: {} }, { handles: [409] })).rejects.toMatchObject({ response: { status: 409 } });
    expect(shown.error).not.toHaveBeenCalled();
    await expect(http.write('post', '/pms/race/publishResult', { data: {} })).rejects.toBeTruthy();
    expect(shown.error).toHaveBeenCalledWith(refusal.message, 4);
    await expect(http.write('post', '/pms/race/publishResult', { data: {} }, { handles: [409] })).rejects.toBeTruthy();
    expect(shown.error).toHaveBeenLastCalledWith('缺少参数 raceId', 4);
  });

  it('tells the user once when the retry fails too, and retries no more', async () => {
    const fetch = stubFetch(json(502, {}), json(503, { success: false, message: '数据库繁忙，请稍后重试' }));
    await expect(http.put('/x/edit', { a: 1 })).rejects.toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(shown.error).toHaveBeenCalledTimes(1);
    expect(shown.error.mock.calls[0][0]).toBe('数据库繁忙，请稍后重试');
  });

  it('does not send again what the server answered: a refusal (4xx) is shown at once', async () => {
    const fetch = stubFetch(json(400, { success: false, message: '名称不能为空', code: 400 }));
    await expect(http.post('/x/add', {})).rejects.toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(shown.error).toHaveBeenCalledWith('名称不能为空', 4);
  });

  it('asks again while the server still runs the first sending of the key (409 with Retry-After), for its answer', async () => {
    const running = () => json(409, { success: false, message: '请求处理中，请稍后再试', code: 409 }, { 'Retry-After': '1' });
    const fetch = stubFetch(running(), running(), json(200, okBody, { 'Idempotent-Replayed': 'true' }));
    expect((await http.post<string>('/x/add', { a: 1 }, { key: 'k1' })).result).toBe('id1');
    expect(fetch.mock.calls.map(([, init]) => keyOf(init))).toEqual(['k1', 'k1', 'k1']);
    expect(shown.error).not.toHaveBeenCalled();
    // A 409 of the page's own (a row changed meanwhile) has no Retry-After: shown at once.
    stubFetch(json(409, { success: false, message: '数据已被他人修改，请刷新后重试', code: 409 }));
    await expect(http.post('/x/transition', {})).rejects.toBeTruthy();
    expect(shown.error).toHaveBeenCalledWith('数据已被他人修改，请刷新后重试', 4);
  });

  it('reuses the key of an uploaded form when retried', async () => {
    const fetch = stubFetch(new TypeError('Failed to fetch'), json(200, okBody));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await http.upload('/sys/common/upload', form, { key: 'upload-1' });
    expect(fetch.mock.calls.map(([, init]) => keyOf(init))).toEqual(['upload-1', 'upload-1']);
  });
});

describe('ActionKeys: one key per user action', () => {
  it('gives the same payload the same key until it succeeded (a double click, a retry), another payload another key', () => {
    const keys = new ActionKeys();
    const a = keys.for({ name: '甲' });
    expect(keys.for({ name: '甲' })).toBe(a);
    const b = keys.for({ name: '乙' });
    expect(b).not.toBe(a);
    expect(keys.for({ name: '甲' })).toBe(a); // trying the first again after the second
    keys.done({ name: '甲' });
    expect(keys.for({ name: '甲' })).not.toBe(a); // done: doing it again is a new action
    expect(keys.for({ name: '乙' })).toBe(b);
  });

  it('makes keys the server takes (1–64 visible ASCII characters), all different', () => {
    const made = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(made.size).toBe(200);
    for (const k of made) expect(k).toMatch(/^[\x21-\x7e]{1,64}$/);
  });

  it('counts as retryable a network error and 502/503/504 only', () => {
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableFailure({ response: { status: 502 } })).toBe(true);
    expect(isRetryableFailure({ response: { status: 500 } })).toBe(false);
    expect(isRetryableFailure({ response: { status: 409 } })).toBe(false);
    expect(isRetryableFailure({ name: 'AbortError' })).toBe(false);
  });
});
