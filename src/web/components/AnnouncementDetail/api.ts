import { http } from '../../api/request';
import type { Page } from '../../renderer/api';

/** An announcement as the notice calls deliver it (SPEC §3; `titile` is spelled so). */
export interface Announcement {
  id: string;
  titile: string;
  msgContent?: string | null;
  msgAbstract?: string | null;
  sender?: string | null;
  sender_dictText?: string | null;
  sendTime?: string | null;
  /** L general, M important, H urgent. */
  priority?: string | null;
  /** 1 notice, 2 system message. */
  msgCategory?: string | null;
  msgCategory_dictText?: string | null;
  /** `url`: the detail offers a go-handle button to `openPage`. */
  openType?: string | null;
  openPage?: string | null;
}

/** One of my receipts (getMyAnnouncementSend): its own id, the announcement's id, and whether I read it. */
export interface AnnouncementReceipt extends Announcement {
  anntId: string;
  readFlag: string;
  readTime?: string | null;
}

/** My unread announcements, split by category (SPEC §3 notice list). */
export interface NoticeList {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

export interface ReceiptQuery {
  pageNo: number;
  pageSize: number;
  titile?: string;
  msgCategory?: string;
}

export const announcementApi = {
  listByUser: () => http.get<NoticeList>('/sys/annountCement/listByUser'),
  markRead: (anntId: string) => http.put<null>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }),
  readAll: () => http.put<null>('/sys/sysAnnouncementSend/readAll'),
  myReceipts: (query: ReceiptQuery) => http.get<Page<AnnouncementReceipt>>('/sys/sysAnnouncementSend/getMyAnnouncementSend', query),
};
