import { Button, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import MonitorFrame from './MonitorFrame';
import { useFigures } from './useFigures';

interface TraceEntry { time: number; method: string; path: string; route: string; status: number; durationMs: number; user: string | null; ip: string }
interface TraceFigures { capacity: number; kept: number; records: TraceEntry[] }
interface Filters { method?: string; status?: string; path?: string; user?: string; minMs?: number }

const statusColor = (s: number) => (s >= 500 ? 'red' : s >= 400 ? 'orange' : s >= 300 ? 'blue' : 'green');
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];

/** 请求追踪: the last 1,000 API requests of this server, filtered by method, status, path, user and duration. */
export default function HttpTrace() {
  const [filters, setFilters] = useState<Filters>({});
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  const { data, frame } = useFigures<TraceFigures>('/sys/monitor/trace', { params, refreshDeps: [JSON.stringify(params)] });
  return (
    <MonitorFrame title="请求追踪" {...frame}>
      <Form layout="inline" onFinish={(v: Filters) => setFilters(v)} style={{ marginBottom: 16 }}>
        <Form.Item name="method" label="方法"><Select allowClear style={{ width: 110 }} options={METHODS.map((m) => ({ value: m, label: m }))} /></Form.Item>
        <Form.Item name="status" label="状态"><Select allowClear style={{ width: 110 }} options={['2xx', '3xx', '4xx', '5xx'].map((s) => ({ value: s, label: s }))} /></Form.Item>
        <Form.Item name="path" label="路径"><Input allowClear placeholder="包含" style={{ width: 200 }} /></Form.Item>
        <Form.Item name="user" label="用户"><Input allowClear style={{ width: 120 }} /></Form.Item>
        <Form.Item name="minMs" label="耗时≥"><InputNumber min={0} addonAfter="ms" style={{ width: 130 }} /></Form.Item>
        <Space><Button type="primary" htmlType="submit">查询</Button><Button htmlType="reset" onClick={() => setFilters({})}>重置</Button></Space>
      </Form>
      <Typography.Paragraph type="secondary">
        保留最近 {data?.capacity ?? 1000} 个请求（当前 {data?.kept ?? 0} 个），符合条件 {data?.records.length ?? 0} 个；不记录请求体、令牌和密码。
      </Typography.Paragraph>
      <Table<TraceEntry>
        rowKey={(r) => `${r.time}-${r.method}-${r.path}-${r.durationMs}`} size="small" dataSource={data?.records ?? []}
        pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100], showTotal: (t, [a, b]) => `${a}-${b} 共${t}条` }}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170, render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm:ss') },
          { title: '方法', dataIndex: 'method', width: 80, render: (m: string) => <Tag>{m}</Tag> },
          { title: '路径', dataIndex: 'path', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 80, render: (s: number) => <Tag color={statusColor(s)}>{s}</Tag> },
          { title: '耗时(ms)', dataIndex: 'durationMs', width: 100, sorter: (a, b) => a.durationMs - b.durationMs },
          { title: '用户', dataIndex: 'user', width: 110, render: (u: string | null) => u ?? '-' },
          { title: 'IP', dataIndex: 'ip', width: 130 },
        ]}
      />
    </MonitorFrame>
  );
}
