import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';

/** SPEC §2 notification bell: two announcement tabs and a view-more button (messages arrive with the notice feature). */
export function NoticeBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const panel = (
    <>
      <Tabs
        centered
        items={[
          { key: 'notice', label: '通知', children: <List dataSource={[]} renderItem={() => null} locale={{ emptyText: '暂无通知' }} /> },
          { key: 'system', label: '系统消息', children: <List dataSource={[]} renderItem={() => null} locale={{ emptyText: '暂无消息' }} /> },
        ]}
      />
      <Button
        block
        type="link"
        onClick={() => {
          setOpen(false);
          navigate(MY_ANNOUNCEMENTS_PATH);
        }}
      >
        查看更多
      </Button>
    </>
  );
  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={panel} styles={{ root: { width: 300 } }}>
      <Button type="text" aria-label="消息通知" icon={<Badge count={0} size="small"><BellOutlined style={{ fontSize: 16 }} /></Badge>} />
    </Popover>
  );
}
