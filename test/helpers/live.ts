import WebSocket from 'ws';

export interface LiveSocket {
  ws: WebSocket;
  /** Every JSON message heard so far, in order. */
  heard: Record<string, unknown>[];
  /** Resolves with the first message (heard or to come) matching, or rejects after `ms`. */
  next(match: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
  close(): void;
}

/** Opens `/websocket/<userId>` the way JeecgBoot's client does: the token as the sub-protocol. */
export function openLive(apiUrl: string, userId: string, token?: string): Promise<LiveSocket> {
  const ws = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/websocket/${userId}`, token ? [token] : []);
  const heard: Record<string, unknown>[] = [];
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Record<string, unknown>;
    heard.push(m);
    for (const w of [...waiters]) if (w.match(m)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(m); }
  });
  const live: LiveSocket = {
    ws, heard,
    next: (match, ms = 1000) => new Promise((resolve, reject) => {
      const done = heard.find(match);
      if (done) { resolve(done); return; }
      const w = { match, resolve: (m: Record<string, unknown>) => { clearTimeout(timer); resolve(m); } };
      const timer = setTimeout(() => { waiters.splice(waiters.indexOf(w), 1); reject(new Error(`no matching message within ${ms} ms (heard ${JSON.stringify(heard)})`)); }, ms);
      waiters.push(w);
    }),
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(live));
    ws.once('error', reject);
  });
}
