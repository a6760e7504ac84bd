import { encodeQuery, queryItems } from '../../schema/query-bar';
import type { PageSchema } from '../../schema/types';
import type { Result } from '../api/request';
import { prefetchList, schemaApi } from './api';
import { prefetchStore } from './prefetch';
import { DEFAULT_PAGE_SIZE, listParams } from './useList';

/** What a schema page is drawn from: an online form's code, or the menu component a schema names. */
export type SchemaRef = { code: string } | { component: string };

/** Schemas asked for ahead; undefined where that failed (the page then asks itself, and shows why). */
const schemas = prefetchStore<Result<PageSchema> | undefined>();
/**
 * The last schema seen of each page, kept for the session: a page opened again, or warmed while the
 * browser was idle after login, draws at once and asks for its rows as the navigation begins. Every
 * opening still asks for the schema, and a changed one (an online form synced since) replaces it.
 */
const kept = new Map<string, Result<PageSchema>>();
const keyOf = (ref: SchemaRef) => ('code' in ref ? `code:${ref.code}` : `component:${ref.component}`);
/** Keeps the schema of an answer (forgets it when the page is gone). */
const keep = (ref: SchemaRef, res: Result<PageSchema> | undefined) => {
  if (res?.success) kept.set(keyOf(ref), res);
  else if (res) kept.delete(keyOf(ref));
  return res;
};
const fetchSchema = (ref: SchemaRef) => ('code' in ref ? schemaApi.byCode(ref.code) : schemaApi.byComponent(ref.component)).then((res) => keep(ref, res)!);

/** The parameters of the first page SchemaList asks for when it opens (its initial list state). */
export function firstListParams(schema: PageSchema): Record<string, unknown> {
  return listParams({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, query: encodeQuery(queryItems(schema), schema.initialQuery ?? {}) });
}

/**
 * Asks for a schema page's schema, then its first rows, as the navigation to it begins: drawing the
 * shell takes a while, and before this the page asked for its schema only once drawn and for its
 * rows only once the schema was drawn, three steps one after the other. With the schema kept, the
 * rows are asked for at once, beside the schema.
 */
export function preloadSchemaPage(ref: SchemaRef): void {
  const known = kept.get(keyOf(ref));
  const firstRows = (schema: PageSchema) => prefetchList(schema.api, firstListParams(schema));
  if (known?.success) firstRows(known.result);
  schemas.start(keyOf(ref), () => schemaApi.now(ref).then((res) => {
    keep(ref, res);
    // Rows the kept schema asked for already serve (the list may have taken them by now: asking again would be a second request).
    if (res?.success && !(known?.success && sameFirstRows(known.result, res.result))) firstRows(res.result);
    return res;
  }));
}

const sameFirstRows = (a: PageSchema, b: PageSchema) =>
  a.api === b.api && JSON.stringify(firstListParams(a)) === JSON.stringify(firstListParams(b));

/** How many pages one warming request asks for (the server takes up to 100). */
const WARM_BATCH = 50;

/**
 * Fetches the schemas of pages not seen yet, a batch per request, to keep for their first opening.
 * A failure only means those pages ask when opened.
 */
export async function warmSchemaPages(refs: SchemaRef[]): Promise<void> {
  const wanted = [...new Map(refs.map((r) => [keyOf(r), r])).values()].filter((r) => !kept.has(keyOf(r)));
  for (let i = 0; i < wanted.length; i += WARM_BATCH) {
    const batch = wanted.slice(i, i + WARM_BATCH);
    const components = batch.flatMap((r) => ('component' in r ? [r.component] : []));
    const codes = batch.flatMap((r) => ('code' in r ? [r.code] : []));
    const res = await schemaApi.pages(components, codes).catch(() => undefined);
    if (!res?.success) return;
    for (const [component, schema] of Object.entries(res.result.components)) kept.set(keyOf({ component }), { ...res, result: schema });
    for (const [code, schema] of Object.entries(res.result.codes)) kept.set(keyOf({ code }), { ...res, result: schema });
  }
}

/** The schema if it has already arrived, or was seen before: the page draws it in its first render. */
export const arrivedSchema = (ref: SchemaRef) => schemas.arrived(keyOf(ref)) ?? kept.get(keyOf(ref));

/** The schema as it is now: the preloaded answer when there is one, else a request of its own. */
export const loadSchema = (ref: SchemaRef): Promise<Result<PageSchema>> => {
  const ahead = schemas.take(keyOf(ref));
  return ahead ? ahead.then((res) => res ?? fetchSchema(ref)) : fetchSchema(ref);
};
