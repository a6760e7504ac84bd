import { App, Modal, Table, type TableColumnsType } from 'antd';
import { useCallback } from 'react';
import type { PanelProps } from '../../renderer/panels';
import { useList } from '../../renderer/useList';
import { cgformApi, type FormVersion } from '../CgformDesigner/api';

/**
 * 版本: every synced version of a form, newest first; 恢复 puts one back as the design being edited
 * (it takes effect at the next sync).
 */
export default function CgformVersions({ row, open, onClose }: PanelProps) {
  const { message, modal } = App.useApp();
  const headId = String(row?.id ?? '');
  const list = useList<FormVersion>(useCallback((p: Record<string, unknown>) => cgformApi.versions(headId, p), [headId]));

  const restore = (v: FormVersion) => modal.confirm({
    title: '恢复版本',
    content: `确定将表单设计恢复为版本 ${v.tableVersion} 吗？当前未同步的修改将被替换，恢复后需同步数据库才生效。`,
    onOk: async () => {
      try {
        const res = await cgformApi.restore(headId, v.tableVersion);
        if (!res.success) { void message.warning(res.message); return; }
        void message.success(res.message);
        onClose(true);
      } catch {
        // the request layer has shown why
      }
    },
  });

  const columns: TableColumnsType<FormVersion> = [
    { key: 'tableVersion', dataIndex: 'tableVersion', title: '版本', width: 90 },
    { key: 'createBy', dataIndex: 'createBy', title: '同步人' },
    { key: 'createTime', dataIndex: 'createTime', title: '同步时间', width: 180 },
    { key: 'op', title: '操作', width: 90, render: (_, v) => <a onClick={() => restore(v)}>恢复</a> },
  ];

  return (
    <Modal title={`版本 - ${String(row?.tableTxt ?? '')}`} open={open} width={720} footer={null} onCancel={() => onClose(false)} destroyOnHidden>
      <Table<FormVersion> rowKey="id" size="small" bordered loading={list.loading} columns={columns} dataSource={list.rows} pagination={list.pagination} locale={{ emptyText: '尚未同步过，没有版本' }} />
    </Modal>
  );
}
