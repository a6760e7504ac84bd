import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readToken } from '../auth/guard.js';
import { checkToken } from '../auth/session.js';

const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
/** A live socket of another user's id is refused: a user hears only their own notices. */
export const OTHER_USER_REFUSAL = '只能订阅自己的消息';
/** The close of a user's oldest socket when a new one would pass LIVE_SOCKETS_PER_USER (policy, as 1008). */
export const TOO_MANY_OF_USER = { code: 4008, reason: 'too many sockets of this user: oldest closed' };
/** The close of a new socket from an address already holding LIVE_SOCKETS_PER_ADDRESS (as HTTP 429). */
export const TOO_MANY_OF_ADDRESS = { code: 4029, reason: 'too many sockets from this address' };

/** The token of an upgrade: JeecgBoot's client sends it as the sub-protocol (ws then echoes it), else as for HTTP. */
function upgradeToken(req: FastifyRequest): string | undefined {
  const protocols = req.headers['sec-websocket-protocol'];
  const first = typeof protocols === 'string' ? protocols.split(',')[0]?.trim() : undefined;
  return first || readToken(req);
}

/**
 * `/websocket/{userId}` (contract §8.3): the token is checked at the upgrade with the same session
 * check as HTTP (401 with its message, the connection closed); another user's id is a 403. The
 * socket then hears the user's notices (LivePublisher), answers `HeartBeat`, and closes once the
 * session behind it ended (checked again at each heartbeat).
 *
 * Each instance holds at most LIVE_SOCKETS_PER_USER sockets of a user (a new page closes the
 * user's oldest, 4008) and LIVE_SOCKETS_PER_ADDRESS from one client address (one more is closed at
 * once, 4029), so one account or one machine cannot pile up sockets.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const hub = ctx.live.hub;
  const limits = ctx.config.liveSockets;
  const byAddress = new Map<string, number>();
  const refuse = (status: number, message: string) => ({ success: false, message, code: status, result: null, timestamp: Date.now() });

  app.get<{ Params: { userId: string } }>('/websocket/:userId', {
    websocket: true,
    // Checked at the upgrade: a signed-in user, subscribing to their own id only.
    config: { public: true, access: 'record' },
    preHandler: async (req, reply) => {
      const token = upgradeToken(req);
      const res = await checkToken(ctx.db, token, ctx.sessions);
      if (!res.ok) return reply.status(401).send(refuse(401, res.message));
      if (res.user.id !== req.params.userId) return reply.status(403).send(refuse(403, OTHER_USER_REFUSAL));
      req.user = res.user;
      req.token = token!;
      req.tokenHash = res.tokenHash;
    },
  }, (socket, req) => {
    const userId = req.user!.id;
    const token = req.token!;
    const address = req.ip;
    const fromAddress = byAddress.get(address) ?? 0;
    if (fromAddress >= limits.perAddress) { socket.close(TOO_MANY_OF_ADDRESS.code, TOO_MANY_OF_ADDRESS.reason); return; }
    byAddress.set(address, fromAddress + 1);
    const mine = hub.socketsOf(userId);
    for (const oldest of [...mine].slice(0, Math.max(0, mine.size - limits.perUser + 1))) {
      hub.remove(userId, oldest);
      oldest.close(TOO_MANY_OF_USER.code, TOO_MANY_OF_USER.reason);
    }
    hub.add(userId, socket);
    socket.on('message', async () => {
      const res = await checkToken(ctx.db, token, ctx.sessions).catch(() => null);
      if (res && !res.ok) { socket.close(4401, 'token expired'); return; }
      if (socket.readyState === socket.OPEN) socket.send(HEARTBEAT_REPLY);
    });
    socket.on('close', () => {
      hub.remove(userId, socket);
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    });
  });
}
