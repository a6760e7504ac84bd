import { Button, Modal, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { sanitizeHtml } from '../../utils/sanitize';
import type { Announcement } from './api';
import { PriorityTag } from './PriorityTag';
import './announcement-detail.css';

export type { Announcement, AnnouncementReceipt, NoticeList } from './api';
export { announcementApi } from './api';
export { PriorityTag } from './PriorityTag';

interface Props {
  /** The announcement shown; null keeps the modal closed. */
  announcement: Announcement | null;
  onClose: () => void;
}

const isExternal = (url: string) => /^https?:\/\//i.test(url);

/** One announcement: title, sender, time and its content as sanitised HTML; `url` ones offer 去处理. */
export default function AnnouncementDetail({ announcement, onClose }: Props) {
  const navigate = useNavigate();
  const content = useMemo(() => sanitizeHtml(announcement?.msgContent), [announcement]);
  const plain = !/[<>]/.test(announcement?.msgContent ?? '');
  const openPage = announcement?.openType === 'url' ? announcement.openPage : null;

  const handle = () => {
    if (!openPage) return;
    onClose();
    if (isExternal(openPage)) window.open(openPage, '_blank', 'noopener');
    else navigate(openPage);
  };

  return (
    <Modal
      title="通知详情"
      width={800}
      open={!!announcement}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        openPage && <Button key="handle" type="primary" onClick={handle}>去处理</Button>,
        <Button key="close" onClick={onClose}>关闭</Button>,
      ]}
    >
      {announcement && (
        <article className="announcement-detail">
          <Typography.Title level={4}>{announcement.titile}</Typography.Title>
          <div className="announcement-detail-meta">
            <span>发布人：{announcement.sender_dictText || announcement.sender || '-'}</span>
            <span>发布时间：{announcement.sendTime || '-'}</span>
            <PriorityTag priority={announcement.priority} />
          </div>
          {/* A system message is plain text, one line each (the record, the opinion, who acted); an announcement is HTML. */}
          <div className="announcement-detail-content" data-testid="announcement-content" style={plain ? { whiteSpace: 'pre-line' } : undefined} dangerouslySetInnerHTML={{ __html: content }} />
        </article>
      )}
    </Modal>
  );
}
