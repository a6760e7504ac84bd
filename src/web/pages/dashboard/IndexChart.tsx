import { Card, Col, Row } from 'antd';
import G2Chart from '../online/graphreport/G2Chart';
import MonitorFrame from '../monitor/MonitorFrame';
import { useFigures } from '../monitor/useFigures';
import { barSpec, lineSpec, pieSpec, useStableSpec } from './charts';

interface ChartFigures {
  projectsByStateTrack: { state: string; track: string; count: number }[];
  scoreBuckets: { bucket: string; count: number }[];
  loginsPerMonth: { month: string; count: number }[];
  usersPerMonth: { month: string; count: number }[];
  noticesPerMonth: { month: string; count: number }[];
  usersBySex: { sex: string; count: number }[];
}

/** 图表看板 (SPEC §2 chart dashboard): a gallery of G2 charts over the platform's own data. */
export default function IndexChart() {
  const { data, frame } = useFigures<ChartFigures>('/sys/dashboard/chart', { pollingInterval: 60_000 });
  const charts = [
    { title: '各赛道项目（按状态堆叠）', spec: useStableSpec(data?.projectsByStateTrack ?? [], (rows) => barSpec(rows, 'track', 'count', { color: 'state', stack: true })) },
    { title: '评分分布（已提交评分表）', spec: useStableSpec(data?.scoreBuckets ?? [], (rows) => barSpec(rows, 'bucket', 'count')) },
    { title: '每月登录次数', spec: useStableSpec(data?.loginsPerMonth ?? [], (rows) => lineSpec(rows, 'month', 'count', { area: true })) },
    { title: '每月新增用户', spec: useStableSpec(data?.usersPerMonth ?? [], (rows) => barSpec(rows, 'month', 'count')) },
    { title: '每月发布通知', spec: useStableSpec(data?.noticesPerMonth ?? [], (rows) => lineSpec(rows, 'month', 'count')) },
    { title: '用户性别构成', spec: useStableSpec(data?.usersBySex ?? [], (rows) => pieSpec(rows, 'sex', 'count')) },
  ];
  return (
    <MonitorFrame title="图表看板" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          {charts.map((c) => (
            <Col key={c.title} xs={24} lg={12}><Card size="small" title={c.title} className="chart-gallery-item"><G2Chart spec={c.spec} height={260} /></Card></Col>
          ))}
        </Row>
      )}
    </MonitorFrame>
  );
}
