import { App, Alert, Button, Drawer, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import type { Result } from '../../api/request';
import type { PanelProps } from '../../renderer/panels';
import { roleUsersApi, sexText, type RoleUser } from './api';
import { useList } from '../../renderer/useList';
import { UserPickerModal } from './UserPickerModal';

const STATUS: Record<number, string> = { 1: '正常', 2: '冻结' };

/** The users holding a role (the role list's 用户): search, link existing users, unlink one or many. */
export default function RoleUsers({ row, open, onClose }: PanelProps) {
  const { message, modal } = App.useApp();
  const roleId = String(row?.id ?? '');
  const list = useList(useCallback((p: Record<string, unknown>) => roleUsersApi.list(roleId, p), [roleId]));
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  /** Shows the server's word; true when it agreed. */
  const report = async (call: Promise<Result<unknown>>): Promise<boolean> => {
    try {
      const res = await call;
      if (res.success) void message.success(res.message);
      else void message.warning(res.message);
      return res.success;
    } catch {
      return false; // the request layer has shown why
    }
  };

  const unlink = async (ids: string[]) => {
    const done = await report(ids.length === 1 ? roleUsersApi.remove(roleId, ids[0]) : roleUsersApi.removeBatch(roleId, ids));
    if (!done) return;
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    list.afterDelete(ids.length);
  };

  const unlinkSelected = () => modal.confirm({
    title: '确认取消关联',
    content: `是否取消选中的 ${selected.length} 个用户与该角色的关联?`,
    okType: 'danger',
    onOk: () => unlink(selected),
  });

  const link = async (userIds: string[]) => {
    const done = await report(roleUsersApi.add(roleId, userIds));
    if (done) list.reload();
    return done;
  };

  const search = () => list.search(keyword.trim() ? { username: keyword.trim() } : {});
  const reset = () => { setKeyword(''); list.search({}); };

  const columns: TableColumnsType<RoleUser> = [
    { key: 'username', dataIndex: 'username', title: '用户账号' },
    { key: 'realname', dataIndex: 'realname', title: '用户姓名' },
    { key: 'sex', title: '性别', render: (_, u) => sexText(u) },
    { key: 'phone', dataIndex: 'phone', title: '手机号码' },
    { key: 'status', title: '状态', render: (_, u) => (u.status ? STATUS[u.status] ?? '' : '') },
    {
      key: 'actions',
      title: '操作',
      width: 110,
      align: 'center',
      render: (_, u) => (
        <Popconfirm title="确定要取消关联吗?" onConfirm={() => unlink([u.id])}>
          <a>取消关联</a>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer open={open} width={900} title="角色用户" onClose={() => onClose(false)} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input placeholder="请输入用户账号" aria-label="用户账号" value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={search} allowClear />
        <Button type="primary" onClick={search}>查询</Button>
        <Button onClick={reset}>重置</Button>
      </Space>
      <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
        <Button type="primary" onClick={() => setPicking(true)}>添加已有用户</Button>
        {selected.length > 0 && <Button danger onClick={unlinkSelected}>批量取消关联</Button>}
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={<span>已选择 <a style={{ fontWeight: 600 }}>{selected.length}</a> 项 {selected.length > 0 && <a style={{ marginLeft: 24 }} onClick={() => setSelected([])}>清空</a>}</span>}
      />
      <Table<RoleUser>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        pagination={list.pagination}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
      />
      {picking && <UserPickerModal onConfirm={link} onCancel={() => setPicking(false)} />}
    </Drawer>
  );
}
