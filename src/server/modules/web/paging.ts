import { WEB_PAGE_SIZE_DEFAULT, WEB_PAGE_SIZE_MAX, type WebPage } from '../../../schema/web-site.js';
import { badRequest } from '../../http/result.js';

export type Query = Record<string, unknown>;

const MAX_PAGE_NO = 10000;

/** One text value of a query parameter (absent → undefined); a repeated parameter is a 400. */
export function textParam(q: Query, name: string, maxLength = 50): string | undefined {
  const v = q[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`参数 ${name} 只能出现一次`);
  if (v.length > maxLength) throw badRequest(`参数 ${name} 过长（最多 ${maxLength} 个字符）`);
  return v;
}

function positiveInt(q: Query, name: string, fallback: number, max: number, label: string): number {
  const v = textParam(q, name, 10);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw badRequest(`${label}必须是正整数`);
  const n = Number(v);
  if (n > max) throw badRequest(`${label}不能大于 ${max}`);
  return n;
}

export interface Paging { pageNo: number; pageSize: number }

/** `pageNo` from 1, `pageSize` from 1 to WEB_PAGE_SIZE_MAX; anything else is a 400 naming the parameter. */
export function paging(q: Query): Paging {
  return {
    pageNo: positiveInt(q, 'pageNo', 1, MAX_PAGE_NO, '页码 pageNo '),
    pageSize: positiveInt(q, 'pageSize', WEB_PAGE_SIZE_DEFAULT, WEB_PAGE_SIZE_MAX, '每页条数 pageSize '),
  };
}

export function page<T>(records: T[], total: number, p: Paging): WebPage<T> {
  return { records, total, size: p.pageSize, current: p.pageNo, pages: Math.ceil(total / p.pageSize) };
}
