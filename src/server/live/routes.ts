import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readToken } from '../auth/guard.js';
import { checkToken } from '../auth/session.js';

const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' });
/** A live socket of another user's id is refused: a user hears only their own notices. */
export const OTHER_USER_REFUSAL = '只能订阅自己的消息';

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
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const hub = ctx.live.hub;
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
    hub.add(userId, socket);
    socket.on('message', async () => {
      const res = await checkToken(ctx.db, token, ctx.sessions).catch(() => null);
      if (res && !res.ok) { socket.close(4401, 'token expired'); return; }
      if (socket.readyState === socket.OPEN) socket.send(HEARTBEAT_REPLY);
    });
    socket.on('close', () => hub.remove(userId, socket));
  });
}
