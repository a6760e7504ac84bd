import type { FastifyInstance } from 'fastify';
import { fail, okMessage } from '../../http/result.js';
import { loginResult } from './result.js';
import { SmsCodes } from './sms-codes.js';
import { minutesText, Quota } from '../../state/quota.js';

/** Delivers a login code to a mobile phone. */
export interface SmsSender {
  send(mobile: string, code: string): Promise<void>;
}

/**
 * There is no SMS gateway on this machine: the default sender writes the code to the server log
 * (app.log.info), where an operator or a test reads it. A deployment with a gateway passes its own
 * sender as the `smsSender` plugin option.
 */
function logSmsSender(app: FastifyInstance): SmsSender {
  return {
    async send(mobile, code) {
      app.log.info({ mobile }, `SMS login code for ${mobile}: ${code}`);
    },
  };
}

const mobileNumber = { type: 'string', pattern: '^1\\d{10}$' } as const;
const smsBody = {
  type: 'object',
  required: ['mobile', 'smsmode'],
  // smsmode (contract §2.5): 0 login, 1 register, 2 forgotten password; all share one code per mobile.
  properties: { mobile: mobileNumber, smsmode: { type: 'string', enum: ['0', '1', '2'] } },
} as const;
const phoneLoginBody = {
  type: 'object',
  required: ['mobile', 'captcha'],
  properties: { mobile: mobileNumber, captcha: { type: 'string', minLength: 1, maxLength: 8 } },
} as const;

/** Contract §2.5: log in with a six-digit code sent by SMS. */
export async function phoneLoginRoutes(app: FastifyInstance, opts: { smsSender?: SmsSender } = {}): Promise<void> {
  const { db, dicts } = app.ctx;
  const sender = opts.smsSender ?? logSmsSender(app);
  const codes = new SmsCodes(db, app.ctx.state);
  // Wrong codes per address: one host cannot void the codes of many phones (each code dies after five).
  const wrongFromAddress = new Quota(app.ctx.state, 'phone-login:wrong', 30, 15 * 60_000);

  // Sent whether or not the number belongs to a user, so this form cannot list registered phones.
  app.post<{ Body: { mobile: string; smsmode: string } }>('/sys/sms', { config: { public: true }, schema: { body: smsBody } }, async (req) => {
    const issued = await codes.issue(req.body.mobile, req.ip);
    if ('refusal' in issued) return fail(issued.refusal);
    await sender.send(req.body.mobile, issued.code);
    return okMessage('验证码已发送，10分钟内有效');
  });

  app.post<{ Body: { mobile: string; captcha: string } }>('/sys/phoneLogin', { config: { public: true }, schema: { body: phoneLoginBody } }, async (req, reply) => {
    const { mobile, captcha } = req.body;
    const wait = await wrongFromAddress.waitMs(req.ip);
    if (wait > 0) {
      reply.status(429).header('Retry-After', String(Math.ceil(wait / 1000)));
      return fail(`操作过于频繁，请${minutesText(wait)}后再试`, 429);
    }
    if (!(await codes.consume(mobile, captcha.trim()))) {
      await wrongFromAddress.use(req.ip);
      return fail('手机验证码错误');
    }

    // Checked after the code, so only the owner of the phone learns whether it has an account.
    const user = await db.selectFrom('sysUser').selectAll().where('phone', '=', mobile).orderBy('delFlag').executeTakeFirst();
    if (!user) return fail('该用户不存在，请注册');
    if (user.delFlag === 1) return fail('该用户已注销');
    if (user.status === 2) return fail('该用户已冻结');
    return loginResult(db, dicts, req, user, '登录成功');
  });
}
