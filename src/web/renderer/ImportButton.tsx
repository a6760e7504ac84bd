import { ImportOutlined } from '@ant-design/icons';
import { Button, Modal, Progress, Upload, message } from 'antd';
import { useState } from 'react';
import { API_BASE } from '../app/config';
import { getToken } from '../app/session-storage';
import { KEYS, storage } from '../app/storage';
import type { Result } from '../api/request';
import { uploadFailedMessage } from '../utils/upload';

/** Imports an .xlsx through the engine's importExcel, with a progress bar; row errors are shown whole. */
export function ImportButton({ url, onDone }: { url: string; onDone: () => void }) {
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <>
      <Upload
        name="file"
        accept=".xlsx"
        showUploadList={false}
        action={`${API_BASE}${url}`}
        headers={{ 'X-Access-Token': getToken() ?? '', tenant_id: String(storage.get(KEYS.tenantId) ?? 0) }}
        onChange={({ file }) => {
          if (file.status === 'uploading') setPercent(Math.round(file.percent ?? 0));
          if (file.status !== 'done' && file.status !== 'error') return;
          setPercent(null);
          const res = file.response as Partial<Result> | undefined;
          if (file.status === 'done' && res?.success) {
            void message.success(res.message);
            onDone();
          } else {
            Modal.error({ title: '导入失败', content: res?.message || uploadFailedMessage(file.name), width: 560 });
          }
        }}
      >
        <Button icon={<ImportOutlined />}>导入</Button>
      </Upload>
      {percent !== null && <Progress className="schema-import-progress" aria-label="导入进度" percent={percent} size="small" style={{ width: 160 }} />}
    </>
  );
}
