import { Alert, Button, Divider, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../api/request';
import type { PanelProps } from '../../renderer/panels';

/** One run of a scheduled job, as GET /sys/quartzJob/runs lists it. */
export interface JobRunRow {
  id: string;
  triggerType: 'cron' | 'manual';
  fireTime: string | null;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  status: 'running' | 'success' | 'failed';
  message: string | null;
  instance: string;
}

interface Page { records: JobRunRow[]; total: number }

const OUTCOME: Record<JobRunRow['status'], { text: string; color: string }> = {
  running: { text: '执行中', color: 'processing' },
  success: { text: '成功', color: 'success' },
  failed: { text: '失败', color: 'error' },
};

const PAGE_SIZE = 10;

/** 执行记录 under a 定时任务's detail: its runs, newest first, with outcome and message (10 a page). */
export default function QuartzJobRuns({ row }: PanelProps) {
  const id = String(row?.id ?? '');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page>();
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    if (!id) return;
    setLoading(true);
    void http.get<Page>('/sys/quartzJob/runs', { id, pageNo: page, pageSize: PAGE_SIZE }).then((res) => {
      if (res.success) { setData(res.result); setProblem(null); } else setProblem(res.message);
    }).catch(() => undefined).finally(() => setLoading(false));
  }, [id, page]);
  useEffect(load, [load]);

  const columns: TableColumnsType<JobRunRow> = [
    { title: '触发', dataIndex: 'triggerType', width: 80, render: (t: string) => (t === 'manual' ? '立即执行' : '定时') },
    { title: '开始时间', dataIndex: 'startTime', width: 160 },
    { title: '耗时', dataIndex: 'durationMs', width: 80, render: (ms: number | null) => (ms == null ? '' : `${ms} ms`) },
    { title: '结果', dataIndex: 'status', width: 80, render: (s: JobRunRow['status']) => <Tag color={OUTCOME[s]?.color}>{OUTCOME[s]?.text ?? s}</Tag> },
    { title: '消息', dataIndex: 'message', ellipsis: { showTitle: true } },
  ];

  return (
    <div className="quartz-job-runs">
      <Divider orientation="left">
        <Space>执行记录<Button size="small" type="link" onClick={load} loading={loading}>刷新</Button></Space>
      </Divider>
      {problem ? <Alert type="error" showIcon message={problem} /> : (
        <Table
          rowKey="id" size="small" columns={columns} dataSource={data?.records ?? []} loading={loading && !data}
          locale={{ emptyText: '暂无执行记录' }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, hideOnSinglePage: true, onChange: setPage, showSizeChanger: false }}
        />
      )}
    </div>
  );
}
