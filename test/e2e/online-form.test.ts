import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserSession, loginThroughForm, type RunningServer } from './harness';
import { COUNTER, endStep, klmReport, type Step } from './klm';

/**
 * Issues 5 and 19 as an administrator new to the product and a reviewer live it: a management page
 * designed in the browser (no code, no schema file), its sub table added from its own designer,
 * both synced in one step, put in the sidebar for a role, then used by a member of that role. The
 * form is a main table with a sub table of items, edited inline with it, and the same page is
 * embedded through the OnlineIframe routes. The clicks and screens of each step are counted and
 * printed (docs/schema-language.md › Online forms).
 */
interface DesignRow {
  name: string;
  txt: string;
  type?: string;
  length?: number;
  point?: number;
  view?: string;
  query?: boolean;
  required?: boolean;
  dict?: { table?: string; field?: string; text?: string; pick?: string; category?: string };
  extend?: string;
  /** 字段校验规则, by its name in the list. */
  valid?: string;
}

const FIELDS: DesignRow[] = [
  { name: 'title', txt: '标题', view: '文本框 text', query: true, required: true },
  { name: 'priority', txt: '优先级', view: '下拉框 list', query: true, dict: { pick: '优先级（priority）' } },
  // The design asks for a tree's roots under pid '0', JeecgBoot's root marker; sys_depart's roots have no parent at all.
  { name: 'depart_id', txt: '所属部门', view: '自定义树控件 sel_tree', dict: { table: 'sys_depart', field: 'id', text: 'id,parent_id,depart_name,has_child' } },
  // The type suggests the view: a Date column is edited with a date picker, a decimal with a number input.
  { name: 'sign_date', txt: '签订日期', type: 'Date' },
  { name: 'amount', txt: '金额', type: 'BigDecimal', length: 12, point: 2 },
  { name: 'owner', txt: '负责人', view: '用户选择 sel_user', length: 200 },
  { name: 'area', txt: '地区', view: '省市区 pca', length: 12 },
  { name: 'remark', txt: '备注', view: '多行文本 textarea', length: 500 },
  { name: 'enabled', txt: '启用', view: '开关 switch', length: 1 },
  // The category root is chosen in the category tree, not typed as a code.
  { name: 'kind', txt: '项目类别', view: '分类字典树 cat_tree', dict: { category: '项目类别' } },
  { name: 'phone', txt: '联系电话', valid: '手机号码' },
  { name: 'content', txt: '合同正文', type: 'Text', view: '富文本 umeditor' },
  { name: 'attachment', txt: '附件', view: '文件 file', length: 500 },
];
const TABLE = 'demo_contract';
const TITLE = '合同登记';
const SUB = 'demo_contract_item';
// The foreign key row (demo_contract_id) comes with a sub table started from the contract's designer.
const SUB_FIELDS: DesignRow[] = [
  { name: 'item_name', txt: '物品', required: true },
  { name: 'quantity', txt: '数量', type: 'int' },
];

const steps: Step[] = [];

describe('online form designer in Chromium', () => {
  const session = browserSession({ asAdmin: true, contextOptions: { acceptDownloads: true } });
  let server: RunningServer;
  let page: Page;
  beforeEach(() => { ({ server, page } = session); page.setDefaultTimeout(15_000); });

  const toast = (text: string) => page.locator('.ant-message-notice').filter({ hasText: text }).first();
  const sideMenu = () => page.locator('.ant-layout-sider .ant-menu');
  const modal = (title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
  const drawer = (title: string | RegExp) => page.locator('.ant-drawer-content').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) }).last();

  /** Ends a step: its clicks and screens since the last one. */
  async function step(name: string) {
    steps.push(await endStep(page, name));
  }
  const listRow = (text: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ hasText: text });
  const ok = (scope: Locator, name: RegExp = /确\s*定/) => scope.getByRole('button', { name }).click();

  /** Picks the option titled so in the dropdown antd opened for this select (found through aria-controls). */
  async function choose(select: Locator, title: string) {
    await select.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select-selector ")][1]').click();
    const id = await select.getAttribute('aria-controls');
    await page.locator(`.ant-select-dropdown:has([id="${id}"]) .ant-select-item-option[title="${title}"]`).click();
  }

  /** Types into a searchable select and picks the option ending in （text）: a table or a column by its name. */
  async function pick(select: Locator, text: string) {
    await select.fill(text);
    await page.locator(`.ant-select-dropdown:has([id="${await select.getAttribute('aria-controls')}"]) .ant-select-item-option[title$="（${text}）"]`).click();
  }

  /** The list row with a cell reading exactly `text` (demo_contract is also the start of demo_contract_item). */
  const exactRow = (text: string) => page.locator('.schema-page .ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

  async function rowAction(text: string, action: string) {
    await exactRow(text).getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
  }

  /** The designer modal and its grid helpers. */
  function designerOf(designer: Locator) {
    const pane = () => designer.locator('.ant-tabs-tabpane-active');
    return { pane, grid: () => pane().locator('.ant-table-row'), tab: (name: string) => designer.getByRole('tab', { name }).click() };
  }

  /** Adds the rows after the `first` ones already there, with their 数据库属性. */
  async function addFields(designer: Locator, fields: DesignRow[], first = 6) {
    const { pane } = designerOf(designer);
    for (const [k, f] of fields.entries()) {
      await designer.getByRole('button', { name: '新增字段' }).click();
      // A new row is scrolled into sight.
      const row = pane().locator(`.ant-table-row[data-row-key="${first + k}"]`);
      await row.getByLabel('字段名', { exact: true }).fill(f.name);
      await row.getByLabel('字段备注', { exact: true }).fill(f.txt);
      if (f.type) await choose(row.getByRole('combobox', { name: '类型', exact: true }), f.type);
      if (f.length) await row.getByLabel('长度', { exact: true }).fill(String(f.length));
      if (f.point) await row.getByLabel('小数点', { exact: true }).fill(String(f.point));
    }
  }

  it('designs a main form of thirteen fields and adds its sub table from its designer, syncs both at once and puts the form in the sidebar for the reviewers', async () => {
    await page.addInitScript(COUNTER);
    await page.reload();
    await sideMenu().getByText('在线开发', { exact: true }).click();
    await sideMenu().getByText('Online表单开发', { exact: true }).click();
    await page.waitForURL('**/2025/online/cgform');
    await step('open 在线开发 › Online表单开发');
    await page.getByRole('button', { name: '新增表单' }).click();
    // The designer fills the window: a drawer as wide as the page, the grid as tall as it allows.
    const designer = drawer('新增表单');
    const { pane, grid, tab } = designerOf(designer);
    await designer.waitFor();
    const box = (await designer.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(page.viewportSize()!.width - 2);
    /** Row i of the active tab (rows are keyed by position): the grid is virtual, so it is wheeled into sight first. */
    async function gridRow(i: number): Promise<Locator> {
      const row = pane().locator(`.ant-table-row[data-row-key="${i}"]`);
      const keys = async () => (await grid().evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-row-key')))));
      for (let tries = 0; tries < 30 && !(await row.count()); tries++) {
        await pane().locator('.ant-table-tbody-virtual-holder').hover();
        await page.mouse.wheel(0, Math.min(...await keys()) > i ? -120 : 120);
      }
      return row;
    }

    // JeecgBoot's default rows come first: the key (locked) and the audit columns.
    await expect.poll(() => grid().count()).toBe(6);
    await expect(grid().first().getByLabel('字段名', { exact: true }).inputValue()).resolves.toBe('id');
    await expect(grid().first().getByLabel('字段名', { exact: true }).isDisabled()).resolves.toBe(true);
    await designer.getByLabel('主表', { exact: true }).check();
    await designer.getByText('尚无附表：点“新增附表”为本表添加明细表（主表至少需要一个附表）。').waitFor();
    // A sub table needs its main table's name first.
    await designer.getByRole('button', { name: '新增附表' }).click();
    await toast('请先填写本表的表名，再新增附表').waitFor();
    await designer.getByLabel('表名', { exact: true }).fill(TABLE);
    await designer.getByLabel('表描述', { exact: true }).fill(TITLE);
    await addFields(designer, FIELDS);
    const rowOf = (f: DesignRow) => gridRow(6 + FIELDS.indexOf(f));

    await tab('页面属性');
    for (const f of FIELDS) {
      if (f.view) await choose((await rowOf(f)).getByRole('combobox', { name: '控件类型', exact: true }), f.view);
      if (f.query) await (await rowOf(f)).getByLabel('是否查询', { exact: true }).check();
      if (f.extend) await (await rowOf(f)).getByLabel('扩展参数', { exact: true }).fill(f.extend);
    }
    await expect((await rowOf(FIELDS[3])).locator('.ant-select-selection-item').first().textContent()).resolves.toBe('日期 date');
    await expect((await rowOf(FIELDS[4])).locator('.ant-select-selection-item').first().textContent()).resolves.toBe('数字 number');
    // 扩展参数 suggests only what the view reads: nothing for a text field.
    await expect((await rowOf(FIELDS[0])).getByLabel('扩展参数', { exact: true }).getAttribute('placeholder')).resolves.toBe('');

    await tab('校验字段');
    for (const f of FIELDS.filter((x) => x.required)) await (await rowOf(f)).getByLabel('必填', { exact: true }).check();
    for (const f of FIELDS.filter((x) => x.valid)) await choose((await rowOf(f)).getByRole('combobox', { name: '字段校验规则', exact: true }), f.valid!);

    await tab('字典');
    for (const f of FIELDS.filter((x) => x.dict)) {
      // Tables and their columns are picked from what the server declares, by name or description.
      if (f.dict!.table) await pick((await rowOf(f)).getByRole('combobox', { name: '字典table', exact: true }), f.dict!.table);
      if (f.dict!.field) await pick((await rowOf(f)).getByRole('combobox', { name: '字典code', exact: true }), f.dict!.field);
      if (f.dict!.text) await (await rowOf(f)).getByLabel('字典text', { exact: true }).fill(f.dict!.text);
      // A dictionary is searched by its name and its items previewed where it is chosen.
      if (f.dict!.pick) {
        const row = await rowOf(f);
        const code = row.getByRole('combobox', { name: '字典code', exact: true });
        await code.fill('优先');
        await page.locator(`.ant-select-dropdown:has([id="${await code.getAttribute('aria-controls')}"]) .ant-select-item-option[title="${f.dict!.pick}"]`).click();
        await row.getByText('预览', { exact: true }).click();
        await page.locator('.ant-popover').getByText('紧急', { exact: true }).waitFor();
      }
      if (f.dict!.category) {
        const code = (await rowOf(f)).getByRole('combobox', { name: '字典code', exact: true });
        await code.fill(f.dict!.category);
        await page.locator(`.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title^="${f.dict!.category}（"]`).click();
        await expect.poll(async () => (await rowOf(f)).locator('.ant-select-selection-item').textContent()).toMatch(new RegExp(`^${f.dict!.category}（[A-Z0-9]+）$`));
      }
    }
    await (await rowOf(FIELDS[2])).getByText('字典table 填树表名').waitFor();

    // The server checks the design and names what is wrong; the designer shows its words.
    await designer.getByLabel('表名', { exact: true }).fill('sys_contract');
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    await designer.locator('.ant-alert').getByText('表名「sys_contract」以系统保留前缀开头（sys_、onl_、qrtz_）').waitFor();
    await designer.getByLabel('表名', { exact: true }).fill(TABLE);
    await step('design the main table (13 fields)');

    // The sub table from the contract's designer: its kind and foreign key are set already.
    await designer.getByRole('button', { name: '新增附表' }).click();
    const subDesigner = drawer(`新增附表 - ${TITLE}`);
    const sub = designerOf(subDesigner);
    await subDesigner.getByLabel('表名', { exact: true }).fill(SUB);
    await subDesigner.getByLabel('表描述', { exact: true }).fill('合同明细');
    await expect(subDesigner.getByLabel('一对多（表格）', { exact: true }).isChecked()).resolves.toBe(true);
    await addFields(subDesigner, SUB_FIELDS, 7);
    await sub.tab('外键');
    await sub.pane().locator('.ant-table-row[data-row-key="6"] .ant-select-selection-item').getByText(TABLE, { exact: true }).waitFor();
    await sub.tab('校验字段');
    await sub.pane().locator('.ant-table-row[data-row-key="7"]').getByLabel('必填', { exact: true }).check();
    await subDesigner.getByRole('button', { name: /保\s*存/ }).click();
    await toast('添加成功！').waitFor();
    await subDesigner.waitFor({ state: 'detached' });
    await designer.getByText(`附表：${SUB}`).waitFor();
    await step('add the sub table from the main designer');
    await designer.getByRole('button', { name: /保\s*存/ }).click();
    await designer.waitFor({ state: 'detached' });
    await exactRow(TABLE).getByText('未同步').waitFor();
    await step('save the main table');

    // One sync of the main: the plan shows both tables, the sub table's first, and it is synced first.
    await rowAction(TABLE, '同步数据库');
    const sync = modal(/同步数据库 - /);
    await expect.poll(() => sync.getByText('新建表', { exact: true }).count()).toBe(2);
    await sync.getByText(new RegExp(`^${SUB}（id、`)).waitFor();
    const created = await sync.getByText(/^demo_contract（id、.*）$/).textContent();
    for (const f of FIELDS) expect(created).toContain(`、${f.name}`);
    await ok(sync, /^同\s*步$/);
    await sync.locator('.ant-alert').getByText(`同步数据库成功！（附表 ${SUB} 已先同步）`).waitFor();
    await sync.getByText('数据库表已是最新，无需变更').waitFor();
    await ok(sync, /关\s*闭/);
    await exactRow(TABLE).getByText('已同步').waitFor();
    await exactRow(SUB).getByText('已同步').waitFor();
    await step('sync both tables');

    // The menu: at the top of the sidebar by default, for the reviewer role chosen in the same modal.
    await rowAction(TABLE, '添加到菜单');
    const menu = modal(/添加到菜单 - /);
    await menu.locator('.ant-select-selection-item').getByText('一级菜单（侧边栏顶层）').waitFor();
    await menu.getByText('尚未选择角色：添加后只有管理员能看到该菜单。').waitFor();
    // (clicked, then read back: the controlled checkbox shows its state a moment after the click)
    await menu.getByLabel('审核人（reviewer）', { exact: true }).click();
    await expect.poll(() => menu.getByLabel('审核人（reviewer）', { exact: true }).isChecked()).toBe(true);
    await expect(menu.getByLabel('申报人（applicant）', { exact: true }).isChecked()).resolves.toBe(false);
    await ok(menu, /添\s*加/);
    await toast('已添加到菜单').waitFor();
    await page.locator('.ant-layout-sider .ant-menu > .ant-menu-item').getByText(TITLE, { exact: true }).waitFor();
    await step('add to the menu for a role');

    // 功能测试 opens the new page in the app.
    await rowAction(TABLE, '功能测试');
    await page.waitForURL(`**/2025/online/cgformList/${TABLE}`);
    await page.locator('.schema-page thead th').filter({ hasText: '标题' }).waitFor();
  });

  it('a reviewer finds the new page in the menu and adds, searches, edits, exports and deletes a record', async () => {
    // Logged in as the administrator: log out, then in as a reviewer (one department: no choice to make).
    await page.getByRole('button', { name: '退出登录' }).click();
    await ok(page.locator('.ant-modal-confirm'));
    await page.waitForURL('**/2025/user/login');
    await page.addInitScript(COUNTER);
    await loginThroughForm(page, server.baseUrl, 'reviewer', ADMIN_PASSWORD);
    await page.waitForURL('**/2025/dashboard/analysis');

    // The page is a top-level entry of the reviewer's sidebar, not inside a developers' folder.
    await page.locator('.ant-layout-sider .ant-menu > .ant-menu-item').getByText(TITLE, { exact: true }).click();
    await page.waitForURL(`**/2025/online/cgformList/${TABLE}`);

    const form = () => modal(/新增|编辑/);
    const item = (label: string) => form().locator('.ant-formily-item').filter({ has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\s*\\*?\\s*${label}\\s*[:：]?\\s*$`) }) }).first();

    await page.getByRole('button', { name: /新\s*增/ }).click();
    await form().getByText('新增', { exact: true }).waitFor();
    await ok(form());
    await item('标题').getByText('标题不能为空').waitFor();
    await item('标题').locator('input').fill('采购合同');
    await choose(item('优先级').locator('input[aria-controls]'), '紧急');
    const departs = page.locator('.ant-tree-select-dropdown:not(.ant-select-dropdown-hidden)');
    await item('所属部门').locator('.ant-select-selector').click();
    await departs.locator('.ant-select-tree-node-content-wrapper').first().click();
    await item('签订日期').locator('input').fill('2025-06-01');
    await item('签订日期').locator('input').press('Enter');
    await item('金额').locator('input').fill('1200.5');
    await item('负责人').getByRole('button').first().click();
    const users = modal('选择用户');
    await users.locator('.ant-table-row').filter({ hasText: 'reviewer' }).locator('input[type=checkbox]').check();
    await ok(users);
    await users.waitFor({ state: 'hidden' });
    await item('地区').locator('.ant-select-selector').click();
    for (const name of ['北京市', '市辖区', '东城区']) await page.locator('.ant-cascader-menu-item').filter({ hasText: new RegExp(`^${name}$`) }).click();
    await item('备注').locator('textarea').fill('首批采购');
    await item('联系电话').locator('input').fill('12345');
    await item('合同正文').locator('.ql-editor').fill('第一条 供货范围');
    await item('附件').locator('input[type=file]').setInputFiles({ name: '合同说明.txt', mimeType: 'text/plain', buffer: Buffer.from('供货清单') });
    await item('附件').locator('.ant-upload-list-item-done, .ant-upload-list-item').filter({ hasText: '合同说明.txt' }).waitFor();
    await item('启用').locator('.ant-switch').click();
    await item('项目类别').locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: '科技创新类' }).click();
    // Its items, inline: a new row of the sub table, whose required column is checked too.
    const items = form().locator('.ant-formily-array-table');
    await items.getByText('新增一行').click();
    await ok(form());
    await items.getByText('物品不能为空').waitFor();
    await item('联系电话').getByText('请输入正确的手机号码').waitFor();
    await item('联系电话').locator('input').fill('13800138000');
    await items.locator('tbody tr.ant-table-row').first().locator('input').first().fill('打印纸');
    await items.locator('tbody tr.ant-table-row').first().locator('input').nth(1).fill('20');
    await ok(form());
    await toast('添加成功！').waitFor();
    await form().waitFor({ state: 'detached' });
    await step('use it as the reviewer: add a record with an item');
    const { text, seconds: total } = klmReport(steps);
    console.log(`newcomer flow, per step ${text}`);
    // The aim: the whole flow in under 10 minutes.
    expect(total).toBeLessThan(600);

    const row = listRow('采购合同');
    await row.waitFor();
    for (const shown of ['紧急', '科创服务中心', '2025-06-01', '1200.5', '审核人', '北京市/市辖区/东城区', '科技创新类']) expect(await row.innerText()).toContain(shown);

    // A second record, so the search has something to leave out.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await item('标题').locator('input').fill('服务合同');
    await ok(form());
    await toast('添加成功！').waitFor();
    await form().waitFor({ state: 'detached' });
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-2 共2条' }).waitFor();

    await page.getByPlaceholder('请输入标题').fill('采购');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-1 共1条' }).waitFor();

    await row.getByText('编辑').click();
    await expect.poll(() => item('标题').locator('input').inputValue()).toBe('采购合同');
    // The items, the rich text and the file come back with the contract.
    await expect.poll(() => item('合同正文').locator('.ql-editor').innerText()).toContain('第一条 供货范围');
    await item('附件').getByText('合同说明.txt').waitFor();
    await expect.poll(() => form().locator('.ant-formily-array-table tbody tr.ant-table-row').first().locator('input').first().inputValue()).toBe('打印纸');
    await item('标题').locator('input').fill('采购合同（修订）');
    await ok(form());
    await toast('编辑成功!').waitFor();
    await listRow('采购合同（修订）').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe(`${TITLE}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const values = book.worksheets[0].getSheetValues().flat().filter((v) => typeof v === 'string');
    expect(values).toEqual(expect.arrayContaining(['标题', '优先级', '采购合同（修订）', '紧急', '首批采购']));
    expect(values).not.toContain('服务合同');

    await rowAction('采购合同（修订）', '删除');
    await ok(page.locator('.ant-modal-confirm'));
    await toast('删除成功!').waitFor();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.locator('.ant-pagination-total-text').filter({ hasText: '1-1 共1条' }).waitFor();
    await expect(listRow('采购合同').count()).resolves.toBe(0);
  });

  it('the same page embedded: the list and the edit form through the OnlineIframe routes, with no menu around them', async () => {
    const login = await (await fetch(`${server.baseUrl}/jeecg-boot/sys/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'reviewer', password: ADMIN_PASSWORD }),
    })).json() as { result: { token: string } };
    const data = await (await fetch(`${server.baseUrl}/jeecg-boot/online/cgform/api/getData/${TABLE}`, { headers: { 'X-Access-Token': login.result.token } })).json() as { result: { records: { id: string; title: string }[] } };
    const record = data.result.records.find((r) => r.title === '服务合同')!;

    // The session helper has signed the administrator in, who was granted the page with the reviewers.
    await page.goto(`${server.baseUrl}/2025/onlineIframe/OnlineIframe?table=${TABLE}`);
    await listRow('服务合同').waitFor();
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);

    await page.goto(`${server.baseUrl}/2025/onlineIframe/OnlineIframeEdit?table=${TABLE}&id=${record.id}`);
    const form = modal('编辑');
    const title = form.locator('.ant-formily-item').filter({ hasText: '标题' }).first().locator('input');
    // (the record loads after the form opens: on a busy machine that takes more than the poll's default 5 s)
    await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe('服务合同');
    await title.fill('服务合同（嵌入修改）');
    await ok(form);
    await page.getByText('保存成功').waitFor();
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);

    await page.goto(`${server.baseUrl}/2025/onlineIframe/OnlineIframe?table=no_such_form`);
    await page.getByText('页面配置不存在').waitFor();

    // A visitor without a session is sent to log in, and comes back to the embedded page after.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${server.baseUrl}/2025/onlineIframe/OnlineIframe?table=${TABLE}`);
    await visitor.waitForURL(/\/2025\/user\/login\?redirect=%2FonlineIframe%2FOnlineIframe/);
    await visitor.close();
  });
});
