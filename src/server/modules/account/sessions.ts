import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, notFound, ok, okMessage } from '../../http/result.js';
import { deviceOf } from './device.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A session's device is written again at most this often (a write per request would be wasteful). */
const RESTAMP_MS = 5 * 60_000;
const MAX_TRACKED = 20_000;

/**
 * Records the device and address each session was last used from: a hook on the app it
 * is given (so it must see every API request), writing at most once per session every few minutes.
 */
export function stampSessionDevices(app: FastifyInstance): void {
  const db = app.ctx.db as unknown as Kysely<any>;
  const stamped = new Map<string, number>();

  // onSend rather than onResponse: the stamp is written before the answer, so the next request sees it.
  // Kept by the token's hash (no bearer token is held in memory for minutes), answered by callback: it runs on every request.
  app.addHook('onSend', (req, _reply, payload, next) => {
    const hash = req.tokenHash;
    if (!req.user || !hash) { next(null, payload); return; }
    const now = Date.now();
    if ((stamped.get(hash) ?? 0) > now - RESTAMP_MS) { next(null, payload); return; }
    if (stamped.size >= MAX_TRACKED) stamped.clear();
    stamped.set(hash, now);
    const ua = req.headers['user-agent'];
    const row = { device: deviceOf(ua).slice(0, 100), userAgent: ua?.slice(0, 255) ?? null, ip: req.ip, lastSeen: now };
    db.insertInto('sys_session_device').values({ tokenHash: hash, userId: req.user.id, ...row })
      .onConflict((oc) => oc.column('tokenHash').doUpdateSet(row)).execute()
      .catch((err) => req.log.warn({ err }, 'session device not recorded'))
      .finally(() => next(null, payload));
  });
}

/** 个人设置 › 安全设置: my active sessions with device, address and times; end any of them, or all but this one. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get('/sys/account/sessions', { config: { access: 'login' } }, async (req) => {
    const user = req.user!;
    const own = req.tokenHash!;
    // Devices of sessions that ended (logout, expiry) go when their owner looks.
    await db.deleteFrom('sys_session_device').where('userId', '=', user.id)
      .where('tokenHash', 'not in', db.selectFrom('sys_session').select('tokenHash').where('userId', '=', user.id)).execute();
    const rows = await db.selectFrom('sys_session as s').leftJoin('sys_session_device as d', 'd.tokenHash', 's.tokenHash')
      .select(['s.tokenHash', 's.createdAt', 's.expiresAt', 's.ip', 'd.device', 'd.ip as lastIp', 'd.lastSeen'])
      .where('s.userId', '=', user.id).where('s.expiresAt', '>', Date.now()).orderBy('s.createdAt', 'desc').execute();
    return ok(rows.map((r: any) => ({
      id: r.tokenHash, current: r.tokenHash === own, device: r.device ?? '未知设备', ip: r.lastIp ?? r.ip,
      loginTime: Number(r.createdAt), lastSeen: r.lastSeen == null ? Number(r.createdAt) : Number(r.lastSeen), expiresAt: Number(r.expiresAt),
    })));
  });

  app.post<{ Body: { id?: string } }>('/sys/account/sessions/end', {
    config: { access: 'login' },
    schema: { body: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f]{64}$' } }, required: ['id'] } },
  }, async (req) => {
    const { id } = req.body;
    if (id === req.tokenHash!) throw badRequest('不能结束当前会话，请使用退出登录');
    const res = await db.deleteFrom('sys_session').where('tokenHash', '=', id).where('userId', '=', req.user!.id).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw notFound('会话不存在或已结束');
    await db.deleteFrom('sys_session_device').where('tokenHash', '=', id).execute();
    return okMessage('已结束该会话');
  });

  app.post('/sys/account/sessions/endOthers', { config: { access: 'login' } }, async (req) => {
    const own = req.tokenHash!;
    const res = await db.deleteFrom('sys_session').where('userId', '=', req.user!.id).where('tokenHash', '<>', own).executeTakeFirst();
    await db.deleteFrom('sys_session_device').where('userId', '=', req.user!.id).where('tokenHash', '<>', own).execute();
    return ok(Number(res.numDeletedRows), `已结束其他 ${Number(res.numDeletedRows)} 个会话`);
  });
}
