// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { Design, DesignField } from '../../../schema/cgform';
import type { PageSchema } from '../../../schema/types';
import { answerUnsaved, expectUntouchedToClose, leavingAsks, removeQuestions } from '../../utils/useUnsavedGuard.testing';
import CgformDesigner from '.';
import { pick } from './selects.testing';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const put = vi.mocked(http.put);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });

function open(row: Record<string, unknown> | null = null, onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App><CgformDesigner schema={{} as PageSchema} row={row} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}

const pane = () => document.querySelector<HTMLElement>('.ant-tabs-tabpane-active')!;
const rows = () => [...pane().querySelectorAll<HTMLElement>('.ant-table-row')];
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

/** What the pickers read: the dictionaries and their items, the main designs, the category tree. */
const LOOKUPS: Record<string, unknown> = {
  '/sys/dict/treeList': [{ dictName: '优先级', dictCode: 'priority' }, { dictName: '性别', dictCode: 'sex' }],
  '/sys/dict/getDictItems/priority': [{ value: '1', text: '紧急' }, { value: '2', text: '一般' }],
  '/online/cgform/head/list': { records: [{ tableName: 'demo_order', tableTxt: '订单', tableType: 2 }, { tableName: 'demo_single', tableTxt: '单表', tableType: 1 }], total: 2 },
  '/sys/category/loadTreeRoot': [{ key: 'c1', title: '赛道', code: 'A01', children: [{ key: 'c2', title: '人工智能', code: 'A01A01' }] }],
};
beforeEach(() => { get.mockImplementation(async (url: string) => envelope(true, LOOKUPS[url] ?? []) as never); });
afterEach(() => { cleanup(); removeQuestions(); vi.clearAllMocks(); });

describe('CgformDesigner', () => {
  it('starts a new form with the key and audit rows, and sends what the grid holds to addAll', async () => {
    post.mockResolvedValue(envelope(true, 'h1', '添加成功！') as never);
    const onClose = open();
    expect(screen.getByText('新增表单')).toBeInTheDocument();
    expect(rows().map((r) => within(r).getByLabelText('字段名')).map((i) => (i as HTMLInputElement).value))
      .toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);
    expect(within(rows()[0]).getByLabelText('字段名')).toBeDisabled();
    expect(within(rows()[0]).queryByText('删除')).not.toBeInTheDocument();

    type(screen.getByLabelText('表名'), 'demo_contract');
    type(screen.getByLabelText('表描述'), '合同');
    fireEvent.click(screen.getByRole('button', { name: '新增字段' }));
    fireEvent.click(screen.getByRole('button', { name: '新增字段' }));
    const [title, level] = rows().slice(6);
    type(within(title).getByLabelText('字段名'), 'contract_name');
    type(within(title).getByLabelText('字段备注'), '合同名称');
    type(within(level).getByLabelText('字段名'), 'amount');
    type(within(level).getByLabelText('字段备注'), '金额');
    await pick(level, '类型', 'BigDecimal');
    type(within(level).getByLabelText('小数点'), '2');

    tab('页面属性');
    // The rows are the same in every tab; choosing a numeric type suggested the number view.
    expect(within(rows()[7]).getByText('amount')).toBeInTheDocument();
    expect(within(rows()[7]).getByTitle('数字 number')).toBeInTheDocument();
    fireEvent.click(within(rows()[6]).getByLabelText('是否查询'));
    await pick(rows()[6], '控件类型', '下拉框 list');

    tab('校验字段');
    fireEvent.click(within(rows()[6]).getByLabelText('必填'));

    tab('字典');
    expect(within(rows()[6]).getByText(/字典code 搜索并选择数据字典/)).toBeInTheDocument();
    // The dictionary is picked by its name, and its items previewed where it is chosen.
    await pick(rows()[6], '字典code', '优先级（priority）');
    fireEvent.click(within(rows()[6]).getByText('预览'));
    expect(await screen.findByText('紧急', undefined, { timeout: 5000 })).toBeInTheDocument();
    // Help sits beside each column title.
    expect(screen.getByLabelText('字典code说明')).toBeInTheDocument();

    tab('索引');
    fireEvent.click(screen.getByRole('button', { name: '新增索引' }));
    type(screen.getByLabelText('索引名称'), 'idx_name');
    await pick(document.body, '索引栏位', 'contract_name');

    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0] as [string, Design];
    expect(url).toBe('/online/cgform/api/addAll');
    expect(body.head).toMatchObject({ tableName: 'demo_contract', tableTxt: '合同', tableType: 1, isTree: 'N' });
    expect(body.head.id).toBeUndefined();
    expect(body.fields.map((f) => f.dbFieldName)).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'contract_name', 'amount']);
    expect(body.fields[0]).toMatchObject({ dbIsKey: 1, isShowForm: 0, isShowList: 0, orderNum: 0 });
    expect(body.fields[6]).toEqual<DesignField>({
      dbFieldName: 'contract_name', dbFieldTxt: '合同名称', dbType: 'string', dbLength: 32, dbPointLength: 0, dbIsKey: 0, dbIsNull: 1,
      fieldShowType: 'list', isShowForm: 1, isShowList: 1, sortFlag: '1', isReadOnly: 0, isQuery: 1, queryMode: 'single', fieldMustInput: '1',
      dictField: 'priority', orderNum: 6,
    });
    expect(body.fields[7]).toMatchObject({ dbFieldName: 'amount', dbType: 'BigDecimal', dbPointLength: 2, fieldShowType: 'number', orderNum: 7 });
    expect(body.indexs).toEqual([{ indexName: 'idx_name', indexField: 'contract_name', indexType: 'normal' }]);
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledWith(true);
  }, 40_000);

  it('offers the named validations by their readable names, or a regular expression of one\'s own', async () => {
    post.mockResolvedValue(envelope(true, 'h3', '添加成功！') as never);
    open();
    type(screen.getByLabelText('表名'), 'demo_contact');
    type(screen.getByLabelText('表描述'), '联系人');
    fireEvent.click(screen.getByRole('button', { name: '新增字段' }));
    fireEvent.click(screen.getByRole('button', { name: '新增字段' }));
    tab('校验字段');
    await pick(rows()[6], '字段校验规则', '手机号码');
    await pick(rows()[7], '字段校验规则', '自定义正则');
    type(within(rows()[7]).getByLabelText('自定义正则'), '^[A-Z]{2}\\d{4}$');
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const { fields } = post.mock.calls[0][1] as Design;
    expect(fields.slice(6).map((f) => f.fieldValidType)).toEqual(['m', '^[A-Z]{2}\\d{4}$']);
  }, 20_000);

  it('asks for the table name and description before sending anything', async () => {
    open();
    save();
    expect(await screen.findByText('请输入表名')).toBeInTheDocument();
    expect(screen.getByText('请输入表描述')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("loads a saved design and sends editAll with the head's id; the tree settings come back too", async () => {
    const fields: DesignField[] = [
      { dbFieldName: 'id', dbFieldTxt: '主键', dbIsKey: 1, dbType: 'string', dbLength: 32, isShowForm: 0, isShowList: 0 },
      { dbFieldName: 'name', dbFieldTxt: '名称', dbIsKey: 0, dbType: 'string', dbLength: 64, fieldShowType: 'text', isShowForm: 1, isShowList: 1 },
      { dbFieldName: 'pid', dbFieldTxt: '父级', dbIsKey: 0, dbType: 'string', dbLength: 32, isShowForm: 0, isShowList: 0 },
      { dbFieldName: 'has_child', dbFieldTxt: '有子', dbIsKey: 0, dbType: 'string', dbLength: 3, isShowForm: 0, isShowList: 0 },
    ];
    get.mockImplementation(async (url: string) => (url.includes('/field/') ? envelope(true, fields) : envelope(true, [{ indexName: 'idx_name', indexField: 'name', indexType: 'unique' }])) as never);
    put.mockResolvedValue(envelope(true, null, '修改成功！') as never);
    const schemaJson = JSON.stringify({ code: 'demo_tree', title: '树', table: 'demo_tree', api: '', kind: 'tree', tree: { pidField: 'pid', hasChildField: 'hasChild', textField: 'name' }, fields: [] });
    const onClose = open({ id: 'h9', tableName: 'demo_tree', tableTxt: '树', tableType: 1, isTree: 'Y', isDbSynch: 'Y', schemaJson });
    expect(screen.getByText('编辑表单 - 树')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(get).toHaveBeenCalledWith('/online/cgform/field/listByHeadId', { headId: 'h9' });
    expect(get).toHaveBeenCalledWith('/online/cgform/index/listByHeadId', { headId: 'h9' });
    // A synced form keeps its table name.
    expect(screen.getByLabelText('表名')).toBeDisabled();
    expect(screen.getByLabelText('父ID字段').closest('.ant-select')).toHaveTextContent('pid');
    type(within(rows()[1]).getByLabelText('字段备注'), '节点名称');
    save();
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, body] = put.mock.calls[0] as [string, Design];
    expect(url).toBe('/online/cgform/api/editAll');
    expect(body.head).toMatchObject({ id: 'h9', tableName: 'demo_tree', isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'name' });
    expect(body.fields[1]).toMatchObject({ dbFieldName: 'name', dbFieldTxt: '节点名称', orderNum: 1 });
    expect(body.indexs).toEqual([{ indexName: 'idx_name', indexField: 'name', indexType: 'unique' }]);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('shows the server refusal as it says it, whether answered or thrown, and stays open', async () => {
    post.mockResolvedValueOnce(envelope(false, null, '字段名「title」重复') as never);
    post.mockRejectedValueOnce(Object.assign(new Error('400'), { data: envelope(false, null, '表名「sys_x」以系统保留前缀开头（sys_、onl_、qrtz_）') }));
    const onClose = open();
    type(screen.getByLabelText('表名'), 'demo_dup');
    type(screen.getByLabelText('表描述'), '重复');
    save();
    expect((await screen.findAllByText('字段名「title」重复')).length).toBeGreaterThan(0);
    save();
    expect(await screen.findByText('表名「sys_x」以系统保留前缀开头（sys_、onl_、qrtz_）')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a tree table adds its parent and has-child rows and chooses them', async () => {
    post.mockResolvedValue(envelope(true, 'h2', '添加成功！') as never);
    open();
    type(screen.getByLabelText('表名'), 'demo_tree');
    type(screen.getByLabelText('表描述'), '树');
    fireEvent.click(screen.getByLabelText('树表'));
    await waitFor(() => expect(rows()).toHaveLength(8));
    expect((within(rows()[6]).getByLabelText('字段名') as HTMLInputElement).value).toBe('pid');
    await pick(document.body, '树显示字段', 'create_by');
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect((post.mock.calls[0][1] as Design).head).toMatchObject({ isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'create_by' });
  }, 20_000);
  it('a sub table names its main table on the 外键 tab and its relation on the head; other kinds send no foreign key', async () => {
    post.mockResolvedValue(envelope(true, 'h3', '添加成功！') as never);
    open();
    type(screen.getByLabelText('表名'), 'demo_line');
    type(screen.getByLabelText('表描述'), '明细');
    expect(screen.queryByRole('tab', { name: '外键' })).toBeNull();
    fireEvent.click(screen.getByLabelText('附表'));
    fireEvent.click(await screen.findByLabelText('一对一（表单）'));
    // The main table is chosen among the main designs (not the single one); the foreign key row follows.
    await pick(document.body, '关联主表', '订单（demo_order）');
    expect(document.querySelector('[title="单表（demo_single）"]')).toBeNull();
    tab('数据库属性');
    await waitFor(() => expect(rows()).toHaveLength(7));
    type(within(rows()[6]).getByLabelText('字段名'), 'order_id');
    tab('外键');
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(rows()[6].querySelector('.ant-select-selection-item')).toHaveTextContent('订单（demo_order）');
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const sent = post.mock.calls[0][1] as Design;
    expect(sent.head).toMatchObject({ tableName: 'demo_line', tableType: 3, relationType: 1, isTree: 'N' });
    expect(sent.fields.find((f) => f.dbFieldName === 'order_id')).toMatchObject({ mainTable: 'demo_order', mainField: 'id' });

    // Back to a single table: the link is dropped rather than refused by the server.
    fireEvent.click(screen.getByLabelText('单表'));
    save();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const single = post.mock.calls[1][1] as Design;
    expect(single.head).toMatchObject({ tableType: 1 });
    expect(single.head).not.toHaveProperty('relationType');
    expect(single.fields.some((f) => f.mainTable)).toBe(false);
  }, 20_000);

  it('a main table adds its sub table from its own designer, the foreign key already set', async () => {
    post.mockResolvedValue(envelope(true, 'h4', '添加成功！') as never);
    const onClose = open();
    fireEvent.click(screen.getByLabelText('主表'));
    fireEvent.click(await screen.findByRole('button', { name: '新增附表' }));
    expect(await screen.findByText('请先填写本表的表名，再新增附表')).toBeInTheDocument();
    type(screen.getByLabelText('表名'), 'demo_team');
    type(screen.getByLabelText('表描述'), '参赛团队');
    fireEvent.click(screen.getByRole('button', { name: '新增附表' }));
    expect(await screen.findByText('新增附表 - 参赛团队')).toBeInTheDocument();
    const sub = document.querySelectorAll<HTMLElement>('.cgform-designer')[1];
    type(within(sub).getByLabelText('表名'), 'demo_member');
    type(within(sub).getByLabelText('表描述'), '团队成员');
    fireEvent.click(within(sub).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const sent = post.mock.calls[0][1] as Design;
    expect(sent.head).toMatchObject({ tableName: 'demo_member', tableType: 3, relationType: 0 });
    expect(sent.fields.at(-1)).toMatchObject({ dbFieldName: 'demo_team_id', mainTable: 'demo_team', mainField: 'id', isShowForm: 0 });
    expect(await screen.findByText('附表：demo_member')).toBeInTheDocument();
    // Closed without saving the main (its changes given up when asked): the list still reloads, the sub table is there.
    fireEvent.click(screen.getAllByRole('button', { name: /取\s*消/ })[0]);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  }, 20_000);

  it('asks before a changed design is thrown away, by 取消 or by leaving the browser tab, and closes an untouched one at once', async () => {
    const cancel = () => fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expectUntouchedToClose(() => open());

    // A field added by its button is a change too.
    const onClose = open();
    fireEvent.click(screen.getByRole('button', { name: '新增字段' }));
    expect(leavingAsks()).toBe(true);
    cancel();
    expect(await screen.findByText('设计中有尚未保存的修改，关闭后将丢失。')).toBeInTheDocument();
    await answerUnsaved('继续编辑');
    await new Promise((r) => setTimeout(r, 300));
    expect(onClose).not.toHaveBeenCalled();
    cancel();
    await answerUnsaved('放弃修改');
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    cleanup();
    expect(leavingAsks()).toBe(false);

    // So is anything typed.
    open();
    type(screen.getByLabelText('表名'), 'demo_half');
    expect(leavingAsks()).toBe(true);
  }, 20_000); // three mounts of the full-window designer: over 10 s on a loaded 2-core machine
});
