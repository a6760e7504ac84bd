import { Alert, Button, Checkbox, Select, Space, Table } from 'antd';
import type { ProcessDesign } from '../../../schema/cgform-process';
import type { Reach, RowRule } from '../../../schema/row-rules';
import { ColumnSelect, TableSelect } from './pickers';
import { ProblemList, useProblems } from './ProcessTab';
import { updateRule, type RoleOption } from './process-model';

interface Props {
  value: ProcessDesign | null;
  onChange: (p: ProcessDesign) => void;
  roles: RoleOption[] | null;
}

const REACH_OPTIONS: { value: Reach; label: string }[] = [{ value: 'read', label: '查看' }, { value: 'transition', label: '流转' }, { value: 'write', label: '修改' }];
const full = { width: '100%' };
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * 数据权限: per role, the rows it reaches — its own, its department's, the rows a user field or a
 * relation table names it in, rows in chosen states — and what it may do with them. A role without
 * a rule, and the administrator, reach every row.
 */
export function RowRulesTab({ value: p, onChange, roles: known }: Props) {
  const { columns, problems } = useProblems(p, known, '数据权限');
  const roles = known ?? [];
  if (!p) return <Alert type="info" showIcon message="数据权限随流程一起保存：请先在“流程”页启用流程。" />;
  const rules = p.rowRules ?? [];
  const set = (at: number, change: Partial<RowRule>) => onChange(updateRule(p, at, change));
  const roleOptions = roles.filter((r) => r.roleCode !== 'admin').map((r) => ({ value: r.roleCode, label: `${r.roleName}（${r.roleCode}）` }));
  const stateOptions = p.states.map((s) => ({ value: s.value, label: s.label || s.value }));
  const userFields = columns.filter((c) => c.type === 'string' && c.name !== p.workflow.field).map((c) => ({ value: c.name, label: c.label }));
  const cols = [
    { title: '角色', width: 170, render: (_: unknown, r: RowRule, i: number) => <Select aria-label={`规则${i + 1}角色`} style={full} value={r.role || undefined} options={roleOptions} placeholder="选择角色" optionFilterProp="label" showSearch onChange={(role: string) => set(i, { role })} /> },
    { title: '本人创建', width: 80, render: (_: unknown, r: RowRule, i: number) => <Checkbox aria-label={`规则${i + 1}本人创建`} checked={!!r.own} onChange={(e) => set(i, { own: e.target.checked || undefined })} /> },
    { title: '本部门', width: 70, render: (_: unknown, r: RowRule, i: number) => <Checkbox aria-label={`规则${i + 1}本部门`} checked={!!r.department} onChange={(e) => set(i, { department: e.target.checked || undefined })} /> },
    { title: '用户字段', width: 140, render: (_: unknown, r: RowRule, i: number) => <Select aria-label={`规则${i + 1}用户字段`} allowClear style={full} value={r.field} options={userFields} placeholder="字段中是本人" onChange={(field?: string) => set(i, { field })} /> },
    {
      title: '关联表', width: 320, render: (_: unknown, r: RowRule, i: number) => (
        <Space.Compact style={full}>
          <TableSelect aria-label={`规则${i + 1}关联表`} value={r.via?.table} placeholder="关联表" onChange={(table) => set(i, { via: table ? { table, row: '', user: '' } : undefined })} />
          {r.via && <ColumnSelect aria-label={`规则${i + 1}关联表数据列`} table={r.via.table} value={r.via.row ? snake(r.via.row) : undefined} placeholder="存本表id的列" onChange={(c) => set(i, { via: { ...r.via!, row: camel(c) } })} />}
          {r.via && <ColumnSelect aria-label={`规则${i + 1}关联表用户列`} table={r.via.table} value={r.via.user ? snake(r.via.user) : undefined} placeholder="存用户账号的列" onChange={(c) => set(i, { via: { ...r.via!, user: camel(c) } })} />}
        </Space.Compact>
      ),
    },
    { title: '状态', width: 200, render: (_: unknown, r: RowRule, i: number) => <Select aria-label={`规则${i + 1}状态`} mode="multiple" style={full} value={r.states ?? []} options={stateOptions} placeholder="处于这些状态" onChange={(states: string[]) => set(i, { states })} /> },
    {
      title: '可以', width: 170, render: (_: unknown, r: RowRule, i: number) => (
        <Checkbox.Group aria-label={`规则${i + 1}可以`} options={REACH_OPTIONS} value={r.reach ?? ['read', 'transition', 'write']}
          onChange={(v) => set(i, { reach: v.length === 3 ? undefined : v as Reach[] })} />
      ),
    },
    { title: '', width: 60, render: (_: unknown, _r: RowRule, i: number) => <Button type="link" danger onClick={() => onChange({ ...p, rowRules: rules.filter((_x, j) => j !== i) })}>删除</Button> },
  ];
  return (
    <div data-testid="row-rules-tab">
      <ProblemList problems={problems} />
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="一条规则中勾选的条件须同时满足；同一角色的多条规则满足其一即可。没有规则的角色和管理员可见全部数据。" />
      <Table size="small" bordered rowKey="key" pagination={false} dataSource={rules.map((r, i) => ({ ...r, key: `r${i}` }))} columns={cols} scroll={{ x: 1200 }} />
      <Button style={{ marginTop: 8 }} onClick={() => onChange({ ...p, rowRules: [...rules, { role: '' }] })}>新增规则</Button>
    </div>
  );
}
