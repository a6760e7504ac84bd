import { Card, Col, Row, Table } from 'antd';
import G2Chart from '../online/graphreport/G2Chart';
import MonitorFrame from '../monitor/MonitorFrame';
import { useFigures } from '../monitor/useFigures';
import { barSpec, lineSpec, pieSpec, useStableSpec } from './charts';
import FigureCard from './FigureCard';
import { firstHeld, useMenuPaths } from './useMenuPaths';

interface TaskFigures {
  total: number; overdue: number; dueThisWeek: number;
  byState: { state: string; label: string; count: number }[];
  byAssignee: { assignee: string | null; name: string; total: number; states: Record<string, number> }[];
  finishedPerDay: { day: string; count: number }[];
}

/** 任务看板 (SPEC §2 task dashboard): pms_task by state and by assignee, overdue and due this week, finished per day. */
export default function IndexTask() {
  const { data, frame } = useFigures<TaskFigures>('/sys/dashboard/task', { pollingInterval: 30_000 });
  const list = firstHeld(useMenuPaths(), ['/pms/task']);
  const byState = useStableSpec(data?.byState ?? [], (rows) => pieSpec(rows, 'label', 'count'));
  const byAssignee = useStableSpec(data ?? null, (d) => {
    const label = new Map((d?.byState ?? []).map((s) => [s.state, s.label]));
    const rows = (d?.byAssignee ?? []).flatMap((a) => Object.entries(a.states).map(([state, count]) => ({ name: a.name, state: label.get(state) ?? state, count })));
    return barSpec(rows, 'name', 'count', { color: 'state', stack: true });
  });
  const finished = useStableSpec(data?.finishedPerDay ?? [], (rows) => lineSpec(rows.map((d) => ({ ...d, day: d.day.slice(5) })), 'day', 'count', { yTitle: '完成数', area: true }));
  return (
    <MonitorFrame title="任务看板" {...frame}>
      {data && (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <Row gutter={[16, 16]}>
              <Col flex="1 1 160px"><FigureCard testId="tasks" title="任务总数" value={data.total} to={list} /></Col>
              {data.byState.map((s) => <Col key={s.state} flex="1 1 160px"><FigureCard testId={`task-${s.state}`} title={s.label} value={s.count} to={list} /></Col>)}
              <Col flex="1 1 160px"><FigureCard testId="overdue" title="已逾期" value={data.overdue} to={list} /></Col>
              <Col flex="1 1 160px"><FigureCard testId="due-week" title="7 天内到期" value={data.dueThisWeek} to={list} /></Col>
            </Row>
          </Col>
          <Col xs={24} lg={8}><Card size="small" title="按状态"><G2Chart spec={byState} height={260} /></Card></Col>
          <Col xs={24} lg={16}><Card size="small" title="按负责人"><G2Chart spec={byAssignee} height={260} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="每日完成（近 30 天）"><G2Chart spec={finished} height={240} /></Card></Col>
          <Col xs={24} lg={12}>
            <Table rowKey={(r) => r.assignee ?? ''} size="small" pagination={false} dataSource={data.byAssignee}
              columns={[
                { title: '负责人', dataIndex: 'name' },
                ...data.byState.map((s) => ({ title: s.label, key: s.state, render: (_: unknown, r: TaskFigures['byAssignee'][number]) => r.states[s.state] ?? 0 })),
                { title: '合计', dataIndex: 'total' },
              ]} />
          </Col>
        </Row>
      )}
    </MonitorFrame>
  );
}
