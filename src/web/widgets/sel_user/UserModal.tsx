import { Button, Col, Input, Modal, Row, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useRef, useState, type Key } from 'react';
import { useList } from '../../renderer/useList';
import type { DepartNode } from '../sel_depart/api';
import { DepartTree } from '../sel_depart/DepartTree';
import type { PickerModalProps } from '../picker/PickerField';
import { sexText, userPickerApi, type PickerUser } from './api';


const columns: TableColumnsType<PickerUser> = [
  { key: 'username', dataIndex: 'username', title: '用户账号' },
  { key: 'realname', dataIndex: 'realname', title: '用户姓名' },
  { key: 'sex', title: '性别', render: (_, u) => sexText(u) },
  { key: 'phone', dataIndex: 'phone', title: '手机号码' },
  { key: 'orgCode', dataIndex: 'orgCode', title: '部门编码' },
];
/** The server sends phones only to those who may read the user page: the others get no phone column. */
const columnsFor = (rows: PickerUser[]) => (rows.some((u) => 'phone' in u) ? columns : columns.filter((c) => c.key !== 'phone'));

const byId = (n: DepartNode) => n.id;
const present = (q: Record<string, string | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v));

/**
 * The user picker by department (JSelectUserByDep, SPEC §9): the department tree filters a paged
 * user list searchable by account and name; choices survive paging and searching.
 */
export default function UserModal({ multiple, store, chosen, loadTree, onOk, onCancel }: PickerModalProps) {
  const list = useList<PickerUser>(useCallback((p: Record<string, unknown>) => userPickerApi.page(p), []));
  const [keys, setKeys] = useState(() => chosen.map((c) => c.key));
  const names = useRef(new Map(chosen.map((c) => [c.key, c.label])));
  const [username, setUsername] = useState('');
  const [realname, setRealname] = useState('');
  const [departId, setDepartId] = useState<string>();

  const search = (depart = departId) => list.search(present({ departId: depart, username: username.trim(), realname: realname.trim() }));
  const reset = () => { setUsername(''); setRealname(''); setDepartId(undefined); list.search({}); };
  const chooseDepart = (ids: string[]) => { setDepartId(ids[0]); search(ids[0]); };
  const keyOf = (u: PickerUser) => String(u[store] ?? '');

  const pick = (next: Key[], rows: (PickerUser | undefined)[]) => {
    for (const u of rows) if (u) names.current.set(keyOf(u), u.realname || u.username);
    setKeys(next.map(String));
  };

  return (
    <Modal open title="选择用户" width={1250} onOk={() => onOk(keys.map((key) => ({ key, label: names.current.get(key) ?? key })))} onCancel={onCancel} destroyOnHidden>
      <Row gutter={16}>
        <Col md={6} sm={24}>
          <DepartTree load={loadTree} keyOf={byId} multiple={false} value={departId ? [departId] : []} onChange={chooseDepart} />
        </Col>
        <Col md={18} sm={24}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input placeholder="请输入用户账号" aria-label="用户账号" value={username} onChange={(e) => setUsername(e.target.value)} onPressEnter={() => search()} allowClear />
            <Input placeholder="请输入用户姓名" aria-label="用户姓名" value={realname} onChange={(e) => setRealname(e.target.value)} onPressEnter={() => search()} allowClear />
            <Button type="primary" onClick={() => search()}>查询</Button>
            <Button onClick={reset}>重置</Button>
          </Space>
          <Table<PickerUser>
            rowKey={keyOf}
            size="small"
            bordered
            loading={list.loading}
            columns={columnsFor(list.rows)}
            dataSource={list.rows}
            pagination={list.pagination}
            rowSelection={{ type: multiple ? 'checkbox' : 'radio', selectedRowKeys: keys, onChange: pick, preserveSelectedRowKeys: true }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
