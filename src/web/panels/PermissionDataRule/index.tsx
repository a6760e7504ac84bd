import { Alert, AutoComplete, Button, Drawer, Form, Input, Modal, Popconfirm, Radio, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { columnFields } from '../../../schema/ddl';
import type { PanelProps } from '../../renderer/panels';
import { schemaApi } from '../../renderer/api';
import { useDictOptions } from '../../widgets/dict/useDictOptions';
import { useServerCall } from '../useServerCall';
import { dataRuleApi, RULE_VARIABLE_HINTS, SQL_RULES, type DataRule, type DataRuleInput } from './api';

const STATUS_TEXT: Record<string, string> = { 1: '有效', 0: '无效' };
const VALUE_HELP = `可用系统变量：${RULE_VARIABLE_HINTS.map((v) => `${v.value}（${v.label}）`).join('、')}；“包含”用逗号分隔多个值`;

interface Option { label: string; value: string }

/** The columns a rule may name: the readable columns of the page the menu draws (the server checks again). */
function useRuleColumns(component: string): { columns: Option[]; problem: string | null } {
  const [columns, setColumns] = useState<Option[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!component) { setProblem('该菜单没有前端组件，不能配置数据规则'); return undefined; }
    schemaApi.byComponent(component).then((res) => {
      if (!live) return;
      if (!res.success) { setProblem('该菜单没有对应的页面配置，不能配置数据规则'); return; }
      // The page's own fields first, then the system columns (创建人, 所属部门…).
      const fields = columnFields(res.result).filter((f) => !f.sensitive);
      const own = new Set(res.result.fields.map((f) => f.name));
      const ordered = [...fields.filter((f) => own.has(f.name)), ...fields.filter((f) => !own.has(f.name))];
      setColumns(ordered.map((f) => ({ label: `${f.label}（${f.name}）`, value: f.name })));
    }).catch(() => undefined);
    return () => { live = false; };
  }, [component]);
  return { columns, problem };
}

function RuleForm({ permissionId, rule, columns, conditions, onDone, onCancel }: {
  permissionId: string;
  rule: DataRule | null;
  columns: Option[];
  conditions: Option[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<DataRuleInput>();
  const { send, busy, problem } = useServerCall();
  const submit = async () => {
    const values = await form.validateFields();
    const body: DataRuleInput = { ...values, permissionId, ...(rule ? { id: rule.id } : {}) };
    if (await send(() => (rule ? dataRuleApi.edit(body) : dataRuleApi.add(body)))) onDone();
  };
  return (
    <Modal open title={rule ? '编辑数据规则' : '新增数据规则'} width={640} okText="保存" confirmLoading={busy} onOk={() => void submit().catch(() => undefined)} onCancel={onCancel} destroyOnHidden>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }} initialValues={rule ?? { status: '1', ruleConditions: '=' }}>
        <Form.Item name="ruleName" label="规则名称" rules={[{ required: true, whitespace: true, message: '请输入规则名称' }, { max: 50 }]}>
          <Input placeholder="请输入规则名称" />
        </Form.Item>
        <Form.Item name="ruleColumn" label="规则字段" rules={[{ required: true, message: '请选择规则字段' }]}>
          <Select showSearch optionFilterProp="label" options={columns} placeholder="请选择页面的字段" />
        </Form.Item>
        <Form.Item name="ruleConditions" label="条件规则" rules={[{ required: true, message: '请选择条件规则' }]}>
          <Select
            options={conditions.map((c) => (c.value === SQL_RULES ? { ...c, label: `${c.label}（不支持）`, disabled: true } : c))}
            placeholder="请选择条件规则"
          />
        </Form.Item>
        <Form.Item name="ruleValue" label="规则值" extra={VALUE_HELP} rules={[{ required: true, whitespace: true, message: '请输入规则值' }, { max: 300 }]}>
          <AutoComplete options={RULE_VARIABLE_HINTS.map((v) => ({ value: v.value, label: `${v.value} ${v.label}` }))} placeholder="请输入规则值" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={[{ label: '有效', value: '1' }, { label: '无效', value: '0' }]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A menu's data rules (菜单管理 › 数据规则, JeecgBoot PermissionDataRuleList): list, search, add,
 * edit and delete. Which role a rule binds is ticked in 角色管理 › 授权.
 */
export default function PermissionDataRule({ row, open, onClose }: PanelProps) {
  const permissionId = String(row?.id ?? '');
  const { columns, problem: pageProblem } = useRuleColumns(String(row?.component ?? ''));
  const conditions = useDictOptions({ code: 'rule_conditions' });
  const { send, problem, setProblem } = useServerCall();
  const [rules, setRules] = useState<DataRule[]>([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState({ ruleName: '', ruleValue: '' });
  const [editing, setEditing] = useState<DataRule | 'new' | null>(null);

  const load = useCallback(async (q = query) => {
    setLoading(true);
    try {
      const res = q.ruleName || q.ruleValue ? await dataRuleApi.search(permissionId, q) : await dataRuleApi.list(permissionId);
      if (res.success) setRules(res.result);
      else setProblem(res.message);
    } catch {
      // the request layer has shown why
    } finally {
      setLoading(false);
    }
  }, [permissionId, query, setProblem]);

  useEffect(() => { void load(); }, [permissionId]); // eslint-disable-line react-hooks/exhaustive-deps

  const columnText = useMemo(() => new Map(columns.map((c) => [c.value, c.label])), [columns]);
  const conditionText = useMemo(() => new Map(conditions.map((c) => [c.value, c.label])), [conditions]);

  const remove = async (id: string) => {
    if (await send(() => dataRuleApi.remove(id))) void load();
  };

  const tableColumns: TableColumnsType<DataRule> = [
    { key: 'ruleName', dataIndex: 'ruleName', title: '规则名称' },
    { key: 'ruleColumn', title: '规则字段', render: (_, r) => columnText.get(r.ruleColumn) ?? r.ruleColumn },
    { key: 'ruleConditions', title: '条件规则', render: (_, r) => conditionText.get(r.ruleConditions) ?? r.ruleConditions },
    { key: 'ruleValue', dataIndex: 'ruleValue', title: '规则值' },
    { key: 'status', title: '状态', render: (_, r) => <Tag color={r.status === '1' ? 'green' : 'default'}>{STATUS_TEXT[r.status] ?? r.status}</Tag> },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (_, r) => (
        <Space>
          <a onClick={() => setEditing(r)}>编辑</a>
          <Popconfirm title="确定删除吗?" onConfirm={() => remove(r.id)}><a>删除</a></Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Drawer open={open} width={900} title={`数据规则 - ${String(row?.name ?? '')}`} onClose={() => onClose(false)} destroyOnHidden>
      {pageProblem && <Alert type="warning" showIcon message={pageProblem} style={{ marginBottom: 12 }} />}
      {problem && <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} style={{ marginBottom: 12 }} />}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input placeholder="规则名称" aria-label="规则名称" value={query.ruleName} onChange={(e) => setQuery({ ...query, ruleName: e.target.value })} allowClear />
        <Input placeholder="规则值" aria-label="规则值" value={query.ruleValue} onChange={(e) => setQuery({ ...query, ruleValue: e.target.value })} allowClear />
        <Button type="primary" onClick={() => void load()}>查询</Button>
        <Button onClick={() => { const empty = { ruleName: '', ruleValue: '' }; setQuery(empty); void load(empty); }}>重置</Button>
        <Button type="primary" disabled={!!pageProblem} onClick={() => setEditing('new')}>新增</Button>
      </Space>
      <Table<DataRule> rowKey="id" size="middle" bordered loading={loading} columns={tableColumns} dataSource={rules} pagination={false} />
      {editing && (
        <RuleForm
          permissionId={permissionId}
          rule={editing === 'new' ? null : editing}
          columns={columns}
          conditions={conditions}
          onCancel={() => setEditing(null)}
          onDone={() => { setEditing(null); void load(); }}
        />
      )}
    </Drawer>
  );
}
