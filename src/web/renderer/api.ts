import { getNow, http, request, type Result, type WriteOptions } from '../api/request';
import type { PageSchema } from '../../schema/types';
import { prefetchStore } from './prefetch';

export type Row = Record<string, unknown>;

export interface Page<T = Row> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /** The server estimated a total past its exact-count threshold (shown as 约 N 条). */
  totalEstimated?: boolean;
}

/** First pages asked for ahead; undefined where asking ahead failed (the list then asks itself, and shows why). */
const firstPages = prefetchStore<Result<Page> | undefined>();
const listKey = (base: string, params: Record<string, unknown>) => `${base}/list?${JSON.stringify(params)}`;

/** Asks for a list's page ahead of the list: its own first request with the same parameters takes the answer. */
export function prefetchList(base: string, params: Record<string, unknown>): void {
  firstPages.start(listKey(base, params), () => getNow<Page>(`${base}/list`, params));
}

/** The engine's contract for one schema, under its `api` path (JeecgBoot CRUD). */
export function crudApi(base: string) {
  return {
    list: (params: Record<string, unknown>) => {
      const ask = () => http.get<Page>(`${base}/list`, params);
      const ahead = firstPages.take(listKey(base, params));
      return ahead ? ahead.then((res) => res ?? ask()) : ask();
    },
    /** The first page's answer if the prefetch has it already, left for `list` to take. */
    arrived: (params: Record<string, unknown>) => firstPages.arrived(listKey(base, params)),
    /** The first page's answer while still on its way (asked for ahead), left for `list` to take. */
    pending: (params: Record<string, unknown>) => firstPages.pending(listKey(base, params)),
    /** A node's children: a page from the engine, an array where the page's JeecgBoot controller answers one (分类字典). */
    childList: (pid: string, params: Record<string, unknown> = {}) => http.get<Page | Row[]>(`${base}/childList`, { ...params, pid }),
    queryById: (id: string) => http.get<Row>(`${base}/queryById`, { id }),
    add: (row: Row, opts?: WriteOptions) => http.post<string>(`${base}/add`, row, opts),
    /** An add answering the new row's id (the form goes on with the row: 提交申报 after 保存草稿). */
    addForId: (row: Row, opts?: WriteOptions) => http.post<string>(`${base}/add?answer=id`, row, opts),
    edit: (row: Row, opts?: WriteOptions) => http.put<string>(`${base}/edit`, row, opts),
    remove: (id: string, opts?: WriteOptions) => http.delete<string>(`${base}/delete`, { id }, opts),
    removeBatch: (ids: string[], opts?: WriteOptions) => http.delete<string>(`${base}/deleteBatch`, { ids: ids.join(',') }, opts),
    exportXls: (params: Record<string, unknown>) => http.blob(`${base}/exportXls`, params),
    importUrl: `${base}/importExcel`,
  };
}

export const schemaApi = {
  byCode: (code: string) => http.get<PageSchema>('/sys/schema/page', { code }),
  byComponent: (component: string) => http.get<PageSchema>('/sys/schema/page', { component }),
  /** By code or component, sent at once for asking ahead: undefined on any failure (getNow). */
  now: (ref: { code: string } | { component: string }) => getNow<PageSchema>('/sys/schema/page', ref),
  /** Several pages' schemas at once, by menu component and by code; those that do not exist are left out. */
  // Asked in the background: a failure is not shown (the pages ask again when opened).
  pages: (components: string[], codes: string[]) => request.get<Result<{ components: Record<string, PageSchema>; codes: Record<string, PageSchema> }>>('/sys/schema/pages', {
    params: { ...(components.length ? { components: components.join(',') } : {}), ...(codes.length ? { codes: codes.join(',') } : {}) },
    errorHandler: (e) => { throw e; },
  }),
};

/** An action's request, sent as declared (method, path, query and body already resolved). */
export function sendAction(method: string, url: string, params: Row, body: Row | undefined, opts?: WriteOptions): Promise<Result<unknown>> {
  if (method.toLowerCase() === 'get') return request<Result<unknown>>(url, { method, params, data: body });
  return http.write<unknown>(method, url, { params, data: body }, opts);
}
