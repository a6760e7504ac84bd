import { Alert, Card, Col, Result, Row, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import G2Chart from '../online/graphreport/G2Chart';
import { lineSpec } from '../dashboard/charts';
import { bytes } from './format';
import MonitorFrame from './MonitorFrame';
import { useFigures } from './useFigures';

interface InfoItem { section: string; key: string; value: string; description: string }
type RedisFigures =
  | { configured: false }
  | { configured: true; reachable: false; message: string }
  | {
    configured: true; reachable: true; dbSize: number; usedMemory: number; connectedClients: number; opsPerSec: number;
    hits: number; misses: number; version: string; keyspace: { db: string; keys: number; expires: number }[]; items: InfoItem[];
  };

const KEEP = 60;

/** Redis监控: INFO and key counts when REDIS_URL is set, with keys and memory charted while the page is open; 未配置 otherwise. */
export default function RedisInfo() {
  const { data, frame } = useFigures<RedisFigures>('/sys/monitor/redis');
  const [points, setPoints] = useState<{ time: string; keys: number; memoryMb: number }[]>([]);
  useEffect(() => {
    if (data && 'dbSize' in data) {
      setPoints((p) => [...p, { time: dayjs().format('HH:mm:ss'), keys: data.dbSize, memoryMb: Math.round((data.usedMemory / 1048576) * 100) / 100 }].slice(-KEEP));
    }
  }, [data]);
  const keysSpec = useMemo(() => lineSpec(points, 'time', 'keys', { yTitle: '键数', area: true }), [points]);
  const memSpec = useMemo(() => lineSpec(points, 'time', 'memoryMb', { yTitle: 'MB', area: true }), [points]);

  if (data && !data.configured) {
    return (
      <MonitorFrame title="Redis监控" {...frame}>
        <Result status="info" title="未配置 Redis" subTitle="本实例未设置环境变量 REDIS_URL：实时消息只在本实例内推送。设置后重启服务，这里将显示 Redis 的运行信息。" />
      </MonitorFrame>
    );
  }
  return (
    <MonitorFrame title="Redis监控" {...frame}>
      {data && 'message' in data && <Alert type="error" showIcon message={data.message} />}
      {data && 'dbSize' in data && (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}><Card size="small"><Statistic title="键总数" value={data.dbSize} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic title="已用内存" value={bytes(data.usedMemory)} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic title="客户端连接" value={data.connectedClients} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic title="每秒命令" value={data.opsPerSec} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="键数"><G2Chart spec={keysSpec} height={220} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="内存"><G2Chart spec={memSpec} height={220} /></Card></Col>
          <Col span={24}>
            <Typography.Text type="secondary">Redis {data.version}，命中率 {data.hits + data.misses ? Math.round((data.hits / (data.hits + data.misses)) * 1000) / 10 : 0}%</Typography.Text>
            <Table rowKey="db" size="small" pagination={false} dataSource={data.keyspace} style={{ marginTop: 8 }}
              columns={[{ title: '数据库', dataIndex: 'db' }, { title: '键数', dataIndex: 'keys' }, { title: '设置了过期的键', dataIndex: 'expires' }]} />
          </Col>
          <Col span={24}>
            <Table<InfoItem> rowKey={(r) => `${r.section}.${r.key}`} size="small" dataSource={data.items} pagination={{ pageSize: 20 }}
              columns={[{ title: '分组', dataIndex: 'section', width: 120 }, { title: 'Key', dataIndex: 'key' }, { title: '描述', dataIndex: 'description' }, { title: 'Value', dataIndex: 'value', ellipsis: true }]} />
          </Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
