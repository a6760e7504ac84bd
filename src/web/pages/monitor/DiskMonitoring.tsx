import { Card, Col, Progress, Row, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import G2Chart from '../online/graphreport/G2Chart';
import { barSpec } from '../dashboard/charts';
import { bytes } from './format';
import MonitorFrame from './MonitorFrame';
import { useFigures } from './useFigures';

interface Filesystem { mount: string; device: string; type: string; size: number; used: number; free: number; usage: number }
interface DiskFigures { filesystems: Filesystem[]; dataDir: { path: string; bytes: number; files: number; partial: boolean } }

const GB = 1024 ** 3;

/** 磁盘监控: each mounted filesystem's size, used and free, and what the data directory itself takes. */
export default function DiskMonitoring() {
  const { data, frame } = useFigures<DiskFigures>('/sys/monitor/disk', { pollingInterval: 15000 });
  const spec = useMemo(() => barSpec(
    (data?.filesystems ?? []).flatMap((f) => [
      { mount: f.mount, kind: '已用', gb: Math.round((f.used / GB) * 100) / 100 },
      { mount: f.mount, kind: '可用', gb: Math.round((f.free / GB) * 100) / 100 },
    ]), 'mount', 'gb', { color: 'kind', stack: true, yTitle: 'GB' },
  ), [data]);
  return (
    <MonitorFrame title="磁盘监控" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} md={8}><Card size="small"><Statistic title="数据目录占用" value={bytes(data.dataDir.bytes)} /></Card></Col>
          <Col xs={24} md={8}><Card size="small"><Statistic title="数据目录文件数" value={data.dataDir.files} suffix={data.dataDir.partial ? '+' : ''} /></Card></Col>
          <Col xs={24} md={8}><Card size="small"><Statistic title="数据目录" value={data.dataDir.path} valueStyle={{ fontSize: 14 }} /></Card></Col>
          <Col span={24}><G2Chart spec={spec} height={280} /></Col>
          <Col span={24}>
            <Table<Filesystem>
              rowKey="mount" size="small" pagination={false} dataSource={data.filesystems}
              columns={[
                { title: '挂载点', dataIndex: 'mount' },
                { title: '设备', dataIndex: 'device' },
                { title: '类型', dataIndex: 'type', width: 100 },
                { title: '总大小', dataIndex: 'size', render: bytes, width: 110 },
                { title: '已用', dataIndex: 'used', render: bytes, width: 110 },
                { title: '可用', dataIndex: 'free', render: bytes, width: 110 },
                { title: '使用率', dataIndex: 'usage', width: 200, render: (u: number) => <Progress aria-label="使用率" percent={u} size="small" status={u > 90 ? 'exception' : 'normal'} /> },
              ]}
            />
          </Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
