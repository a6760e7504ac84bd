// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageActiveContext } from '../layouts/basic/pageActive';
import { OpenRecordFromUrl } from './OpenRecordFromUrl';

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.pathname + loc.search}</span>;
}

describe('OpenRecordFromUrl', () => {
  afterEach(cleanup);
  it('opens the detail of the row the address names, then leaves the plain list address', async () => {
    const load = vi.fn(async (id: string) => ({ success: true, result: { id, name: '城市内涝预警' } }));
    const open = vi.fn();
    render(<MemoryRouter initialEntries={['/pms/audit?id=p1&x=1']}><OpenRecordFromUrl load={load} open={open} /><Where /></MemoryRouter>);
    await waitFor(() => expect(open).toHaveBeenCalledWith({ id: 'p1', name: '城市内涝预警' }));
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pms/audit?x=1'));
  });

  it('opens nothing where the user may not read the row, and nothing without an id', async () => {
    const load = vi.fn(async () => ({ success: false, result: null, message: '未找到对应数据' }));
    const open = vi.fn();
    render(<MemoryRouter initialEntries={['/pms/audit?id=other']}><OpenRecordFromUrl load={load} open={open} /><Where /></MemoryRouter>);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pms/audit'));
    expect(open).not.toHaveBeenCalled();
    const none = vi.fn();
    render(<MemoryRouter initialEntries={['/pms/audit']}><OpenRecordFromUrl load={none} open={open} /></MemoryRouter>);
    expect(none).not.toHaveBeenCalled();
  });

  it('leaves the address to the page in view: a hidden kept-alive page neither looks the id up nor takes it off', async () => {
    // 工作台's 去处理 of a 考核任务 while 项目评分 is open in another tab: the id is the task's, not a sheet's.
    const hidden = vi.fn(async () => ({ success: false, result: null, message: '未找到对应数据' }));
    const shown = vi.fn(async (id: string) => ({ success: true, result: { id } }));
    const open = vi.fn();
    render(
      <MemoryRouter initialEntries={['/assess/task?id=t1']}>
        <PageActiveContext.Provider value={false}><OpenRecordFromUrl load={hidden} open={vi.fn()} /></PageActiveContext.Provider>
        <OpenRecordFromUrl load={shown} open={open} />
        <Where />
      </MemoryRouter>,
    );
    await waitFor(() => expect(open).toHaveBeenCalledWith({ id: 't1' }));
    expect(hidden).not.toHaveBeenCalled();
  });
});
