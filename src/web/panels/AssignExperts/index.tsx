import { Alert, Button, Drawer, Popconfirm, Select, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Result } from '../../api/request';
import { useActionKeys } from '../../api/idempotency';
import type { PanelProps } from '../../renderer/panels';
import { useServerCall } from '../useServerCall';
import { assignApi, suggest, type AssignedSheet, type ExpertLoad, type ProjectExperts } from './api';

const STATE: Record<string, [string, string]> = { pending: ['待评', 'default'], draft: ['已保存', 'processing'], submitted: ['已提交', 'success'] };

const expertLabel = (e: ExpertLoad) => `${e.realname}（${e.username}${e.orgs.length ? ` · ${e.orgs.join('、')}` : ''}）已分配${e.load}个${e.avoid ? ' · 本单位需回避' : ''}`;

/**
 * 分配专家 (全部项目, one passed project): its experts and their progress, experts added by hand
 * (those of the project's own organisation cannot be chosen; 推荐 picks the least loaded), and an
 * unsubmitted sheet moved to another expert or removed. The server checks all of it again.
 */
export default function AssignExperts({ row, open, onClose }: PanelProps) {
  const projectId = String(row?.id ?? '');
  const [data, setData] = useState<ProjectExperts>();
  const [chosen, setChosen] = useState<string[]>([]);
  const { send, busy, problem, setProblem } = useServerCall();
  const [changed, setChanged] = useState(false);

  const load = useCallback(async () => {
    try {
      const res = await assignApi.load(projectId);
      if (res.success) setData(res.result);
      else setProblem(res.message);
    } catch { /* the request layer has shown why */ }
  }, [projectId, setProblem]);

  useEffect(() => { if (open && projectId) void load(); }, [open, projectId, load]);

  // One idempotency key per change sent (a second click on 分配, a retry after an error, sends it once).
  const actionKeys = useActionKeys();
  /** Sends one change, then reloads the project's experts; true when the server agreed. */
  const change = async (call: (key: string) => Promise<Result<unknown>>, sent: unknown): Promise<boolean> => {
    if (!(await send(() => call(actionKeys.for(sent))))) return false;
    actionKeys.done(sent);
    setChanged(true);
    await load();
    return true;
  };

  const taken = new Set(data?.assigned.map((a) => a.expert));
  const options = (data?.experts ?? []).filter((e) => !taken.has(e.username))
    .map((e) => ({ value: e.username, label: expertLabel(e), disabled: e.avoid }));

  const assign = async () => {
    if (!chosen.length) { setProblem('请选择评审专家'); return; }
    if (await change((key) => assignApi.assign(projectId, chosen, { key }), ['assign', projectId, chosen])) setChosen([]);
  };

  const columns: TableColumnsType<AssignedSheet> = [
    { title: '评审专家', key: 'expert', render: (_, a) => `${a.realname}（${a.expert}）` },
    { title: '评分状态', key: 'state', width: 100, render: (_, a) => <Tag color={STATE[a.state]?.[1]}>{STATE[a.state]?.[0] ?? a.state}</Tag> },
    { title: '总分', dataIndex: 'total', width: 80, render: (v: number | null) => v ?? '—' },
    {
      title: '操作', key: 'ops', width: 260,
      render: (_, a) => (a.state === 'submitted' ? <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>已提交，不能更换</span> : (
        <Space>
          <Select
            size="small" style={{ width: 150 }} placeholder="更换为…" aria-label={`更换${a.expert}`} disabled={busy}
            options={options.map((o) => ({ ...o, label: o.label.split('（')[0] }))} value={null}
            onChange={(v: string) => void change((key) => assignApi.reassign(a.id, v, { key }), ['reassign', a.id, v])}
          />
          <Popconfirm title={`移除 ${a.realname} 的评分任务吗？`} onConfirm={() => change((key) => assignApi.remove(a.id, { key }), ['remove', a.id])}>
            <Button size="small" danger disabled={busy}>移除</Button>
          </Popconfirm>
        </Space>
      )),
    },
  ];

  const done = data?.assigned.filter((a) => a.state === 'submitted').length ?? 0;

  return (
    <Drawer title={`分配专家：${data?.project.name ?? ''}`} width={820} open={open} onClose={() => onClose(changed)} destroyOnHidden>
      {!data ? (problem ? <Alert type="error" showIcon message={problem} /> : <Skeleton active />) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} className="assign-experts">
          <Alert
            type={data.assigned.length >= data.expertsPerProject ? 'success' : 'info'} showIcon
            message={`申报单位：${data.project.orgName}　每个项目${data.expertsPerProject}位专家，已分配${data.assigned.length}位，已评${done}份，待评${data.assigned.length - done}份`}
          />
          <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={data.assigned} locale={{ emptyText: '尚未分配专家' }} />
          <Space.Compact style={{ width: '100%' }}>
            <Select
              mode="multiple" style={{ width: '100%' }} placeholder="选择评审专家（本单位专家需回避）" aria-label="选择评审专家"
              options={options} value={chosen} onChange={setChosen} optionFilterProp="label"
            />
            <Button onClick={() => { setProblem(null); setChosen(suggest(data)); }}>推荐</Button>
            <Button type="primary" onClick={assign} loading={busy}>分配</Button>
          </Space.Compact>
          {problem && <Alert type="error" showIcon message={problem} className="assign-problem" />}
        </Space>
      )}
    </Drawer>
  );
}
