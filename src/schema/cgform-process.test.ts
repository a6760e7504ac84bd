import { describe, expect, it } from 'vitest';
import { designToSchema, DesignError, type Design } from './cgform';
import { problemText, processProblems, processToSchema, schemaPathProblem, stateDictCode, type ProcessDesign } from './cgform-process';
import type { PageSchema } from './types';

const process = (): ProcessDesign => ({
  states: [
    { value: 'draft', label: '草稿' },
    { value: 'pending', label: '待审核' },
    { value: 'passed', label: '已通过', final: true },
    { value: 'returned', label: '已退回', final: true },
  ],
  workflow: {
    field: 'state', initial: 'draft', editable: ['draft'],
    transitions: [
      { name: 'submit', label: '提交', from: ['draft'], to: 'pending' },
      { name: 'pass', label: '通过', from: ['pending'], to: 'passed', opinion: 'optional', stamp: { note: 'opinion' }, notify: 'owner' },
      { name: 'reject', label: '退回', from: ['pending'], to: 'returned', opinion: 'required' },
    ],
  },
  rowRules: [{ role: 'applicant', own: true }, { role: 'reviewer', states: ['pending', 'passed', 'returned'] }],
  roles: { submit: ['applicant'], pass: ['reviewer'] },
});
const fields = [
  { name: 'title', label: '名称', type: 'string' as const },
  { name: 'note', label: '意见', type: 'string' as const },
  { name: 'amount', label: '金额', type: 'int' as const },
];
const roles = new Set(['admin', 'applicant', 'reviewer']);
const texts = (p: ProcessDesign) => processProblems(p, { fields, roles }).map(problemText);

describe('process design problems', () => {
  it('has none for a sound design', () => {
    expect(texts(process())).toEqual([]);
  });

  it('names the tab and row of each problem', () => {
    const p = process();
    p.workflow.transitions[0].from = ['drafty'];
    p.roles = { pass: ['boss'] };
    p.rowRules = [{ role: 'nobody', own: true }, { role: 'reviewer', states: ['gone'] }];
    expect(texts(p)).toEqual([
      '流程 · 流转第1行「提交」：起始状态「drafty」不存在',
      '流程 · 流转第2行「通过」：角色「boss」不存在',
      '流程 · 状态第1行「草稿」：不是结束状态，却没有流转可以离开它（勾选“结束”或添加流转）',
      '数据权限 · 第1行「nobody」：角色「nobody」不存在',
      '数据权限 · 第2行「reviewer」：状态「gone」不存在',
    ]);
  });

  it('finds a state with no way out or no way in, duplicates, and stamps that do not fit', () => {
    const p = process();
    p.states[2].final = false;
    p.states.push({ value: 'lost', label: '孤立', final: true }, { value: 'draft', label: '重复' });
    p.workflow.transitions[1].stamp = { amount: 'now', title: 'opinion' };
    p.workflow.transitions[2].opinion = undefined;
    p.workflow.transitions[2].stamp = { note: 'opinion' };
    expect(texts(p)).toEqual([
      '流程 · 状态第6行：编码「draft」重复',
      '流程 · 流转第2行「通过」：字段「金额」不能记录时间',
      '流程 · 流转第3行「退回」：记录意见到「意见」需要先要求填写意见',
      '流程 · 状态第3行「已通过」：不是结束状态，却没有流转可以离开它（勾选“结束”或添加流转）',
      '流程 · 状态第5行「孤立」：没有流转可以到达它',
    ]);
  });

  it('says what is wrong with a notice target it cannot read, rather than failing', () => {
    const p = process();
    p.workflow.transitions[1].notify = [null, 'everyone', { role: 'nobody' }] as never;
    expect(texts(p)).toEqual([
      '流程 · 流转第2行「通过」：通知对象只能是创建人、用户字段或角色',
      '流程 · 流转第2行「通过」：通知对象只能是创建人、用户字段或角色',
      '流程 · 流转第2行「通过」：通知的角色「nobody」不存在',
    ]);
  });

  it('does not check roles it is not told of', () => {
    const p = process();
    p.roles = { pass: ['boss'] };
    expect(processProblems(p, { fields })).toEqual([]);
  });
});

describe('process in the page schema', () => {
  const page: PageSchema = { code: 'demo', title: '专利申请', table: 'demo', api: '/online/data/demo', permission: 'online:demo', fields };

  it('adds the state column with its dictionary, the workflow, rules and record', () => {
    const s = processToSchema(page, { ...process(), record: { noun: '专利', title: 'title' } });
    expect(s.fields.at(-1)).toMatchObject({ name: 'state', type: 'string', form: false, list: true, dict: { code: stateDictCode('demo') } });
    expect(s.workflow).toMatchObject({ field: 'state', initial: 'draft', editable: ['draft'] });
    expect(s.rowRules).toHaveLength(2);
    expect(s.record).toEqual({ noun: '专利', title: 'title' });
    expect(page.fields).toHaveLength(3);
  });

  it('takes over a state column the form has', () => {
    const s = processToSchema(page, { ...process(), workflow: { ...process().workflow, field: 'note' } });
    expect(s.fields.filter((f) => f.name === 'note')).toEqual([expect.objectContaining({ form: false, view: 'list', dict: { code: 'online_demo_state' } })]);
  });

  it('is what a design with a process compiles to, and a bad process is refused', () => {
    const d: Design = { head: { tableName: 'demo', tableTxt: '专利申请' }, fields: [{ dbFieldName: 'title' }, { dbFieldName: 'note' }], process: process() };
    expect(designToSchema(d).workflow?.transitions).toHaveLength(3);
    d.process!.workflow.initial = 'nowhere';
    expect(() => designToSchema(d)).toThrow(DesignError);
    expect(() => designToSchema(d)).toThrow('流程 · 初始状态：状态「nowhere」不存在');
  });

  it('is refused on a sub table, whose rows follow their main row', () => {
    const d: Design = {
      head: { tableName: 'demo_item', tableTxt: '明细', tableType: 3 },
      fields: [{ dbFieldName: 'title' }, { dbFieldName: 'main_id', dbLength: 32, mainTable: 'demo_main', mainField: 'id' }],
      process: process(),
    };
    expect(() => designToSchema(d)).toThrow('附表不能单独设置流程');
  });

  it('says a meta-schema path as the tab and row', () => {
    expect(schemaPathProblem('/workflow/transitions/2/confirm', 'too long')).toBe('流程 · 流转第3行：too long');
    expect(schemaPathProblem('/rowRules/0/via', 'bad')).toBe('数据权限 · 第1行：bad');
    expect(schemaPathProblem('/fields/0', 'bad')).toBeNull();
  });
});
