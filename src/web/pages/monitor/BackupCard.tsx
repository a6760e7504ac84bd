import { Card, Descriptions, Tag, Typography } from 'antd';
import { bytes, duration } from './format';
import { useFigures } from './useFigures';

export interface BackupFigures {
  last: { file: string; kind: string; sizeBytes: number; startTime: string; endTime: string; endAt: number; durationMs: number; origin: string; host: string | null; tableRows: number | null; uploadFiles: number | null } | null;
  stale: boolean;
  staleAfterHours: number;
  dir: string;
  keep: number;
  job: { running: boolean; cronExpression: string } | null;
}

/** The mark beside the title: red when there is no backup or the last is older than two days. */
export function BackupMark({ figures, now }: { figures: BackupFigures; now: number }) {
  if (!figures.last) return <Tag color="red" data-testid="backup-mark">从未备份</Tag>;
  const age = duration(Math.max(0, Math.round((now - figures.last.endAt) / 1000)));
  return figures.stale
    ? <Tag color="red" data-testid="backup-mark">超过 {figures.staleAfterHours / 24} 天未备份（{age}前）</Tag>
    : <Tag color="green" data-testid="backup-mark">{age}前</Tag>;
}

/**
 * 数据备份 on 系统信息: the last backup taken by `npm run backup` or 定时任务 BackupJob on any
 * instance (GET /sys/monitor/backup), its time and size, marked red when there is none or it is
 * older than two days; and whether the nightly job runs.
 */
export default function BackupCard() {
  const { data, error } = useFigures<BackupFigures>('/sys/monitor/backup', { pollingInterval: 60_000 });
  return (
    <Card size="small" title="数据备份" extra={data && <BackupMark figures={data} now={Date.now()} />}>
      {error && <Typography.Text type="danger">{error.message}</Typography.Text>}
      {data && (
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label="最近备份时间">{data.last?.endTime ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="备份大小">{data.last ? bytes(data.last.sizeBytes) : '-'}</Descriptions.Item>
          <Descriptions.Item label="备份文件">{data.last ? <Typography.Text copyable>{data.last.file}</Typography.Text> : '-'}</Descriptions.Item>
          <Descriptions.Item label="来源">{data.last ? `${data.last.origin === 'job' ? '定时任务' : 'npm run backup'}（${data.last.host ?? ''}，用时 ${(data.last.durationMs / 1000).toFixed(1)} 秒）` : '-'}</Descriptions.Item>
          <Descriptions.Item label="定时备份">
            {!data.job ? '没有 BackupJob 定时任务' : data.job.running ? `运行中（${data.job.cronExpression}）` : <Tag color="orange">已停止：在 定时任务 中启动 BackupJob</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="备份目录">{data.dir}（保留最近 {data.keep} 份）</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
