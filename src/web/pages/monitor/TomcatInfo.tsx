import { Card, Col, Row, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import G2Chart from '../online/graphreport/G2Chart';
import { lineSpec, pieSpec } from '../dashboard/charts';
import { duration } from './format';
import MonitorFrame from './MonitorFrame';
import { useFigures } from './useFigures';

interface RouteRow { route: string; count: number; meanMs: number; maxMs: number; errors: number }
export interface HttpFigures {
  total: number; inFlight: number; peakInFlight: number; perSecond: number; connections: number; liveSockets: number; uptimeSeconds: number;
  lastMinute: { second: number; count: number }[];
  statusMix: Record<string, number>;
  slowest: RouteRow[];
  busiest: RouteRow[];
}

export const perSecondSeries = (lastMinute: HttpFigures['lastMinute']) => lastMinute.map((s) => ({ time: dayjs(s.second).format('HH:mm:ss'), count: s.count }));

const routeColumns = [
  { title: '路由', dataIndex: 'route', ellipsis: true },
  { title: '次数', dataIndex: 'count', width: 80 },
  { title: '平均(ms)', dataIndex: 'meanMs', width: 100 },
  { title: '最慢(ms)', dataIndex: 'maxMs', width: 100 },
  { title: '5xx', dataIndex: 'errors', width: 60 },
];

/** The HTTP server page in place of Tomcat信息: connections, requests per second, status mix, slowest and busiest routes. */
export default function TomcatInfo() {
  const { data, frame } = useFigures<HttpFigures>('/sys/monitor/http');
  const rps = useMemo(() => lineSpec(perSecondSeries(data?.lastMinute ?? []), 'time', 'count', { yTitle: '请求数', area: true }), [data]);
  const mix = useMemo(() => pieSpec(Object.entries(data?.statusMix ?? {}).filter(([, n]) => n > 0).map(([status, count]) => ({ status, count })), 'status', 'count'), [data]);
  return (
    <MonitorFrame title="HTTP 服务信息" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          {[
            ['当前连接', data.connections], ['处理中请求', data.inFlight], ['处理中峰值', data.peakInFlight],
            ['每秒请求(近 1 分钟)', data.perSecond], ['请求总数', data.total], ['实时消息连接', data.liveSockets],
          ].map(([t, v]) => <Col key={t} xs={12} md={8} xl={4}><Card size="small"><Statistic title={t} value={v} /></Card></Col>)}
          <Col xs={24} lg={16}><Card size="small" title="每秒请求数（最近 60 秒）"><G2Chart spec={rps} height={240} /></Card></Col>
          <Col xs={24} lg={8}><Card size="small" title="响应状态分布"><G2Chart spec={mix} height={240} /></Card></Col>
          <Col xs={24} lg={12}><Table<RouteRow> title={() => '最慢的路由'} rowKey="route" size="small" pagination={false} dataSource={data.slowest} columns={routeColumns} /></Col>
          <Col xs={24} lg={12}><Table<RouteRow> title={() => '最忙的路由'} rowKey="route" size="small" pagination={false} dataSource={data.busiest} columns={routeColumns} /></Col>
          <Col span={24}>运行时长：{duration(data.uptimeSeconds)}</Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
