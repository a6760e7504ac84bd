import { Alert, Descriptions, Drawer, Input, Skeleton, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { weightsMatter } from '../../../schema/scoring';
import type { PanelProps } from '../../renderer/panels';
import { ScoreInput, SheetButtons, WEIGHT_TITLE } from '../ScoringParts';
import { useScoringSheet } from '../useScoringSheet';
import { assessSheetApi, type AssessIndicator, type AssessSheetData } from './api';

const GRADES: [keyof AssessIndicator, string][] = [['excellentDesc', '优秀'], ['goodDesc', '良好'], ['passDesc', '合格'], ['failDesc', '不合格']];

/**
 * 评分 (考核任务): one input per indicator of the plan's template, bounded by its maximum, with the
 * standard of each grade beside it; the weighted total as the assessor types (src/schema/scoring.ts,
 * the server's own formula); a comment below the plan's 合格 line. 保存 keeps a draft, 提交评分 locks it.
 */
export default function AssessSheet({ row, open, onClose }: PanelProps) {
  const { sheet, indicators, scores, comment, editComment, total, locked, blocker, change, save, submit, busy, problem } = useScoringSheet<AssessSheetData>({
    id: String(row?.id ?? ''), open, api: assessSheetApi, onClose,
    editable: (s) => ['pending', 'draft'].includes(s.state) && s.planState === 'running',
  });

  const columns: TableColumnsType<AssessIndicator> = [
    {
      title: '考核指标', dataIndex: 'name', width: 260,
      render: (name: string, ind) => (
        <>
          <div>{name}</div>
          {ind.description && <div style={{ color: 'rgba(0, 0, 0, 0.6)', fontSize: 12 }}>{ind.description}</div>}
          {GRADES.filter(([f]) => ind[f]).map(([f, label]) => <div key={f} style={{ color: 'rgba(0, 0, 0, 0.6)', fontSize: 12 }}>{label}：{String(ind[f])}</div>)}
        </>
      ),
    },
    ...(weightsMatter(indicators) ? [{ title: WEIGHT_TITLE, dataIndex: 'weight', width: 90 }] : []),
    {
      title: '得分', key: 'score', width: 160,
      render: (_, ind) => <ScoreInput indicator={ind} scores={scores} disabled={locked} onChange={change} width={130} />,
    },
  ];

  return (
    <Drawer
      title={`评分：${sheet?.assesseeName ?? ''}`} width={780} open={open} onClose={() => onClose()} destroyOnHidden
      extra={!locked && <SheetButtons save={save} submit={submit} busy={busy} blocker={blocker} />}
    >
      {!sheet ? (problem ? <Alert type="error" showIcon message={problem} /> : <Skeleton active />) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} className="assess-sheet">
          <Descriptions size="small" column={2} bordered items={[
            { key: 'plan', label: '考核计划', children: sheet.planName },
            { key: 'kind', label: '评价关系', children: sheet.kindText },
            { key: 'period', label: '考核周期', span: 2, children: sheet.period },
          ]} />
          {sheet.state === 'submitted' && <Alert type="info" showIcon message="评分已提交，不能修改" />}
          {sheet.state !== 'submitted' && sheet.planState !== 'running' && <Alert type="warning" showIcon message="考核已结束，不能再评分" />}
          <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={indicators} />
          <Statistic title="加权总分（百分制）" value={total} precision={2} className="assess-total" />
          <Input.TextArea
            rows={3} maxLength={1000} showCount disabled={locked} value={comment}
            placeholder={sheet.commentBelow !== null ? `总分低于${sheet.commentBelow}分（不合格）须填写评语` : '评语'}
            onChange={(e) => editComment(e.target.value)}
          />
          {problem && <Alert type="error" showIcon message={problem} className="assess-problem" />}
        </Space>
      )}
    </Drawer>
  );
}
