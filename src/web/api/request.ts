import { Modal, message, notification } from 'antd';
import { extend, type RequestOptionsInit, type ResponseError } from 'umi-request';
import { API_BASE, LOGIN_PATH, WEB_BASE } from '../app/config';
import { clearStoredSession, getToken } from '../app/session-storage';
import { stringify } from '../app/shims/qs';
import { KEYS, storage } from '../app/storage';
import { IDEMPOTENCY_HEADER, isRetryableFailure, isStillRunning, newIdempotencyKey } from './idempotency';

/** The JeecgBoot Result envelope. */
export interface Result<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

const currentPath = () => window.location.pathname.replace(new RegExp(`^${WEB_BASE}`), '') || '/';

let expiredModalOpen = false;

/** SPEC §8: the session-expired modal, shown once however many calls fail together. */
export function showSessionExpired(): void {
  if (expiredModalOpen) return;
  expiredModalOpen = true;
  Modal.error({
    title: '登录已过期',
    content: '很抱歉，登录已过期，请重新登录',
    okText: '重新登录',
    mask: false,
    keyboard: false,
    onOk: async () => {
      await logoutOnServer();
      clearStoredSession();
      // A full load of the login page (not a bare reload, which would land in the guest view).
      window.location.assign(`${WEB_BASE}${LOGIN_PATH}?redirect=${encodeURIComponent(currentPath() + window.location.search)}`);
    },
  });
}

async function logoutOnServer(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    await fetch(`${API_BASE}/sys/logout`, { method: 'POST', headers: { 'X-Access-Token': token } });
  } catch {
    // SPEC §4: logout ignores the server's failure.
  }
}

const onPublicPage = () => { const p = currentPath(); return p === '/' || p.startsWith(LOGIN_PATH); };

/** SPEC §8 error catalogue: one place decides what a failed call shows. */
function errorHandler(error: ResponseError): never {
  const status = error.response?.status;
  const data = (error.data ?? {}) as Partial<Result>;
  const serverMessage = typeof data.message === 'string' ? data.message : '';
  const tokenExpired = serverMessage.includes('Token失效') && !!getToken() && !onPublicPage();
  if (status === 403) notification.error({ message: '系统提示', description: '拒绝访问', duration: 4 });
  else if (status === 404) notification.error({ message: '系统提示', description: '很抱歉，资源未找到!', duration: 4 });
  else if (status === 504) notification.error({ message: '系统提示', description: '网络超时' });
  else if ((status === 401 || status === 500) && tokenExpired) showSessionExpired();
  else if (status === 401) {
    notification.error({ message: '系统提示', description: '未授权，请重新登录', duration: 4 });
    if (getToken()) {
      void logoutOnServer().finally(() => {
        clearStoredSession();
        setTimeout(() => window.location.reload(), 1500);
      });
    }
  } else if (status) message.error(serverMessage || `请求失败 (${status})`, 4);
  else message.error('网络异常，请检查网络连接', 4);
  throw error;
}

export const request = extend({ prefix: API_BASE, errorHandler, credentials: 'same-origin' });

/** What every request carries: the session's token and tenant, the page it is sent from, a GET's `_t`. */
function withSession(url: string, method: string, given: { headers?: unknown; params?: unknown }) {
  const headers: Record<string, string> = { ...(given.headers as Record<string, string>) };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  headers.tenant_id = String(storage.get<string | number>(KEYS.tenantId) ?? 0);
  headers['url-path'] = encodeURI(currentPath());
  const params: Record<string, unknown> = { ...(given.params as Record<string, unknown>) };
  const wechatCode = storage.get<string>(KEYS.wechatCode);
  if (wechatCode) params.code = wechatCode;
  if (method.toLowerCase() === 'get' && !url.includes('sys/dict/getDictItems')) {
    params._t = Math.floor(Date.now() / 1000);
  }
  return { headers, params };
}

request.interceptors.request.use((url: string, options: RequestOptionsInit) => ({
  url, options: { ...options, ...withSession(url, options.method ?? 'get', options) },
}));

/**
 * A GET that leaves at once, in the caller's task, for asking ahead (a page's first rows as the
 * navigation begins): umi-request reaches fetch only through a chain of promises, so a request asked
 * for while React drew the page left once the drawing was done. Any failure answers undefined, and
 * the caller asks again through `http`, whose failures are shown.
 */
export function getNow<T>(url: string, params: Record<string, unknown> = {}): Promise<Result<T> | undefined> {
  const parts = withSession(url, 'get', { params });
  const query = stringify(parts.params);
  return fetch(`${API_BASE}${url}${query ? `?${query}` : ''}`, { headers: parts.headers, credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<Result<T>>) : undefined))
    .catch(() => undefined);
}

/**
 * A write's options: the idempotency key of the user's action it belongs to (api/idempotency.ts; a
 * new one when not given), and the refusals the caller shows itself (a 409 it offers to override:
 * shown once, in its dialog, not also as a toast).
 */
export interface WriteOptions { key?: string; handles?: number[] }

/** Writes go out through this one, without the error handler: `write` decides when a failure is shown. */
const bare = extend({ prefix: API_BASE, credentials: 'same-origin' });

/** How long a write waits before it is sent again after a network error or a 502/503/504. */
export const writeRetry = { delayMs: 400, stillRunningWaitMs: 500, stillRunningTries: 10 };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends a write with its idempotency key. No answer, or a 502/503/504: sent once more with the same
 * key (the server runs it at most once), and the user is told only if that fails too. The server
 * still running the first sending of the key (409 with Retry-After, after a double click or a
 * retry): asked again shortly, for the first one's answer.
 */
async function write<T>(send: (headers: Record<string, string>) => Promise<T>, key = newIdempotencyKey(), handles: number[] = []): Promise<T> {
  const headers = { [IDEMPOTENCY_HEADER]: key };
  let retried = false;
  for (let waits = 0; ;) {
    try {
      return await send(headers);
    } catch (error) {
      if (!retried && isRetryableFailure(error)) {
        retried = true;
        await pause(writeRetry.delayMs);
      } else if (isStillRunning(error) && waits < writeRetry.stillRunningTries) {
        waits++;
        await pause(writeRetry.stillRunningWaitMs);
      } else if (handles.includes((error as ResponseError).response?.status ?? -1)) throw error;
      else return errorHandler(error as ResponseError);
    }
  }
}

/** Generic helpers of SPEC §7. Writes carry an idempotency key (`opts.key`, else one of their own). */
export const http = {
  get: <T>(url: string, params?: object) => request.get<Result<T>>(url, { params }),
  post: <T>(url: string, data?: unknown, opts: WriteOptions = {}) => write((headers) => bare.post<Result<T>>(url, { data, headers }), opts.key),
  postForm: <T>(url: string, data: Record<string, string>, opts: WriteOptions = {}) => write((headers) => bare.post<Result<T>>(url, { data, requestType: 'form', headers }), opts.key),
  put: <T>(url: string, data?: unknown, opts: WriteOptions = {}) => write((headers) => bare.put<Result<T>>(url, { data, headers }), opts.key),
  delete: <T>(url: string, params?: object, opts: WriteOptions = {}) => write((headers) => bare.delete<Result<T>>(url, { params, headers }), opts.key),
  blob: (url: string, params?: object) => request.get<Blob>(url, { params, responseType: 'blob' }),
  upload: <T>(url: string, form: FormData, opts: WriteOptions = {}) => write((headers) => bare.post<Result<T>>(url, { data: form, requestType: 'form', headers }), opts.key),
  /** A write by its method, with query parameters and a body (a page action's request). */
  write: <T>(method: string, url: string, parts: { params?: object; data?: unknown }, opts: WriteOptions = {}) =>
    write((headers) => bare<Result<T>>(url, { method, ...parts, headers }), opts.key, opts.handles),
};
