import { Alert, Descriptions, Skeleton, Table } from 'antd';
import { useEffect, useState } from 'react';
import { sheetTotal, weightsMatter, type Indicator } from '../../../schema/scoring';
import type { PanelProps } from '../../renderer/panels';
import { WEIGHT_TITLE } from '../ScoringParts';
import { reviewApi, type ReviewSheetData } from './api';

/**
 * 详情 of a score sheet (项目评分): each indicator's score and the weighted total, read-only, below
 * the record's own fields. A sheet not yet scored says so.
 */
export default function ReviewScores({ row }: PanelProps) {
  const id = String(row?.id ?? '');
  const [sheet, setSheet] = useState<ReviewSheetData>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let live = true;
    reviewApi.sheet(id).then((res) => { if (live) { if (res.success) setSheet(res.result); else setProblem(res.message); } }, () => undefined);
    return () => { live = false; };
  }, [id]);

  if (problem) return <Alert type="warning" showIcon message={problem} />;
  if (!sheet) return <Skeleton active />;
  const given = (ind: Indicator) => sheet.scores[ind.id];
  const columns = [
    { title: '评分项', dataIndex: 'name' },
    { title: '满分', dataIndex: 'maxScore', width: 80 },
    ...(weightsMatter(sheet.indicators) ? [{ title: WEIGHT_TITLE, dataIndex: 'weight', width: 90 }] : []),
    { title: '得分', key: 'score', width: 100, render: (_: unknown, ind: Indicator) => { const v = given(ind); return v === null || v === undefined ? '-' : v; } },
  ];
  const scored = sheet.indicators.some((i) => given(i) !== null && given(i) !== undefined);
  return (
    <div className="review-scores">
      <Descriptions size="small" column={1} style={{ margin: '16px 0 8px' }} items={[
        { key: 'total', label: '加权总分（百分制）', children: <span className="review-scores-total">{scored ? sheetTotal(sheet.indicators, sheet.scores).toFixed(2) : '-'}</span> },
      ]} />
      <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={sheet.indicators} />
    </div>
  );
}
