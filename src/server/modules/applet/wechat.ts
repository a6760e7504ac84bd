import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../../auth/session.js';
import type { Db } from '../../db/tables.js';
import type { StateStore } from '../../state/store.js';
import { badRequest, ClientError, ok } from '../../http/result.js';

const CODE = /^[A-Za-z0-9_-]{1,128}$/;
const EXCHANGE_TIMEOUT_MS = 5000;
/** How long the code last stored for a session is remembered in the shared state: a request repeating it writes nothing. */
const REMEMBERED_MS = 3_600_000;
const rememberedKey = (tokenHash: string) => `wechat:code:${tokenHash}`;

/**
 * Keeps the WeChat `code` a client sends with its requests (SPEC §4) with the request's session.
 * Written only when it changes (an UPDATE of sys_session also empties the token cache). A value
 * that is no WeChat code is ignored: the parameter rides on every request and must not break one.
 * Only the mini-program's routes keep it: elsewhere some routes give `code` a meaning of their own
 * (`/sys/schema/page?code=`), and the list grammar merely ignores it.
 */
export async function rememberWechatCode(db: Db, state: StateStore, token: string, code: unknown): Promise<void> {
  if (typeof code !== 'string' || !CODE.test(code)) return;
  const tokenHash = sha256(token);
  if (await state.get(rememberedKey(tokenHash)) === code) return;
  await db.updateTable('sysSession').set({ wechatCode: code }).where('tokenHash', '=', tokenHash).execute();
  await state.set(rememberedKey(tokenHash), code, REMEMBERED_MS);
}

interface Code2Session { openid?: unknown; errcode?: unknown; errmsg?: unknown }

/** Asks the configured code2session endpoint (WeChat's jscode2session contract) for the code's openid. */
async function exchange(config: { code2SessionUrl: string; appId?: string; secret?: string }, code: string): Promise<string> {
  const url = new URL(config.code2SessionUrl);
  if (config.appId) url.searchParams.set('appid', config.appId);
  if (config.secret) url.searchParams.set('secret', config.secret);
  url.searchParams.set('js_code', code);
  url.searchParams.set('grant_type', 'authorization_code');
  let body: Code2Session;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS) });
    body = await res.json() as Code2Session;
  } catch {
    throw new ClientError(502, '微信登录服务暂不可用，请稍后再试');
  }
  if (body.errcode !== undefined && Number(body.errcode) !== 0) {
    throw badRequest(`微信登录失败：${typeof body.errmsg === 'string' ? body.errmsg.slice(0, 100) : body.errcode}`);
  }
  if (typeof body.openid !== 'string' || !CODE.test(body.openid)) throw new ClientError(502, '微信登录服务应答不正确');
  return body.openid;
}

function codeOf(req: FastifyRequest): string {
  const code = (req.body as Record<string, unknown> | undefined)?.code ?? (req.query as Record<string, unknown>).code;
  if (code === undefined || code === '') throw badRequest('缺少参数 code');
  if (typeof code !== 'string' || !CODE.test(code)) throw badRequest('参数 code 格式不正确');
  return code;
}

/**
 * `POST /applet/wechat/session {code}`: a signed-in user's mini-program exchanges its WeChat code
 * for the openid, kept with the session. Refused with 400 未配置微信登录 while no endpoint is configured.
 */
export async function wechatRoutes(app: FastifyInstance): Promise<void> {
  app.post('/applet/wechat/session', { config: { access: 'login' } }, async (req) => {
    const config = app.ctx.config.wechat;
    if (!config?.code2SessionUrl) throw badRequest('未配置微信登录');
    const code = codeOf(req);
    const openid = await exchange({ ...config, code2SessionUrl: config.code2SessionUrl }, code);
    const tokenHash = req.tokenHash!;
    await app.ctx.db.updateTable('sysSession').set({ wechatCode: code, wechatOpenid: openid }).where('tokenHash', '=', tokenHash).execute();
    await app.ctx.state.set(rememberedKey(tokenHash), code, REMEMBERED_MS);
    return ok({ openid }, '微信登录成功');
  });
}
