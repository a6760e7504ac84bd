import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE } from '../../app/config';
import { announceRecordsChanged } from '../../app/liveRecords';
import { announcementApi, type NoticeList } from './api';
import { noticeSocketUrl, openNoticeSocket, type LiveNotice } from './noticeSocket';

/** SPEC §9: the notices are polled every 6 s (the fallback of the notification socket). */
export const NOTICE_POLL_MS = 6000;

const NO_NOTICES: NoticeList = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

/** Who the live socket listens for; without it (or without WebSocket) the feed only polls. */
export interface NoticeListener {
  userId: string;
  token: string;
  /** Each live notice, once the feed has reloaded for it. */
  onLive?: (notice: LiveNotice) => void;
}

/**
 * My unread announcements: loaded at once, then reloaded whenever the notice socket says they
 * changed. While the socket is down they are polled every 6 s when the page is visible (and
 * loaded at once when it becomes visible again). SPEC §4: a failed load stops the polling for good.
 */
export function useNoticeFeed(listener?: NoticeListener) {
  const [notices, setNotices] = useState<NoticeList>(NO_NOTICES);
  const [failed, setFailed] = useState(false);
  const [live, setLive] = useState(false);
  const inFlight = useRef(false);

  const reload = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const res = await announcementApi.listByUser();
      if (res.success) setNotices(res.result);
      else setFailed(true);
    } catch {
      setFailed(true); // the request layer has shown why
    } finally {
      inFlight.current = false;
    }
  }, []);

  const userId = listener?.userId;
  const token = listener?.token;
  const onLive = useRef(listener?.onLive);
  onLive.current = listener?.onLive;
  useEffect(() => {
    if (!userId || !token || typeof WebSocket === 'undefined') return undefined;
    const stop = openNoticeSocket({
      url: noticeSocketUrl(API_BASE, userId, window.location.href),
      token,
      onNotice: (notice) => {
        if (typeof notice.busType === 'string' && Array.isArray(notice.busIds) && notice.busIds.length) announceRecordsChanged({ table: notice.busType, ids: notice.busIds });
        void reload().then(() => onLive.current?.(notice));
      },
      // Back up: catch up on what was published while it was down.
      onStatus: (up) => { setLive(up); if (up) void reload(); },
    });
    return () => { stop(); setLive(false); };
  }, [userId, token, reload]);

  useEffect(() => {
    if (failed || live) return undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => { timer ??= setInterval(() => void reload(), NOTICE_POLL_MS); };
    const stop = () => { clearInterval(timer); timer = undefined; };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') { void reload(); start(); } else stop();
    };
    void reload();
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => { stop(); document.removeEventListener('visibilitychange', onVisibility); };
  }, [failed, live, reload]);

  return { notices, reload, failed, live };
}
