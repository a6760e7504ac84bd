import { useCallback, useEffect, useRef, useState } from 'react';
import { announcementApi, type NoticeList } from './api';

/** SPEC §9: the notices are polled every 6 s (the fallback of the notification socket). */
export const NOTICE_POLL_MS = 6000;

const NO_NOTICES: NoticeList = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

/**
 * My unread announcements: loaded at once, then every 6 s while the page is visible (and at once
 * when it becomes visible again). SPEC §4: a failed load stops the polling for good.
 */
export function useNoticeFeed() {
  const [notices, setNotices] = useState<NoticeList>(NO_NOTICES);
  const [failed, setFailed] = useState(false);
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

  useEffect(() => {
    if (failed) return undefined;
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
  }, [failed, reload]);

  return { notices, reload, failed };
}
