import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  loading: boolean;
  error?: Error;
  /** When the figures shown were read. */
  updatedAt?: number;
  /** How often the page asks again. */
  intervalMs: number;
  onRefresh: () => void;
  children?: ReactNode;
}

/** The frame of a monitor page: title, when it was last read, refresh button, error or spinner. */
export default function MonitorFrame({ title, loading, error, updatedAt, intervalMs, onRefresh, children }: Props) {
  return (
    <Card
      title={title}
      className="monitor-page"
      extra={(
        <Space>
          <Typography.Text type="secondary">
            {updatedAt ? `更新于 ${dayjs(updatedAt).format('HH:mm:ss')}，每 ${intervalMs / 1000} 秒刷新` : ''}
          </Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={loading}>刷新</Button>
        </Space>
      )}
    >
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
      {!children && !error ? <Spin /> : children}
    </Card>
  );
}
