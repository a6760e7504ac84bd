import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../schema/types';

const schema = {
  code: 'demo', title: '示例', table: 'demo', api: '/demo/item', kind: 'single',
  fields: [{ name: 'name', label: '名称', type: 'string', query: true }, { name: 'status', label: '状态', type: 'string', query: true }],
  initialQuery: { status: '1' },
} as unknown as PageSchema;

const byComponent = vi.fn(async () => ({ success: true, result: schema, message: '', code: 200, timestamp: 0 }));
const prefetchList = vi.fn();
vi.mock('./api', () => ({ schemaApi: { byComponent, byCode: byComponent }, prefetchList }));

const { arrivedSchema, firstListParams, loadSchema, preloadSchemaPage } = await import('./pageData');

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

  it('asks for no rows when there is no schema', async () => {
    byComponent.mockResolvedValueOnce({ success: false, result: undefined as never, message: '未找到', code: 404, timestamp: 0 });
    preloadSchemaPage({ component: 'missing/List' });
    await vi.waitFor(() => expect(arrivedSchema({ component: 'missing/List' })?.success).toBe(false));
    expect(prefetchList).not.toHaveBeenCalled();
  });
});
