import { Alert, Empty, Spin, Timeline, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { refusalOf } from '../../api/refusal';
import { workflowApi, type HistoryEntry } from './api';

export interface HistoryTimelineProps {
  /** The schema's `api` path. */
  api: string;
  rowId: string;
}

/** A row's transitions, oldest first: who moved it when, from which state to which, and their opinion. */
export function HistoryTimeline({ api, rowId }: HistoryTimelineProps) {
  const history = useMemo(() => workflowApi(api).history, [api]);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    let live = true;
    history(rowId)
      .then((res) => { if (!live) return; if (res.success) setEntries(res.result); else setRefusal(res.message); })
      .catch((e: unknown) => live && setRefusal(refusalOf(e) ?? '流转记录加载失败'));
    return () => { live = false; };
  }, [history, rowId]);

  if (refusal) return <Alert type="warning" showIcon message={refusal} />;
  if (!entries) return <Spin size="small" />;
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无流转记录" />;
  return (
    <Timeline
      className="workflow-history"
      items={entries.map((e, i) => ({
        key: i,
        children: (
          <>
            <div>{e.createTime} {e.createName} {e.transitionText}：{e.fromState_dictText} → {e.toState_dictText}</div>
            {e.opinion && <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>意见：{e.opinion}</Typography.Text>}
          </>
        ),
      }))}
    />
  );
}
