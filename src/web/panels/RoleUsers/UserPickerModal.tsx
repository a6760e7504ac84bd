import { App, Button, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { roleUsersApi, sexText, type RoleUser } from './api';
import { useList } from '../../renderer/useList';

interface Props {
  /** Resolves true when the chosen users were taken (the picker then closes). */
  onConfirm: (userIds: string[]) => Promise<boolean>;
  onCancel: () => void;
}

const columns: TableColumnsType<RoleUser> = [
  { key: 'username', dataIndex: 'username', title: '用户账号' },
  { key: 'realname', dataIndex: 'realname', title: '用户姓名' },
  { key: 'sex', title: '性别', render: (_, u) => sexText(u) },
  { key: 'phone', dataIndex: 'phone', title: '手机号码' },
  { key: 'orgCodeTxt', dataIndex: 'orgCodeTxt', title: '部门' },
];

/** SPEC §9 user picker: every user, searchable by account and name, several chosen across pages. */
export function UserPickerModal({ onConfirm, onCancel }: Props) {
  const { message } = App.useApp();
  const list = useList(useCallback((p: Record<string, unknown>) => roleUsersApi.pickable(p), []));
  const [username, setUsername] = useState('');
  const [realname, setRealname] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const search = () => list.search({ ...(username.trim() && { username: username.trim() }), ...(realname.trim() && { realname: realname.trim() }) });
  const reset = () => { setUsername(''); setRealname(''); list.search({}); };

  const confirm = async () => {
    if (!chosen.length) { void message.warning('请选择用户'); return; }
    setBusy(true);
    const taken = await onConfirm(chosen);
    setBusy(false);
    if (taken) onCancel();
  };

  return (
    <Modal title="选择用户" width={1200} open onOk={confirm} confirmLoading={busy} onCancel={onCancel} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input placeholder="请输入用户账号" aria-label="用户账号" value={username} onChange={(e) => setUsername(e.target.value)} onPressEnter={search} allowClear />
        <Input placeholder="请输入用户姓名" aria-label="用户姓名" value={realname} onChange={(e) => setRealname(e.target.value)} onPressEnter={search} allowClear />
        <Button type="primary" onClick={search}>查询</Button>
        <Button onClick={reset}>重置</Button>
      </Space>
      <Table<RoleUser>
        rowKey="id"
        size="small"
        bordered
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        pagination={list.pagination}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)), preserveSelectedRowKeys: true }}
      />
    </Modal>
  );
}
