import { Alert, Button, Drawer, Select, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { TIE_BREAK_RULE } from '../../../schema/ranking-notes';
import { useEffect, useState } from 'react';
import type { PanelProps } from '../../renderer/panels';
import { saveBlob } from '../../renderer/exportFile';
import { rankingApi, tracksOf, type RankingRow } from './api';

/**
 * 评审排名 (赛事管理, one contest): the ranking as the submitted sheets stand — final score by the
 * contest's rule, rank per track with the tie-break of src/schema/scoring.ts, said in words under the
 * table and on each project whose score is shared — one track or all, and its export to xlsx. A
 * project scored by fewer sheets than it was given is marked 「2/3 份评分」; one with none in yet is
 * listed unranked. 公示结果 is what writes it onto the projects and shows it to applicants.
 */
export default function RaceRanking({ row, open, onClose }: PanelProps) {
  const raceId = String(row?.id ?? '');
  const [rows, setRows] = useState<RankingRow[]>();
  const [track, setTrack] = useState<string>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !raceId) return;
    void rankingApi.list(raceId).then((res) => {
      if (res.success) setRows(res.result);
      else setProblem(res.message);
    }).catch(() => undefined);
  }, [open, raceId]);

  const shown = (rows ?? []).filter((r) => !track || r.track === track);

  const exportXls = async () => {
    setBusy(true);
    try {
      saveBlob(await rankingApi.exportXls(raceId, track), `${String(row?.title ?? '赛事')}排名.xlsx`);
    } catch { /* the request layer has shown why */ } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<RankingRow> = [
    { title: '赛道', dataIndex: 'track_dictText', width: 110 },
    { title: '排名', dataIndex: 'rank', width: 70, render: (rank: number | null) => rank ?? '-' },
    { title: '项目名称', dataIndex: 'name' },
    { title: '申报单位', dataIndex: 'orgName' },
    { title: '最终得分', dataIndex: 'finalScore', width: 90, render: (score: number | null) => (score === null || score === undefined ? '-' : Number(score).toFixed(2)) },
    { title: '评分份数', dataIndex: 'reviews', width: 120, render: (_: number, r) => <SheetCount row={r} /> },
    { title: '同分说明', dataIndex: 'tieBreak', width: 200, render: (note: string | null) => note ?? '' },
  ];
  const short = (rows ?? []).filter((r) => r.reviews < r.assigned).length;

  return (
    <Drawer
      title={`评审排名：${String(row?.title ?? '')}`} width={900} open={open} onClose={() => onClose()} destroyOnHidden
      extra={<Button onClick={exportXls} loading={busy} disabled={!shown.length}>导出排名</Button>}
    >
      {problem ? <Alert type="error" showIcon message={problem} /> : !rows ? <Skeleton active /> : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} className="race-ranking">
          <Alert type="info" showIcon message={row?.resultPublished === '1' ? '结果已公示；以下为按当前已提交评分计算的排名' : '结果尚未公示，申报人和公开网站暂不可见'} />
          {row?.resultPublished === '1' && Number(row?.resultOpenSheets ?? 0) > 0 && (
            <Alert type="warning" showIcon message={`强制公示：${String(row?.resultPublishBy_dictText ?? row?.resultPublishBy ?? '-')}于${String(row?.resultPublishTime ?? '-')}公示，当时还有${String(row?.resultOpenSheets)}份评分未提交`} />
          )}
          {short > 0 && <Alert type="warning" showIcon message={`${short}个项目的评分未交齐，其最终得分只按已提交的评分计算`} />}
          <Select allowClear placeholder="全部赛道" aria-label="赛道" style={{ width: 200 }} options={tracksOf(rows)} value={track} onChange={setTrack} />
          <Table rowKey="id" size="small" columns={columns} dataSource={shown} pagination={{ pageSize: 20, hideOnSinglePage: true }} locale={{ emptyText: '还没有已提交的评分' }} />
          <Typography.Text type="secondary">排名规则：按最终得分（5份评分起去掉一个最高分和一个最低分后的平均分）从高到低；{TIE_BREAK_RULE}</Typography.Text>
        </Space>
      )}
    </Drawer>
  );
}

/** 3 when every sheet given is in; 「2/3 份评分」 in a warning tag when some are not. */
function SheetCount({ row }: { row: RankingRow }) {
  if (row.reviews >= row.assigned) return <>{row.reviews}</>;
  return <Tag color="warning" style={{ color: '#ad4e00' }} title="评分未交齐：最终得分只按已提交的评分计算">{`${row.reviews}/${row.assigned} 份评分`}</Tag>;
}
