import { App, Button, Card, Col, Form, Input, Row, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import AnnouncementDetail, { announcementApi, PriorityTag, type Announcement, type AnnouncementReceipt } from '../../components/AnnouncementDetail';
import { useList } from '../../renderer/useList';
import type { PageProps } from '../registry';

/** SPEC §3 message categories (dictionary msg_category). */
const CATEGORIES = [{ value: '1', label: '通知公告' }, { value: '2', label: '系统消息' }];
const categoryText = (r: AnnouncementReceipt) => r.msgCategory_dictText ?? CATEGORIES.find((c) => c.value === r.msgCategory)?.label ?? '';

interface QueryFields { titile?: string; msgCategory?: string }

/** My announcements (/isps/userAnnouncement): what was sent to me, unread first; read one, or all at once. */
export default function UserAnnouncementList(_props: PageProps) {
  const { message, modal } = App.useApp();
  const list = useList(useCallback((p: Record<string, unknown>) => announcementApi.myReceipts(p as { pageNo: number; pageSize: number }), []));
  const [form] = Form.useForm<QueryFields>();
  const [detail, setDetail] = useState<Announcement | null>(null);

  const search = () => {
    const { titile, msgCategory } = form.getFieldsValue();
    list.search({ ...(titile?.trim() && { titile: titile.trim() }), ...(msgCategory && { msgCategory }) });
  };
  const reset = () => { form.resetFields(); list.search({}); };

  const view = async (r: AnnouncementReceipt) => {
    setDetail(r);
    try {
      const res = await announcementApi.markRead(r.anntId);
      if (res.success && r.readFlag !== '1') list.reload();
    } catch {
      // the request layer has shown why
    }
  };

  const readAll = () => modal.confirm({
    title: '确认操作',
    content: '是否全部标注已读?',
    onOk: async () => {
      try {
        const res = await announcementApi.readAll();
        if (!res.success) { void message.warning(res.message); return; }
        void message.success(res.message);
        list.reload();
      } catch {
        // the request layer has shown why
      }
    },
  });

  const columns: TableColumnsType<AnnouncementReceipt> = [
    { key: 'titile', dataIndex: 'titile', title: '标题', ellipsis: true },
    { key: 'msgCategory', title: '消息类型', align: 'center', render: (_, r) => categoryText(r) },
    { key: 'sender', title: '发布人', align: 'center', render: (_, r) => r.sender_dictText ?? r.sender ?? '' },
    { key: 'sendTime', dataIndex: 'sendTime', title: '发布时间', align: 'center' },
    { key: 'priority', title: '优先级', align: 'center', render: (_, r) => <PriorityTag priority={r.priority} /> },
    { key: 'readFlag', title: '阅读状态', align: 'center', render: (_, r) => (r.readFlag === '1' ? <Tag color="green">已读</Tag> : <Tag color="red">未读</Tag>) },
    { key: 'actions', title: '操作', align: 'center', width: 100, render: (_, r) => <a onClick={() => void view(r)}>查看</a> },
  ];

  return (
    <Card variant="borderless">
      <Form form={form} onFinish={search}>
        <Row gutter={24}>
          <Col xl={6} lg={8} md={12} sm={24} xs={24}>
            <Form.Item name="titile" label="标题"><Input placeholder="请输入标题" allowClear /></Form.Item>
          </Col>
          <Col xl={6} lg={8} md={12} sm={24} xs={24}>
            <Form.Item name="msgCategory" label="消息类型"><Select placeholder="请选择消息类型" options={CATEGORIES} allowClear /></Form.Item>
          </Col>
          <Col xl={6} lg={8} md={12} sm={24} xs={24}>
            <Space>
              <Button type="primary" htmlType="submit">查询</Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Col>
        </Row>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={readAll}>全部标注已读</Button>
      </Space>
      <Table<AnnouncementReceipt>
        rowKey="id"
        size="middle"
        bordered
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        pagination={list.pagination}
      />
      <AnnouncementDetail announcement={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
