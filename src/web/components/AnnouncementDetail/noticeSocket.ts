/** SPEC §9: the notice socket's heartbeat every 20 s, and a new attempt 5 s after an error or a close. */
export const HEARTBEAT_MS = 20_000;
export const RECONNECT_MS = 5_000;

/** `/websocket/<userId>` under the API base, in ws: or wss: as the page is http: or https:. */
export function noticeSocketUrl(apiBase: string, userId: string, pageUrl: string): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}/websocket/${encodeURIComponent(userId)}`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A live notice as the server sends it; `msgTxt` is set when a notice is new (not for a read or revoked one). */
export interface LiveNotice {
  cmd: 'topic' | 'user';
  msgId?: string;
  msgTxt?: string;
  /** 1 通知公告, 2 系统消息. */
  msgCategory?: string;
  /** The table and rows a system message is about. */
  busType?: string;
  busIds?: string[];
}

export interface NoticeSocketOptions {
  url: string;
  /** Sent as the sub-protocol, as JeecgBoot's client does (contract §8.3). */
  token: string;
  /** A message with cmd `topic` or `user` arrived: the notices changed. */
  onNotice: (notice: LiveNotice) => void;
  /** The socket opened (true) or went down (false). */
  onStatus: (up: boolean) => void;
}

/**
 * The live notice channel of the bell: opens the socket, says HeartBeat every 20 s, and after an
 * error or a close tries again 5 s later, until stopped. Answers the stop function.
 */
export function openNoticeSocket({ url, token, onNotice, onStatus }: NoticeSocketOptions): () => void {
  let socket: WebSocket | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const down = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      socket = undefined;
      onStatus(false);
    }
    if (!stopped && retry === undefined) retry = setTimeout(() => { retry = undefined; connect(); }, RECONNECT_MS);
  };

  const connect = () => {
    if (stopped) return;
    let s: WebSocket;
    try {
      s = new WebSocket(url, [token]);
    } catch {
      retry = setTimeout(() => { retry = undefined; connect(); }, RECONNECT_MS);
      return;
    }
    socket = s;
    s.onopen = () => {
      onStatus(true);
      heartbeat = setInterval(() => { if (s.readyState === WebSocket.OPEN) s.send('HeartBeat'); }, HEARTBEAT_MS);
    };
    s.onmessage = (e: MessageEvent) => {
      let notice: Partial<LiveNotice> | null;
      try { notice = JSON.parse(String(e.data)) as Partial<LiveNotice> | null; } catch { return; }
      if (notice?.cmd === 'topic' || notice?.cmd === 'user') onNotice(notice as LiveNotice);
    };
    s.onerror = () => { s.close(); down(); };
    s.onclose = () => down();
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    if (socket) {
      const s = socket;
      s.onopen = s.onmessage = s.onerror = s.onclose = null;
      socket = undefined;
      s.close();
    }
  };
}
