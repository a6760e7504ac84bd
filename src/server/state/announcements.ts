import { randomUUID } from 'node:crypto';
import type { StateStore } from './store.js';

/** Where an announcement reports trouble (the app's logger). */
export interface AnnouncementLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** One announcement awaiting the other instances' acknowledgements. */
interface Pending {
  /** The instances that acknowledged (one subscribed twice counts once). */
  acks: Set<string>;
  /** How many to wait for, known once the publish has answered (an ack may arrive before it). */
  expected?: number;
  done(): void;
}

export interface Announcements {
  /**
   * Tells every other instance, and resolves once each has acted on it (`onHeard` done) or after
   * `waitMs`, logged. A failure to publish is logged and resolves too: what was written stands.
   */
  announce(payload: string): Promise<void>;
}

/**
 * A change one instance made that the others must act on before it is answered (a cache to empty, a
 * page to serve): the announcer publishes on `channel`; each other instance runs `onHeard`, then
 * acknowledges; the announcer waits for as many acknowledgements as Redis says the message reached
 * (bounded by `waitMs`). Without the wait, the next request, sent to another instance, could still
 * meet the old state there. Alone (no shared state) there is no one to tell.
 * An announcement made inside a write's transaction (the token cache's, the dictionaries') holds that
 * transaction open while it waits: its handlers only forget, never wait on the database.
 */
export async function shareAnnouncements(
  state: StateStore, channel: string, onHeard: (payload: string) => void | Promise<void>,
  opts: { waitMs: number; log: () => AnnouncementLog | undefined },
): Promise<Announcements> {
  if (!state.shared) return { announce: async () => undefined };
  const me = randomUUID();
  const acks = `${channel}-ack`;
  const pending = new Map<string, Pending>();
  const settle = (p: Pending) => { if (p.expected !== undefined && p.acks.size >= p.expected) p.done(); };

  await state.subscribe(acks, (message) => {
    const [id, from] = message.split(' ');
    const p = pending.get(id);
    if (!p || !from) return; // another instance's announcement, or one given up on
    p.acks.add(from);
    settle(p);
  });
  await state.subscribe(channel, (message) => {
    const [from, id] = message.split(' ', 2);
    if (from === me) return;
    // The release before announcements sent its evictions as the sender alone, and waits for no one.
    const payload = id ? message.slice(from.length + id.length + 2) : '';
    void (async () => {
      try {
        await onHeard(payload);
      } catch (err) {
        opts.log()?.error({ err, channel }, 'announcement not acted on');
      }
      if (id) await state.publish(acks, `${id} ${me}`);
    })().catch((err) => opts.log()?.error({ err, channel }, 'announcement not acknowledged'));
  });

  return {
    async announce(payload) {
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const acked = new Promise<boolean>((resolve) => {
        pending.set(id, { acks: new Set(), done: () => resolve(true) });
        timer = setTimeout(() => resolve(false), opts.waitMs);
      });
      try {
        const reached = await state.publish(channel, `${me} ${id} ${payload}`);
        const p = pending.get(id)!;
        p.expected = reached - 1; // this instance's own subscriber is among those reached
        settle(p);
        if (!(await acked)) opts.log()?.warn({ channel, reached, acks: p.acks.size }, `${channel}: not every instance acknowledged within ${opts.waitMs} ms`);
      } catch (err) {
        // Redis down: the write stands; the others notice by their own means (a cache's TTL).
        opts.log()?.error({ err, channel }, `${channel} not published`);
      } finally {
        clearTimeout(timer);
        pending.delete(id);
      }
    },
  };
}
