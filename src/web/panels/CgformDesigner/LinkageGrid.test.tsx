// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider, Form, type FormInstance } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Design, DesignField } from '../../../schema/cgform';
import type { PageSchema } from '../../../schema/types';
import { http } from '../../api/request';
import CgformDesigner from '.';
import { LinkageGrid } from './LinkageGrid';
import { effectChoices, opChoices, ruleSentence, targetChoices } from './linkage-rows';
import type { DesignValues } from './model';
import { optionTitles, pick } from './selects.testing';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
vi.mock('../../widgets/dict/dict-cache', () => ({
  dictKey: (d?: { code?: string }) => d?.code,
  dictItems: async (key: string) => (key === 'leave_type' ? [{ value: 'sick', text: '病假' }, { value: 'annual', text: '年假' }]
    : key === 'approver_level' ? [{ value: '1', text: '组长' }, { value: '2', text: '经理' }, { value: '3', text: '总监' }] : []),
}));
const post = vi.mocked(http.post);

afterEach(() => { cleanup(); vi.clearAllMocks(); });

const f = (dbFieldName: string, more: Partial<DesignField> = {}): DesignField => ({ dbFieldName, dbFieldTxt: dbFieldName, dbType: 'string', isShowForm: 1, ...more });
const FIELDS = [
  f('id'), f('leave_type', { dbFieldTxt: '类型', fieldShowType: 'radio', dictField: 'leave_type' }),
  f('days', { dbFieldTxt: '天数', dbType: 'int' }), f('sick_note', { dbFieldTxt: '病假条' }),
  f('approver_level', { dbFieldTxt: '审批级别', fieldShowType: 'list', dictField: 'approver_level' }), f('secret', { isShowForm: 0 }),
];

describe('linkage-rows', () => {
  it('offers choices from the field rows', () => {
    expect(targetChoices(FIELDS, 'days').map((c) => c.value)).toEqual(['leave_type', 'sick_note', 'approver_level']);
    expect(opChoices(FIELDS[2]).map((c) => c.value)).toContain('gt');
    expect(opChoices(FIELDS[1]).map((c) => c.value)).not.toContain('gt');
    expect(effectChoices(FIELDS[4]).map((c) => c.value)).toContain('options');
    expect(effectChoices(FIELDS[3]).map((c) => c.value)).not.toContain('options');
    expect(ruleSentence({ when: { field: 'leave_type', op: 'eq', value: 'sick' }, then: { field: 'sick_note', effect: 'show' } }, FIELDS)).toBe('当「类型」等于 sick时，显示「病假条」');
  });
});

describe('LinkageGrid', () => {
  function setup() {
    let form!: FormInstance<DesignValues>;
    function Host() {
      [form] = Form.useForm<DesignValues>();
      return <Form form={form} initialValues={{ head: { tableName: 'demo_leave', tableTxt: '请假' }, fields: FIELDS, indexs: [] }}><LinkageGrid /></Form>;
    }
    render(<ConfigProvider locale={zhCN}><App><Host /></App></ConfigProvider>);
    return () => form.getFieldsValue(true) as DesignValues;
  }

  it('builds a rule from choices only: trigger, operator, dictionary value, target, effect, options', async () => {
    const values = setup();
    expect(screen.getByText('暂无联动规则')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增规则' }));
    const row = await waitFor(() => document.querySelector<HTMLElement>('.ant-table-row')!);
    await pick(row, '条件字段', '类型（leave_type）');
    // A text trigger compares, it does not order: no 大于/小于.
    expect(await optionTitles(row, '条件')).not.toContain('大于');
    await pick(row, '值', '病假');
    await pick(row, '目标字段', '审批级别（approver_level）');
    await pick(row, '效果', '限定可选项');
    await pick(row, '可选项', '经理');
    await waitFor(() => expect(values().head.linkage).toEqual([
      { when: { field: 'leave_type', op: 'eq', value: 'sick' }, then: { field: 'approver_level', effect: 'options', options: ['2'] } },
    ]));
    expect(screen.getByText('当「类型」等于 sick时，「审批级别」只可选 2')).toBeInTheDocument();
    fireEvent.click(within(row).getByText('删除'));
    await waitFor(() => expect(values().head.linkage).toEqual([]));
  });

  it('an operator without a value shows none, a list operator takes several', async () => {
    const values = setup();
    fireEvent.click(screen.getByRole('button', { name: '新增规则' }));
    const row = await waitFor(() => document.querySelector<HTMLElement>('.ant-table-row')!);
    await pick(row, '条件字段', '天数（days）');
    await pick(row, '条件', '为空');
    expect(within(row).queryByLabelText('值')).toBeNull();
    await pick(row, '条件', '属于');
    await pick(row, '条件字段', '类型（leave_type）');
    await pick(row, '值', '病假');
    await pick(row, '值', '年假');
    await waitFor(() => expect(values().head.linkage?.[0].when).toEqual({ field: 'leave_type', op: 'in', value: ['sick', 'annual'] }));
  });
});

describe('the designer with rules', () => {
  it('sends the rules with the head, and shows the server\'s refusal as it says it', async () => {
    const refusal = '表单配置有误：/linkage/0/when/value: rule 1 (when days eq "many" then hide sickNote): "many" is not a number, and "days" is of type int';
    post.mockResolvedValue({ success: false, message: refusal, code: 500, result: null, timestamp: 0 } as never);
    render(<ConfigProvider locale={zhCN}><App><CgformDesigner schema={{} as PageSchema} row={null} selectedIds={[]} open onClose={vi.fn()} /></App></ConfigProvider>);
    fireEvent.change(screen.getByLabelText('表名'), { target: { value: 'demo_leave' } });
    fireEvent.change(screen.getByLabelText('表描述'), { target: { value: '请假' } });
    fireEvent.click(screen.getByRole('button', { name: '新增字段' }));
    const pane = () => document.querySelector<HTMLElement>('.ant-tabs-tabpane-active')!;
    const newRow = await waitFor(() => [...pane().querySelectorAll<HTMLElement>('.ant-table-row')].at(-1)!);
    fireEvent.change(within(newRow).getByLabelText('字段名'), { target: { value: 'days' } });
    fireEvent.click(screen.getByRole('tab', { name: '联动规则' }));
    fireEvent.click(await screen.findByRole('button', { name: '新增规则' }));
    const row = await waitFor(() => pane().querySelector<HTMLElement>('.ant-table-row')!);
    await pick(row, '条件字段', 'days');
    fireEvent.change(within(row).getByLabelText('值'), { target: { value: 'many' } });
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: /保\s*存/ })); });
    await waitFor(() => expect(post).toHaveBeenCalled());
    const body = post.mock.calls[0][1] as Design;
    expect(body.head.linkage).toEqual([{ when: { field: 'days', op: 'eq', value: 'many' }, then: { effect: 'show' } }]);
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
  }, 20_000);
});
