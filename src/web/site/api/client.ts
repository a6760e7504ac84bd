import { API_BASE } from '../../app/config';

/** The JeecgBoot Result envelope every public endpoint answers. */
interface Envelope<T> {
  success: boolean;
  message?: string;
  code?: number;
  result: T;
}

/** A call that did not give content: `notFound` when the server says the item does not exist. */
export class LoadError extends Error {
  constructor(message: string, readonly notFound = false) {
    super(message);
    this.name = 'LoadError';
  }
}

export type Params = Record<string, string | number | undefined | null>;

/** `/web/news/list` + params as a URL under the API base; empty params are left out. */
export function apiUrl(path: string, params: Params = {}, base = API_BASE): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const query = qs.toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}

const FAILED = '网络不给力，内容没有加载出来';

/** GET an open endpoint and unwrap its Result; every failure becomes a LoadError with a message for visitors. */
export async function getResult<T>(path: string, params?: Params, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, params), { signal, headers: { Accept: 'application/json' } });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new LoadError(FAILED);
  }
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  const notFound = res.status === 404 || body?.code === 404;
  if (notFound) throw new LoadError(body?.message || '内容不存在或已下线', true);
  if (!res.ok || !body || !body.success) throw new LoadError(res.status >= 500 || !body ? FAILED : body.message || FAILED);
  return body.result;
}
