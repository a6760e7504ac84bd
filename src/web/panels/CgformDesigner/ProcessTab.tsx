import { Alert, Button, Checkbox, ColorPicker, Col, Empty, Form, Input, Radio, Row, Select, Space, Table, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { DEFAULT_STATE_FIELD, problemText, processProblems, type ProcessDesign, type ProcessProblem, type ProcessState } from '../../../schema/cgform-process';
import type { DesignValues } from './model';
import type { WorkflowTransition } from '../../../schema/workflow';
import { ProcessDiagram } from './ProcessDiagram';
import {
  addState, addTransition, approvalTemplate, blankProcess, columnsOf, notifyChoices, notifyOf, notifyValue, removeState, removeTransition, setRoles,
  stampChoices, stampOf, stampValue, updateState, updateTransition, type Column, type RoleOption,
} from './process-model';

interface Props {
  value: ProcessDesign | null;
  onChange: (p: ProcessDesign | null) => void;
  /** The roles that exist (null while they load: then not checked). */
  roles: RoleOption[] | null;
  title: string;
}

/** The form's columns as the process names them: redrawn when a field row's name, label or type changes, not on every keystroke. */
export function useColumns(): Column[] {
  const form = Form.useFormInstance<DesignValues>();
  const key = Form.useWatch((v: DesignValues) => JSON.stringify(columnsOf(v?.fields ?? [])), { form, preserve: true });
  return useMemo(() => (key ? JSON.parse(key) as Column[] : []), [key]);
}

/** The process's problems on one tab, as the server would say them on save. */
export function useProblems(p: ProcessDesign | null, roles: RoleOption[] | null, tab: ProcessProblem['tab']): { columns: Column[]; problems: ProcessProblem[] } {
  const columns = useColumns();
  const problems = useMemo(() => (p ? processProblems(p, { fields: columns, roles: roles ? new Set(roles.map((r) => r.roleCode)) : undefined }).filter((x) => x.tab === tab) : []),
    [p, columns, roles, tab]);
  return { columns, problems };
}

const OPINIONS = [{ value: 'none', label: '不填' }, { value: 'optional', label: '选填' }, { value: 'required', label: '必填' }];
const full = { width: '100%' };

/** The problems of one tab, each naming its row, as the server would say them on save. */
export function ProblemList({ problems }: { problems: ProcessProblem[] }) {
  if (!problems.length) return null;
  return (
    <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`还有 ${problems.length} 处问题，保存前请修改`}
      description={<ul style={{ margin: 0, paddingLeft: 18 }} data-testid="process-problems">{problems.map((p) => <li key={problemText(p)}>{problemText(p)}</li>)}</ul>} />
  );
}

/**
 * 流程: the states (label, colour, final, initial, editable), the transitions (from and to states,
 * the roles that fire them, opinion, confirm text, notices, stamped fields, batch), and the diagram
 * they draw. Every choice is a picker fed by the states, the form's fields and the roles.
 */
export function ProcessTab({ value: p, onChange, roles: known, title }: Props) {
  const { columns, problems } = useProblems(p, known, '流程');
  const roles = known ?? [];
  if (!p) {
    return (
      <Empty description="本表单还没有流程：启用后，数据按状态流转（如 草稿 → 待审核 → 已通过 / 已退回），按钮授权给所选角色">
        <Space>
          <Button type="primary" onClick={() => onChange({ ...approvalTemplate(), record: undefined })}>使用审批模板</Button>
          <Button onClick={() => onChange(blankProcess())}>从空白开始</Button>
        </Space>
      </Empty>
    );
  }
  const wf = p.workflow;
  const stateOptions = p.states.map((s) => ({ value: s.value, label: s.label || s.value }));
  const roleOptions = roles.filter((r) => r.roleCode !== 'admin').map((r) => ({ value: r.roleCode, label: `${r.roleName}（${r.roleCode}）` }));
  const stringColumns = columns.filter((c) => c.type === 'string' && c.name !== wf.field);
  const stateFieldOptions = [
    ...(columns.some((c) => c.name === DEFAULT_STATE_FIELD) ? [] : [{ value: DEFAULT_STATE_FIELD, label: '新建「状态」列（state）' }]),
    ...columns.filter((c) => c.type === 'string').map((c) => ({ value: c.name, label: `${c.label}（${c.name}）` })),
  ];
  const setWf = (change: Partial<typeof wf>) => onChange({ ...p, workflow: { ...wf, ...change } });
  const editable = new Set(wf.editable ?? []);

  const stateColumns = [
    { title: '编码', width: 130, render: (_: unknown, s: ProcessState, i: number) => <Input aria-label={`状态${i + 1}编码`} value={s.value} onChange={(e) => onChange(updateState(p, i, { value: e.target.value.trim() }))} /> },
    { title: '名称', width: 140, render: (_: unknown, s: ProcessState, i: number) => <Input aria-label={`状态${i + 1}名称`} value={s.label} placeholder="如 待审核" onChange={(e) => onChange(updateState(p, i, { label: e.target.value }))} /> },
    {
      title: '颜色', width: 70, render: (_: unknown, s: ProcessState, i: number) => (
        <ColorPicker aria-label={`状态${i + 1}颜色`} value={s.color} size="small" disabledAlpha onChange={(c) => onChange(updateState(p, i, { color: c.toHexString() }))} />
      ),
    },
    { title: '初始', width: 60, render: (_: unknown, s: ProcessState, i: number) => <Radio aria-label={`状态${i + 1}为初始状态`} checked={wf.initial === s.value} onChange={() => setWf({ initial: s.value })} /> },
    {
      title: <Tooltip title="处于这些状态时，数据仍可编辑和删除">可编辑</Tooltip>, width: 70,
      render: (_: unknown, s: ProcessState, i: number) => (
        <Checkbox aria-label={`状态${i + 1}可编辑`} checked={editable.has(s.value)}
          onChange={(e) => setWf({ editable: e.target.checked ? [...editable, s.value] : [...editable].filter((v) => v !== s.value) })} />
      ),
    },
    {
      title: <Tooltip title="流程可以停在这里（如 已通过），不需要离开它的流转">结束</Tooltip>, width: 60,
      render: (_: unknown, s: ProcessState, i: number) => <Checkbox aria-label={`状态${i + 1}为结束状态`} checked={!!s.final} onChange={(e) => onChange(updateState(p, i, { final: e.target.checked || undefined }))} />,
    },
    { title: '', width: 60, render: (_: unknown, _s: ProcessState, i: number) => <Button type="link" danger onClick={() => onChange(removeState(p, i))}>删除</Button> },
  ];

  const transitionColumns = [
    { title: '名称', width: 110, render: (_: unknown, t: WorkflowTransition, i: number) => <Input aria-label={`流转${i + 1}名称`} value={t.label} placeholder="如 通过" onChange={(e) => onChange(updateTransition(p, i, { label: e.target.value }))} /> },
    { title: '编码', width: 100, render: (_: unknown, t: WorkflowTransition, i: number) => <Input aria-label={`流转${i + 1}编码`} value={t.name} onChange={(e) => onChange(updateTransition(p, i, { name: e.target.value.trim() }))} /> },
    {
      title: '起始状态', width: 170, render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Select aria-label={`流转${i + 1}起始状态`} mode="multiple" style={full} value={t.from} options={stateOptions} placeholder="从哪些状态" onChange={(from: string[]) => onChange(updateTransition(p, i, { from }))} />
      ),
    },
    {
      title: '目标状态', width: 120, render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Select aria-label={`流转${i + 1}目标状态`} style={full} value={t.to || undefined} options={stateOptions} placeholder="到哪个状态" onChange={(to: string) => onChange(updateTransition(p, i, { to }))} />
      ),
    },
    {
      title: <Tooltip title="持有这些角色的用户获得该按钮（添加到菜单、同步时授权）">可操作角色</Tooltip>, width: 170,
      render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Select aria-label={`流转${i + 1}可操作角色`} mode="multiple" style={full} value={p.roles?.[t.name] ?? []} options={roleOptions} optionFilterProp="label" placeholder="选择角色"
          onChange={(codes: string[]) => onChange(setRoles(p, t.name, codes))} />
      ),
    },
    {
      title: '意见', width: 90, render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Select aria-label={`流转${i + 1}意见`} style={full} value={t.opinion ?? 'none'} options={OPINIONS}
          onChange={(v: string) => onChange(updateTransition(p, i, { opinion: v === 'none' ? undefined : v as 'optional' | 'required' }))} />
      ),
    },
    {
      title: '通知', width: 170, render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Select aria-label={`流转${i + 1}通知`} mode="multiple" style={full} value={notifyValue(t)} options={notifyChoices(columns.filter((c) => c.name !== wf.field), roles)} optionFilterProp="label"
          placeholder="不通知" onChange={(v: string[]) => onChange(updateTransition(p, i, { notify: notifyOf(v) }))} />
      ),
    },
    {
      title: <Tooltip title="流转时写入表单字段：处理时间、处理人或意见">记录字段</Tooltip>, width: 170,
      render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Select aria-label={`流转${i + 1}记录字段`} mode="multiple" style={full} value={stampValue(t.stamp)} options={stampChoices(columns, wf.field)} optionFilterProp="label"
          placeholder="不记录" onChange={(v: string[]) => onChange(updateTransition(p, i, { stamp: stampOf(v) }))} />
      ),
    },
    {
      title: '确认提示', width: 130, render: (_: unknown, t: WorkflowTransition, i: number) => (
        <Input aria-label={`流转${i + 1}确认提示`} value={t.confirm ?? ''} placeholder={`确定${t.label || ''}吗？`} onChange={(e) => onChange(updateTransition(p, i, { confirm: e.target.value || undefined }))} />
      ),
    },
    { title: '批量', width: 50, render: (_: unknown, t: WorkflowTransition, i: number) => <Checkbox aria-label={`流转${i + 1}批量`} checked={!!t.batch} onChange={(e) => onChange(updateTransition(p, i, { batch: e.target.checked || undefined }))} /> },
    { title: '', width: 60, render: (_: unknown, _t: WorkflowTransition, i: number) => <Button type="link" danger onClick={() => onChange(removeTransition(p, i))}>删除</Button> },
  ];

  return (
    <div data-testid="process-tab">
      <ProblemList problems={problems} />
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col span={8}>
          <Space.Compact style={full}>
            <Typography.Text style={{ lineHeight: '32px', marginRight: 8, whiteSpace: 'nowrap' }}>状态字段</Typography.Text>
            <Select aria-label="状态字段" style={full} value={wf.field} options={stateFieldOptions} onChange={(field: string) => setWf({ field })} />
          </Space.Compact>
        </Col>
        <Col span={10}>
          <Space.Compact style={full}>
            <Typography.Text style={{ lineHeight: '32px', marginRight: 8, whiteSpace: 'nowrap' }}>通知中的记录名称</Typography.Text>
            <Select aria-label="记录标题字段" allowClear style={full} value={p.record?.title} placeholder="选择标题字段（如 专利名称）"
              options={stringColumns.map((c) => ({ value: c.name, label: c.label }))}
              onChange={(t?: string) => onChange({ ...p, record: t ? { noun: p.record?.noun || title.slice(0, 10) || '记录', title: t } : undefined })} />
          </Space.Compact>
        </Col>
        <Col span={6} style={{ textAlign: 'right' }}>
          <Button danger onClick={() => onChange(null)}>停用流程</Button>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={14}>
          <Typography.Title level={5}>状态</Typography.Title>
          <Table size="small" bordered rowKey="key" pagination={false} dataSource={p.states.map((s, i) => ({ ...s, key: `s${i}` }))} columns={stateColumns} />
          <Button style={{ margin: '8px 0 16px' }} onClick={() => onChange(addState(p))}>新增状态</Button>
        </Col>
        <Col span={10}>
          <Typography.Title level={5}>状态图</Typography.Title>
          <ProcessDiagram process={p} />
        </Col>
      </Row>
      <Typography.Title level={5}>流转</Typography.Title>
      <Table size="small" bordered rowKey="key" pagination={false} dataSource={wf.transitions.map((t, i) => ({ ...t, key: `t${i}` }))} columns={transitionColumns} scroll={{ x: 1300 }} />
      <Button style={{ marginTop: 8 }} onClick={() => onChange(addTransition(p))}>新增流转</Button>
    </div>
  );
}
