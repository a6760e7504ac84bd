import { Alert, Button, Drawer, Select, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { PanelProps } from '../../renderer/panels';
import { saveBlob } from '../../renderer/exportFile';
import { assessResultsApi, type AssessResultRow } from './api';

/**
 * 考核结果 (考核计划, one plan): every assessee's weighted total as the submitted sheets stand, the
 * grade by the plan's lines and the rank within the department, one department or all, exported to
 * xlsx. Ending the plan writes these onto 考核实例, where assessees read their own.
 */
export default function AssessResults({ row, open, onClose }: PanelProps) {
  const planId = String(row?.id ?? '');
  const [data, setData] = useState<{ state: string; taskProgress: string | null; rows: AssessResultRow[] }>();
  const [depart, setDepart] = useState<string>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !planId) return;
    void assessResultsApi.list(planId).then((res) => {
      if (res.success) setData(res.result);
      else setProblem(res.message);
    }).catch(() => undefined);
  }, [open, planId]);

  const rows = data?.rows ?? [];
  const departs = [...new Map(rows.map((r) => [r.departId ?? '', r.departName || '（无部门）'])).entries()].map(([value, label]) => ({ value, label }));
  const shown = rows.filter((r) => depart === undefined || (r.departId ?? '') === depart);

  const exportXls = async () => {
    setBusy(true);
    try {
      saveBlob(await assessResultsApi.exportXls(planId), `${String(row?.name ?? '考核')}考核结果.xlsx`);
    } catch { /* the request layer has shown why */ } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<AssessResultRow> = [
    { title: '部门', dataIndex: 'departName', width: 140 },
    { title: '部门排名', dataIndex: 'rank', width: 90 },
    { title: '姓名', dataIndex: 'realname', width: 120 },
    { title: '综合得分', dataIndex: 'total', width: 100 },
    { title: '等级', dataIndex: 'gradeText', width: 80 },
    { title: '已提交评分', dataIndex: 'sheets', width: 100 },
    { title: '权重说明', dataIndex: 'weightNote' },
  ];

  return (
    <Drawer
      title={`考核结果：${String(row?.name ?? '')}`} width={1000} open={open} onClose={() => onClose()} destroyOnHidden
      extra={<Button onClick={exportXls} loading={busy} disabled={!rows.length}>导出结果</Button>}
    >
      {problem ? <Alert type="error" showIcon message={problem} /> : !data ? <Skeleton active /> : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} className="assess-results">
          <Alert type="info" showIcon message={data.state === 'running'
            ? `考核进行中（评分进度 ${data.taskProgress ?? '—'}），以下按当前已提交的评分计算`
            : '考核已结束：以下为最终结果，被考核人可在「考核实例」中查看自己的结果'} />
          <Select allowClear placeholder="全部部门" aria-label="部门" style={{ width: 220 }} options={departs} value={depart} onChange={setDepart} />
          <Table rowKey="assessee" size="small" columns={columns} dataSource={shown} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
        </Space>
      )}
    </Drawer>
  );
}
