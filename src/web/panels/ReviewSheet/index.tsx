import { Alert, Descriptions, Drawer, Input, Skeleton, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { weightsMatter, type Indicator } from '../../../schema/scoring';
import type { PanelProps } from '../../renderer/panels';
import { FileLinks } from '../../widgets/file/FileLinks';
import { ScoreInput, SheetButtons, WEIGHT_TITLE } from '../ScoringParts';
import { useScoringSheet } from '../useScoringSheet';
import { reviewApi, type ReviewSheetData } from './api';

/**
 * 评分 (项目评分): one input per indicator of the contest's sheet, bounded by its maximum, the
 * weighted total as the expert types (the server's own formula, src/schema/scoring.ts), a comment
 * required below the contest's threshold; 保存 keeps a draft, 提交评分 locks it.
 */
export default function ReviewSheet({ row, open, onClose }: PanelProps) {
  const { sheet, indicators, scores, comment, editComment, total, locked, blocker, change, save, submit, busy, problem } = useScoringSheet<ReviewSheetData>({
    id: String(row?.id ?? ''), open, api: reviewApi, onClose,
    // 待评 and 已保存 are the expert's to change; 已提交 is locked.
    editable: (s) => s.state !== 'submitted',
  });

  const columns: TableColumnsType<Indicator> = [
    {
      title: '评分项', dataIndex: 'name', width: 180,
      render: (name: string, ind) => (ind.description ? <><div>{name}</div><div className="review-hint" style={{ color: 'rgba(0, 0, 0, 0.6)', fontSize: 12 }}>{ind.description}</div></> : name),
    },
    { title: '满分', dataIndex: 'maxScore', width: 70 },
    // Where every weight is its maximum the weights change nothing: the column would only puzzle.
    ...(weightsMatter(indicators) ? [{ title: WEIGHT_TITLE, dataIndex: 'weight', width: 90 }] : []),
    {
      title: '得分', key: 'score', width: 150,
      render: (_, ind) => <ScoreInput indicator={ind} scores={scores} disabled={locked} onChange={change} width={120} />,
    },
  ];

  return (
    <Drawer
      title={`评分：${sheet?.projectName ?? ''}`} width={760} open={open} onClose={() => onClose()} destroyOnHidden
      extra={!locked && <SheetButtons save={save} submit={submit} busy={busy} blocker={blocker} />}
    >
      {!sheet ? <Skeleton active /> : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} className="review-sheet">
          <Descriptions size="small" column={2} bordered items={[
            { key: 'org', label: '申报单位', children: sheet.orgName },
            { key: 'file', label: '商业计划书', children: <FileLinks value={sheet.project.attachment} /> },
            { key: 'video', label: '视频链接', span: 2, children: sheet.project.videoUrl ? <a href={sheet.project.videoUrl} target="_blank" rel="noreferrer">{sheet.project.videoUrl}</a> : '-' },
          ]} />
          {locked && <Alert type="info" showIcon message="评分已提交，不能修改" />}
          {!indicators.length && <Alert type="warning" showIcon message="该赛事尚未设置评分标准" />}
          <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={indicators} />
          <Statistic title="加权总分（百分制）" value={total} precision={2} className="review-total" />
          <Input.TextArea
            rows={4} maxLength={1000} showCount disabled={locked} value={comment}
            placeholder={sheet.commentBelow !== null ? `总分低于${sheet.commentBelow}分须填写评语` : '评语'}
            onChange={(e) => editComment(e.target.value)}
          />
          {problem && <Alert type="error" showIcon message={problem} className="review-problem" />}
        </Space>
      )}
    </Drawer>
  );
}
