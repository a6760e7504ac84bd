import { encodeQuery, queryItems } from '../../schema/query-bar';
import type { PageSchema } from '../../schema/types';
import type { Result } from '../api/request';
import { prefetchList, schemaApi } from './api';
import { prefetchStore } from './prefetch';
import { DEFAULT_PAGE_SIZE, listParams } from './useList';

/** What a schema page is drawn from: an online form's code, or the menu component a schema names. */
export type SchemaRef = { code: string } | { component: string };

const schemas = prefetchStore<Result<PageSchema>>();
const keyOf = (ref: SchemaRef) => ('code' in ref ? `code:${ref.code}` : `component:${ref.component}`);
const fetchSchema = (ref: SchemaRef) => ('code' in ref ? schemaApi.byCode(ref.code) : schemaApi.byComponent(ref.component));

/** The parameters of the first page SchemaList asks for when it opens (its initial list state). */
export function firstListParams(schema: PageSchema): Record<string, unknown> {
  return listParams({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, query: encodeQuery(queryItems(schema), schema.initialQuery ?? {}) });
}

/**
 * Asks for a schema page's schema, then its first rows, as the navigation to it begins: drawing the
 * shell takes a while, and before this the page asked for its schema only once drawn and for its
 * rows only once the schema was drawn, three steps one after the other.
 */
export function preloadSchemaPage(ref: SchemaRef): void {
  schemas.start(keyOf(ref), () => fetchSchema(ref).then((res) => {
    if (res.success) prefetchList(res.result.api, firstListParams(res.result));
    return res;
  }));
}

/** The schema if it has already arrived: the page draws it in its first render. */
export const arrivedSchema = (ref: SchemaRef) => schemas.arrived(keyOf(ref));

/** The schema: the preloaded answer when there is one, else a request of its own. */
export const loadSchema = (ref: SchemaRef) => schemas.take(keyOf(ref)) ?? fetchSchema(ref);
