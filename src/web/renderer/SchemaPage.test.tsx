// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../schema/types';
import type { PageProps } from '../pages/registry';

const schema = { code: 'demo', title: '示例', table: 'demo', api: '/demo/item', kind: 'single', fields: [] } as unknown as PageSchema;
const ok = (result: PageSchema) => ({ success: true, result, message: '', code: 200, timestamp: 0 });

const arrivedSchema = vi.fn();
const loadSchema = vi.fn();
const pending = vi.fn();
let mounts = 0;
vi.mock('./pageData', () => ({ arrivedSchema, loadSchema, firstListParams: () => ({ pageNo: 1, pageSize: 10 }) }));
vi.mock('./api', () => ({ crudApi: () => ({ pending }) }));
vi.mock('./SchemaList', async () => {
  const { useEffect } = await import('react');
  return { SchemaList: ({ schema: s }: { schema: PageSchema }) => { useEffect(() => { mounts++; }, []); return <div>list {s.title}</div>; } };
});
vi.mock('../pages/NotBuilt', () => ({ default: () => <div>not built</div> }));

const { default: SchemaPage } = await import('./SchemaPage');
const props = { route: { component: 'demo/List' }, params: {} } as unknown as PageProps;

describe('SchemaPage', () => {
  afterEach(() => { cleanup(); vi.clearAllMocks(); vi.useRealTimers(); mounts = 0; });

  it('draws a kept schema at once, and keeps its list when the schema asked for again is the same', async () => {
    arrivedSchema.mockReturnValue(ok(schema));
    loadSchema.mockResolvedValue(ok(Object.assign({}, schema)));
    render(<SchemaPage {...props} />);
    expect(screen.getByText('list 示例')).toBeTruthy();
    await act(async () => {});
    expect(loadSchema).toHaveBeenCalledTimes(1);
    expect(mounts).toBe(1);
  });

  it('draws the list anew when the schema changed since it was kept, and the not-built page when it is gone', async () => {
    arrivedSchema.mockReturnValue(ok(schema));
    loadSchema.mockResolvedValue(ok(Object.assign({}, schema, { title: '改过' })));
    const { unmount } = render(<SchemaPage {...props} />);
    expect(await screen.findByText('list 改过')).toBeTruthy();
    expect(mounts).toBe(2);
    unmount();
    loadSchema.mockResolvedValue({ success: false, result: undefined, message: '页面配置不存在', code: 404, timestamp: 0 });
    render(<SchemaPage {...props} />);
    expect(await screen.findByText('not built')).toBeTruthy();
  });

  it('waits for first rows on their way, and draws without them after 150 ms', async () => {
    vi.useFakeTimers();
    arrivedSchema.mockReturnValue(ok(schema));
    loadSchema.mockReturnValue(new Promise(() => {}));
    let answer!: () => void;
    pending.mockReturnValueOnce(new Promise<void>((done) => { answer = done; }));
    render(<SchemaPage {...props} />);
    expect(screen.queryByText('list 示例')).toBeNull();
    await act(async () => { answer(); });
    expect(screen.getByText('list 示例')).toBeTruthy();
    cleanup();
    pending.mockReturnValueOnce(new Promise(() => {}));
    render(<SchemaPage {...props} />);
    await act(async () => { vi.advanceTimersByTime(149); });
    expect(screen.queryByText('list 示例')).toBeNull();
    await act(async () => { vi.advanceTimersByTime(1); });
    expect(screen.getByText('list 示例')).toBeTruthy();
  });
});
