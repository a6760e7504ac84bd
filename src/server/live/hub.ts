import type { WebSocket } from 'ws';

/** What the bell is told (contract §8.3): `topic` to everyone, `user` to the users named; it reloads on either. */
export interface LiveMessage {
  cmd: 'topic' | 'user';
  msgId?: string;
  msgTxt?: string;
  /** The new notice's category (1 通知公告, 2 系统消息): the page pops it up as the user's 新消息通知 switches say. */
  msgCategory?: string;
  /** The table and rows a system message is about: the page listing them reloads (issue 37, live rows). */
  busType?: string;
  busIds?: string[];
}

/** A message and who gets it: everyone, or the listed user ids. */
export interface Envelope {
  to: 'all' | string[];
  message: LiveMessage;
}

/**
 * The sockets open on this instance, by user id. A user may have several (one per open page,
 * unlike JeecgBoot's one session per id), and each gets the user's messages.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();

  add(userId: string, socket: WebSocket): void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(socket);
  }

  /** The user's sockets on this instance, oldest first (a Set keeps the order they were added in). */
  socketsOf(userId: string): ReadonlySet<WebSocket> {
    return this.byUser.get(userId) ?? new Set();
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(socket);
    if (!set.size) this.byUser.delete(userId);
  }

  /** Sends the message to the addressed sockets of this instance; answers how many were sent. */
  deliver(env: Envelope): number {
    const text = JSON.stringify(env.message);
    let sent = 0;
    const send = (set: Set<WebSocket> | undefined) => {
      for (const s of set ?? []) {
        if (s.readyState === s.OPEN) { s.send(text); sent++; }
      }
    };
    if (env.to === 'all') for (const set of this.byUser.values()) send(set);
    else for (const id of new Set(env.to)) send(this.byUser.get(id));
    return sent;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  closeAll(): void {
    for (const set of this.byUser.values()) for (const s of set) s.close(1001, 'server closing');
    this.byUser.clear();
  }
}
