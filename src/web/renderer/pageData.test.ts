import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../schema/types';

const schema = {
  code: 'demo', title: '示例', table: 'demo', api: '/demo/item', kind: 'single',
  fields: [{ name: 'name', label: '名称', type: 'string', query: true }, { name: 'status', label: '状态', type: 'string', query: true }],
  initialQuery: { status: '1' },
} as unknown as PageSchema;

const byComponent = vi.fn(async () => ({ success: true, result: schema, message: '', code: 200, timestamp: 0 }));
const prefetchList = vi.fn();
const pages = vi.fn(async (components: string[], codes: string[]) => ({
  success: true, message: '', code: 200, timestamp: 0,
  result: { components: Object.fromEntries(components.filter((c) => !c.startsWith('missing/')).map((c) => [c, schema])), codes: Object.fromEntries(codes.map((c) => [c, schema])) },
}));
// Asking ahead goes through `now`; the tests count the requests of both ways on one mock.
const now = vi.fn(() => byComponent() as Promise<unknown>);
vi.mock('./api', () => ({ schemaApi: { byComponent, byCode: byComponent, now, pages }, prefetchList }));

const { arrivedSchema, firstListParams, loadSchema, preloadSchemaPage, warmSchemaPages } = await import('./pageData');

describe('preloadSchemaPage', () => {
  afterEach(() => { byComponent.mockClear(); prefetchList.mockClear(); });

  it('asks for the schema once, then for the first page of rows with the parameters SchemaList opens with', async () => {
    const ref = { component: 'demo/List' };
    preloadSchemaPage(ref);
    preloadSchemaPage(ref);
    expect(arrivedSchema(ref)).toBeUndefined();
    await vi.waitFor(() => expect(arrivedSchema(ref)?.result).toBe(schema));
    expect(byComponent).toHaveBeenCalledTimes(1);
    expect(prefetchList).toHaveBeenCalledWith('/demo/item', firstListParams(schema));
    expect(firstListParams(schema)).toMatchObject({ pageNo: 1, pageSize: 10 });
    // The page's own load takes the preloaded answer instead of asking again.
    expect((await loadSchema(ref)).result).toBe(schema);
    expect(byComponent).toHaveBeenCalledTimes(1);
    // Taken: opened again later, the page asks afresh.
    await loadSchema(ref);
    expect(byComponent).toHaveBeenCalledTimes(2);
  });

  it('keeps the schema seen: opened again, the page draws it at once and its rows are asked for before the schema answers', async () => {
    const ref = { component: 'demo/Kept' };
    await loadSchema(ref);
    prefetchList.mockClear();
    expect(arrivedSchema(ref)?.result).toBe(schema);
    let answer!: (v: unknown) => void;
    byComponent.mockImplementationOnce(() => new Promise((ok) => { answer = ok; }) as never);
    preloadSchemaPage(ref);
    expect(prefetchList).toHaveBeenCalledWith('/demo/item', firstListParams(schema));
    // The schema is still asked for: a changed one replaces the kept one. Its rows are the same: not asked for again.
    const changed = { ...schema, title: '改过' };
    answer({ success: true, result: changed, message: '', code: 200, timestamp: 0 });
    expect((await loadSchema(ref)).result).toBe(changed);
    expect(arrivedSchema(ref)?.result).toBe(changed);
    expect(prefetchList).toHaveBeenCalledTimes(1);
    // A schema whose first rows differ (another initial query) asks for those.
    const requeried = { ...schema, initialQuery: { status: '2' } };
    byComponent.mockResolvedValueOnce({ success: true, result: requeried, message: '', code: 200, timestamp: 0 });
    preloadSchemaPage(ref);
    expect((await loadSchema(ref)).result).toBe(requeried);
    expect(prefetchList).toHaveBeenLastCalledWith('/demo/item', firstListParams(requeried));
  });

  it('asks again itself when asking ahead failed (a failure shown by the request layer then)', async () => {
    const ref = { component: 'demo/AheadFailed' };
    now.mockResolvedValueOnce(undefined);
    preloadSchemaPage(ref);
    const calls = byComponent.mock.calls.length;
    expect((await loadSchema(ref)).result).toBe(schema);
    expect(byComponent.mock.calls.length).toBe(calls + 1);
  });

  it('forgets a kept schema the server no longer has', async () => {
    const ref = { component: 'demo/Gone' };
    await loadSchema(ref);
    byComponent.mockResolvedValueOnce({ success: false, result: undefined as never, message: '页面配置不存在', code: 404, timestamp: 0 });
    await loadSchema(ref);
    expect(arrivedSchema(ref)).toBeUndefined();
  });

  it('asks for no rows when there is no schema', async () => {
    byComponent.mockResolvedValueOnce({ success: false, result: undefined as never, message: '未找到', code: 404, timestamp: 0 });
    preloadSchemaPage({ component: 'missing/List' });
    await vi.waitFor(() => expect(arrivedSchema({ component: 'missing/List' })?.success).toBe(false));
    expect(prefetchList).not.toHaveBeenCalled();
  });
});

describe('warmSchemaPages', () => {
  afterEach(() => { pages.mockClear(); byComponent.mockClear(); });

  it('keeps the pages of one request for their first opening, and asks again only for pages not kept', async () => {
    await warmSchemaPages([{ component: 'warm/A' }, { component: 'warm/B' }, { component: 'warm/A' }, { code: 'warm_c' }, { component: 'missing/Warm' }]);
    expect(pages).toHaveBeenCalledTimes(1);
    expect(pages).toHaveBeenCalledWith(['warm/A', 'warm/B', 'missing/Warm'], ['warm_c']);
    expect(arrivedSchema({ component: 'warm/B' })?.result).toBe(schema);
    expect(arrivedSchema({ code: 'warm_c' })?.result).toBe(schema);
    expect(arrivedSchema({ component: 'missing/Warm' })).toBeUndefined();
    await warmSchemaPages([{ component: 'warm/A' }, { component: 'warm/D' }]);
    expect(pages).toHaveBeenLastCalledWith(['warm/D'], []);
    expect(byComponent).not.toHaveBeenCalled();
  });

  it('asks in batches of fifty', async () => {
    await warmSchemaPages(Array.from({ length: 120 }, (_, i) => ({ component: `batch/${i}` })));
    expect(pages.mock.calls.map(([c]) => c.length)).toEqual([50, 50, 20]);
  });

  it('leaves pages to ask for themselves when the request fails', async () => {
    pages.mockRejectedValueOnce(new Error('offline'));
    await warmSchemaPages([{ component: 'fail/A' }]);
    expect(arrivedSchema({ component: 'fail/A' })).toBeUndefined();
  });
});
