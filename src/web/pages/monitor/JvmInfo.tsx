import { Card, Col, Descriptions, Row, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import G2Chart from '../online/graphreport/G2Chart';
import { lineSpec } from '../dashboard/charts';
import { duration } from './format';
import MonitorFrame from './MonitorFrame';
import { useFigures } from './useFigures';

export interface RuntimeSample { time: number; heapUsedMb: number; rssMb: number; loopDelayP99Ms: number; cpuPercent: number }
interface RuntimeFigures {
  pid: number; uptimeSeconds: number; startTime: number; cpuPercent: number; activeResources: number;
  versions: Record<string, string>;
  memory: { rssMb: number; heapTotalMb: number; heapUsedMb: number; heapLimitMb: number; externalMb: number; arrayBuffersMb: number };
  eventLoopDelay: { minMs: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number };
  gc: { kind: string; count: number; totalMs: number; maxMs: number }[];
  history: RuntimeSample[];
}

const GC_TEXT: Record<string, string> = { minor: '新生代 (Scavenge)', major: '老生代 (Mark-Sweep)', incremental: '增量标记', weakcb: '弱引用回调', other: '其他' };

/** Memory of the history as one series per measure, for a line chart. */
export function memorySeries(history: RuntimeSample[]) {
  return history.flatMap((h) => [
    { time: dayjs(h.time).format('HH:mm:ss'), measure: '堆已用', mb: h.heapUsedMb },
    { time: dayjs(h.time).format('HH:mm:ss'), measure: '常驻内存 RSS', mb: h.rssMb },
  ]);
}

/** The runtime page in place of JVM信息: this Node process's memory, event-loop delay, GC, uptime and versions. */
export default function JvmInfo() {
  const { data, frame } = useFigures<RuntimeFigures>('/sys/monitor/runtime');
  const memory = useMemo(() => lineSpec(memorySeries(data?.history ?? []), 'time', 'mb', { color: 'measure', yTitle: 'MB' }), [data]);
  const delay = useMemo(() => lineSpec((data?.history ?? []).map((h) => ({ time: dayjs(h.time).format('HH:mm:ss'), ms: h.loopDelayP99Ms })), 'time', 'ms', { yTitle: 'ms', area: true }), [data]);
  return (
    <MonitorFrame title="运行时信息（Node.js）" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          {[
            ['堆已用', data.memory.heapUsedMb, 'MB'], ['堆上限', data.memory.heapLimitMb, 'MB'], ['常驻内存 RSS', data.memory.rssMb, 'MB'],
            ['事件循环延迟 p99', data.eventLoopDelay.p99Ms, 'ms'], ['CPU', data.cpuPercent, '%'],
          ].map(([t, v, s]) => (
            <Col key={t as string} xs={12} md={8} xl={4}><Card size="small"><Statistic title={t} value={v as number} suffix={s} /></Card></Col>
          ))}
          <Col xs={12} md={8} xl={4}><Card size="small"><Statistic title="运行时长" value={duration(data.uptimeSeconds)} valueStyle={{ fontSize: 18 }} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="内存（最近 10 分钟）"><G2Chart spec={memory} height={240} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="事件循环延迟 p99（最近 10 分钟）"><G2Chart spec={delay} height={240} /></Card></Col>
          <Col xs={24} lg={12}>
            <Descriptions bordered size="small" column={1} title="进程">
              <Descriptions.Item label="进程号">{data.pid}</Descriptions.Item>
              <Descriptions.Item label="启动时间">{dayjs(data.startTime).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
              {Object.entries(data.versions).map(([k, v]) => <Descriptions.Item key={k} label={`${k} 版本`}>{v}</Descriptions.Item>)}
              <Descriptions.Item label="堆总量 / 外部内存">{data.memory.heapTotalMb} MB / {data.memory.externalMb} MB</Descriptions.Item>
              <Descriptions.Item label="事件循环延迟 最小/平均/p50/最大">
                {data.eventLoopDelay.minMs} / {data.eventLoopDelay.meanMs} / {data.eventLoopDelay.p50Ms} / {data.eventLoopDelay.maxMs} ms
              </Descriptions.Item>
              <Descriptions.Item label="活动资源">{data.activeResources}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={24} lg={12}>
            <Table
              title={() => '垃圾回收（自启动）'} rowKey="kind" size="small" pagination={false} dataSource={data.gc}
              columns={[
                { title: '类型', dataIndex: 'kind', render: (k: string) => GC_TEXT[k] ?? k },
                { title: '次数', dataIndex: 'count' },
                { title: '总耗时(ms)', dataIndex: 'totalMs' },
                { title: '最长停顿(ms)', dataIndex: 'maxMs' },
              ]}
            />
          </Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
