import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSession, type RunningServer } from './harness';
import { shot } from './day/steps';

/** A graph report drawn by G2 in Chromium: created through the API, opened by its route and from the list's 预览. */
describe('graph report page in Chromium', () => {
  const session = browserSession({ asAdmin: true });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); });

  const api = (path: string, body?: unknown) => page.evaluate(async ([p, b]) => {
    const token = JSON.parse(localStorage.getItem('Access-Token')!).value as string;
    const res = await fetch(`/jeecg-boot${p}`, {
      method: b ? 'POST' : 'GET', headers: { 'X-Access-Token': token, 'Content-Type': 'application/json' }, body: b ? JSON.stringify(b) : undefined,
    });
    return res.json();
  }, [path, body] as const);

  /** Creates a graph over the seeded dictionaries (items per dictionary) and returns its id. */
  async function createGraph(code: string, name: string, more: Record<string, unknown> = {}): Promise<string> {
    const added = await api('/online/graphreport/head/add', {
      code, name, dataType: 'sql', graphType: 'bar,line,pie,table', displayTemplate: 'tab', isShowList: 'Y', yaxisText: '字典项数',
      cgrSql: "select d.dict_name as dict_name, count(i.id) as item_count from sys_dict d join sys_dict_item i on i.dict_id = d.id where d.dict_code like '%${dict}%' group by d.dict_name order by d.dict_name",
      xaxisField: 'dict_name', yaxisField: 'item_count',
      onl_graphreport_itemList: [{ fieldName: 'dict_name', fieldTxt: '字典名称', orderNum: 0 }, { fieldName: 'item_count', fieldTxt: '字典项数', orderNum: 1 }],
      ...more,
    });
    expect(added.success, JSON.stringify(added)).toBe(true);
    const list = await api(`/online/graphreport/head/list?code=${code}`);
    return list.result.records[0].id as string;
  }

  /** Waits until the canvas is laid out with a size and G2 has painted something on it. */
  async function drawn(canvas: Locator): Promise<{ width: number; height: number }> {
    await canvas.waitFor({ state: 'visible' });
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => {
      const { width, height } = c.getBoundingClientRect();
      if (!width || !height) return false;
      const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
      return false;
    }), { timeout: 20_000 }).toBe(true);
    return canvas.evaluate((c) => { const r = c.getBoundingClientRect(); return { width: r.width, height: r.height }; });
  }

  it('draws the chosen types as tabs with the detail table, the route query binding the SQL parameter', async () => {
    const id = await createGraph('dict_items', '字典项统计');
    await page.goto(`${server.baseUrl}/2025/online/graphreport/chart/${id}`);
    await expect.poll(() => page.locator('.graph-report .ant-card-head-title').first().textContent()).toBe('字典项统计');
    const size = await drawn(page.locator('.graph-report .ant-tabs-tabpane-active canvas').first());
    expect(size.width).toBeGreaterThan(200);
    expect(size.height).toBeGreaterThan(200);
    expect(await page.locator('.graph-report .ant-tabs-tab').allTextContents()).toEqual(['柱状图', '折线图', '饼图', '数据表']);

    await page.locator('.graph-report .ant-tabs-tab').filter({ hasText: '饼图' }).click();
    await drawn(page.locator('.graph-report .ant-tabs-tabpane-active canvas').first());
    await shot(page, 'online-graph-pie');

    const detail = page.locator('.ant-card').filter({ hasText: '数据明细' });
    expect(await detail.locator('thead th').allTextContents()).toEqual(['字典名称', '字典项数']);
    await expect.poll(() => detail.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);

    // ?self_dict=sex binds ${dict}: only the sex dictionary is left.
    await page.goto(`${server.baseUrl}/2025/online/graphreport/chart/${id}?self_dict=sex`);
    await drawn(page.locator('.graph-report .ant-tabs-tabpane-active canvas').first());
    const only = page.locator('.ant-card').filter({ hasText: '数据明细' }).locator('tbody tr.ant-table-row');
    await expect.poll(() => only.count()).toBe(1);
    await only.getByRole('cell', { name: '性别', exact: true }).waitFor();
  });

  it('opens from the list row 预览 in the combination template', async () => {
    const id = await createGraph('dict_combo', '字典组合图', { displayTemplate: 'combination', graphType: 'bar,line', isShowList: 'N' });
    await page.goto(`${server.baseUrl}/2025/online/graphreport`);
    const row = page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: 'dict_combo' });
    // 编辑 is the first link; 预览 is under 更多.
    await row.waitFor();
    await shot(page, 'online-graph-list');
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: '预览' }).click();
    await page.waitForURL(`**/2025/online/graphreport/chart/${id}`);
    await expect.poll(() => page.locator('.graph-report .ant-card-head-title').first().textContent()).toBe('字典组合图');
    await page.locator('.graph-report .ant-card-head-title').getByText('组合图', { exact: true }).waitFor();
    const size = await drawn(page.locator('.graph-report canvas').first());
    expect(size.width).toBeGreaterThan(400);
    expect(await page.getByText('数据明细').count()).toBe(0);
  });

  it('shows the server message when the stored SQL is refused at run time', async () => {
    const id = await createGraph('dict_bad', '坏图表');
    server.sql("update onl_graphreport_head set cgr_sql = 'select password as dict_name, 1 as item_count from sys_user' where id = ?", id);
    await page.goto(`${server.baseUrl}/2025/online/graphreport/chart/${id}`);
    await page.locator('.ant-result-subtitle').filter({ hasText: '报表SQL不能读取敏感字段 password' }).waitFor();
    expect(await page.locator('.graph-report canvas').count()).toBe(0);
  });
});
