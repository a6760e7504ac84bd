import { Card, Col, Progress, Row, Statistic, Tag } from 'antd';
import { useMemo } from 'react';
import G2Chart from '../online/graphreport/G2Chart';
import { bytes, duration, percent } from '../monitor/format';
import { memorySeries, type RuntimeSample } from '../monitor/JvmInfo';
import MonitorFrame from '../monitor/MonitorFrame';
import { perSecondSeries } from '../monitor/TomcatInfo';
import { useFigures } from '../monitor/useFigures';
import { lineSpec } from './charts';
import FigureCard from './FigureCard';
import { firstHeld, useMenuPaths } from './useMenuPaths';

interface Summary {
  http: { total: number; perSecond: number; statusMix: Record<string, number>; lastMinute: { second: number; count: number }[]; connections: number };
  runtime: { uptimeSeconds: number; memory: { heapUsedMb: number; rssMb: number }; eventLoopDelay: { p99Ms: number }; cpuPercent: number; history: RuntimeSample[] };
  system: { loadAverage: number[]; cpuCount: number; memory: { total: number; used: number }; database: { kind: string; version: string; sizeBytes: number } };
  disk: { mount: string; size: number; used: number; usage: number }[];
  redis: { configured: boolean; reachable?: boolean; dbSize?: number; usedMemory?: number; message?: string };
}

/** 监控看板 (SPEC §2 monitor dashboard): the monitoring summary, each figure a link to its monitor page. */
export default function Monitor() {
  const { data, frame } = useFigures<Summary>('/sys/monitor/summary');
  const paths = useMenuPaths();
  const link = (p: string) => firstHeld(paths, [p]);
  const rps = useMemo(() => lineSpec(perSecondSeries(data?.http.lastMinute ?? []), 'time', 'count', { yTitle: '请求数', area: true }), [data]);
  const mem = useMemo(() => lineSpec(memorySeries(data?.runtime.history ?? []), 'time', 'mb', { color: 'measure', yTitle: 'MB' }), [data]);
  const errors = (data?.http.statusMix['5xx'] ?? 0);
  return (
    <MonitorFrame title="监控看板" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}><FigureCard testId="rps" title="每秒请求" value={data.http.perSecond} to={link('/monitor/tomcatInfo')} footer={<span>总计 {data.http.total}，5xx {errors}</span>} /></Col>
          <Col xs={12} md={6}><FigureCard testId="heap" title="堆已用 (MB)" value={data.runtime.memory.heapUsedMb} to={link('/monitor/jvmInfo')} footer={<span>事件循环 p99 {data.runtime.eventLoopDelay.p99Ms} ms</span>} /></Col>
          <Col xs={12} md={6}><FigureCard testId="load" title="1 分钟负载" value={data.system.loadAverage[0]} to={link('/monitor/systemInfo')} footer={<span>{data.system.cpuCount} 核，内存 {percent(data.system.memory.used, data.system.memory.total)}%</span>} /></Col>
          <Col xs={12} md={6}><FigureCard testId="db" title={`数据库 ${data.system.database.kind}`} value={bytes(data.system.database.sizeBytes)} to={link('/monitor/systemInfo')} footer={<span>运行 {duration(data.runtime.uptimeSeconds)}</span>} /></Col>
          <Col xs={24} lg={12}><Card size="small" title="每秒请求数（最近 60 秒）"><G2Chart spec={rps} height={220} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="内存（最近 10 分钟）"><G2Chart spec={mem} height={220} /></Card></Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="磁盘">
              {data.disk.map((d) => <div key={d.mount}>{d.mount}（{bytes(d.used)} / {bytes(d.size)}）<Progress aria-label={`${d.mount} 磁盘使用率`} percent={d.usage} size="small" /></div>)}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title="Redis">
              {!data.redis.configured ? <Tag>未配置</Tag> : data.redis.reachable === false ? <Tag color="red">{data.redis.message}</Tag> : (
                <Row><Col span={12}><Statistic title="键总数" value={data.redis.dbSize} /></Col><Col span={12}><Statistic title="已用内存" value={bytes(data.redis.usedMemory)} /></Col></Row>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
