import { Card, Col, Descriptions, Progress, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import BackupCard from './BackupCard';
import { bytes, duration, percent } from './format';
import MonitorFrame from './MonitorFrame';
import { useFigures } from './useFigures';

export interface SystemFigures {
  os: { type: string; release: string; platform: string; arch: string; hostname: string; uptimeSeconds: number };
  cpu: { model: string; count: number; speedMHz: number; loadAverage: number[] };
  memory: { total: number; free: number; used: number };
  database: { kind: string; version: string; name: string; sizeBytes: number; tables: number };
  schemas: number;
  node: string;
  timezone: string;
  time: number;
}

/** 系统信息: operating system, CPU and load, memory, the database (kind, version, size), the last backup and the loaded page schemas. */
export default function SystemInfo() {
  const { data, frame } = useFigures<SystemFigures>('/sys/monitor/system', { pollingInterval: 10000 });
  return (
    <MonitorFrame title="系统信息" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}><Card size="small"><Statistic title="CPU 核数" value={data.cpu.count} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic title="1 分钟负载" value={data.cpu.loadAverage[0]} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic title="数据库大小" value={bytes(data.database.sizeBytes)} /></Card></Col>
          <Col xs={12} md={6}><Card size="small"><Statistic title="页面配置数" value={data.schemas} /></Card></Col>
          <Col xs={24} md={12}>
            <Card size="small" title="内存">
              <Progress type="dashboard" aria-label="内存使用率" percent={percent(data.memory.used, data.memory.total)} />
              <div>已用 {bytes(data.memory.used)} / 共 {bytes(data.memory.total)}，可用 {bytes(data.memory.free)}</div>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card size="small" title="CPU 负载（1 / 5 / 15 分钟，按核数折算）">
              {data.cpu.loadAverage.map((l, i) => (
                <Progress key={i} aria-label={`${[1, 5, 15][i]} 分钟 CPU 负载`} percent={percent(l, data.cpu.count)} format={() => String(l)} status={l > data.cpu.count ? 'exception' : 'normal'} />
              ))}
            </Card>
          </Col>
          <Col span={24}><BackupCard /></Col>
          <Col span={24}>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label="操作系统">{data.os.type} {data.os.release} ({data.os.platform}/{data.os.arch})</Descriptions.Item>
              <Descriptions.Item label="主机名">{data.os.hostname}</Descriptions.Item>
              <Descriptions.Item label="系统运行时长">{duration(data.os.uptimeSeconds)}</Descriptions.Item>
              <Descriptions.Item label="CPU">{data.cpu.model}（{data.cpu.speedMHz} MHz）</Descriptions.Item>
              <Descriptions.Item label="数据库类型">{data.database.kind}</Descriptions.Item>
              <Descriptions.Item label="数据库版本">{data.database.version}</Descriptions.Item>
              <Descriptions.Item label="数据库名">{data.database.name}</Descriptions.Item>
              <Descriptions.Item label="数据表数">{data.database.tables}</Descriptions.Item>
              <Descriptions.Item label="Node.js">{data.node}</Descriptions.Item>
              <Descriptions.Item label="时区 / 服务器时间">{data.timezone} / {dayjs(data.time).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
