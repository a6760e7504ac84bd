import type { G2Spec } from '@antv/g2';
import { Alert, Descriptions, Drawer, Skeleton, Space, Table, Tag, type TableColumnsType } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { PanelProps } from '../../renderer/panels';
import { GRADE_TEXT, indicatorBars, resultCardApi, type ResultCardData } from './api';

// G2 is its own chunk, fetched when a chart first draws (as the graph reports do).
const G2Chart = lazy(() => import('../../pages/online/graphreport/G2Chart'));

const GRADE_COLOR: Record<string, string> = { excellent: 'green', good: 'blue', pass: 'gold', fail: 'red' };
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/**
 * 结果卡 (考核实例): one assessee's result — weighted total, grade, rank in the department, how each
 * kind of assessor counted (renormalised when one had no sheet) and the breakdown per indicator as a
 * chart. Assessors stay anonymous.
 */
export default function AssessResultCard({ row, open, onClose }: PanelProps) {
  const id = String(row?.id ?? '');
  const [card, setCard] = useState<ResultCardData>();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !id) return;
    void resultCardApi.card(id).then((res) => {
      if (res.success) setCard(res.result);
      else setProblem(res.message);
    }).catch(() => undefined);
  }, [open, id]);

  const spec = useMemo<G2Spec | null>(() => (card ? {
    type: 'interval', data: indicatorBars(card), encode: { x: '指标', y: '得分率' },
    scale: { y: { domain: [0, 100] } }, axis: { y: { title: '得分率（%）' }, x: { title: null } },
    labels: [{ text: '得分率', position: 'top' }],
  } : null), [card]);

  const kindColumns: TableColumnsType<ResultCardData['kinds'][number]> = [
    { title: '评价关系', dataIndex: 'label' },
    { title: '设定权重', dataIndex: 'weight', render: (w: number) => `${w}%` },
    { title: '实际占比', dataIndex: 'share', render: percent },
    { title: '平均得分', dataIndex: 'score', render: (s: number | null) => s ?? '无评分' },
    { title: '评分份数', dataIndex: 'sheets' },
  ];

  return (
    <Drawer title={`考核结果：${card?.realname ?? ''}`} width={820} open={open} onClose={() => onClose()} destroyOnHidden>
      {problem ? <Alert type="error" showIcon message={problem} /> : !card ? <Skeleton active /> : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} className="assess-card">
          <Descriptions size="small" column={2} bordered items={[
            { key: 'plan', label: '考核计划', children: card.planName },
            { key: 'period', label: '考核周期', children: card.period },
            { key: 'depart', label: '部门', children: card.departName || '—' },
            { key: 'rank', label: '部门排名', children: card.deptRank ?? '—' },
            { key: 'total', label: '综合得分', children: <span className="assess-card-total">{card.total ?? '—'}</span> },
            { key: 'grade', label: '等级', children: card.grade ? <Tag color={GRADE_COLOR[card.grade]}>{GRADE_TEXT[card.grade]}</Tag> : '—' },
          ]} />
          {card.weightNote && <Alert type="warning" showIcon message={card.weightNote} />}
          <Table rowKey="key" size="small" pagination={false} columns={kindColumns} dataSource={card.kinds} />
          {spec && <Suspense fallback={<Skeleton active />}><G2Chart spec={spec} height={280} /></Suspense>}
        </Space>
      )}
    </Drawer>
  );
}
