import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, ok } from '../../http/result.js';
import type { SysUser } from '../../db/tables.js';
import { formatDateTime } from '../../util/time.js';
import { userDeparts } from '../user/departs.js';
import { publicUser } from '../user/public-user.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const PHONE_RULE = /^1[3-9]\d{9}$/;
export const EMAIL_RULE = /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** An uploaded file's relative path (as /sys/common/upload answers it) or an http(s) address. */
const AVATAR_RULE = /^(https?:\/\/[^\s"'<>]+|[\w\-./]+)$/;

interface ProfileBody { realname?: string; avatar?: string | null; phone?: string | null; email?: string | null; sex?: number | null; birthday?: string | null }

const profileSchema = {
  type: 'object',
  properties: {
    realname: { type: 'string', maxLength: 50 },
    avatar: { type: ['string', 'null'], maxLength: 255 },
    phone: { type: ['string', 'null'], maxLength: 20 },
    email: { type: ['string', 'null'], maxLength: 100 },
    sex: { type: ['integer', 'null'], enum: [1, 2, null] },
    birthday: { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
  },
  additionalProperties: false,
} as const;

/** Why a profile change is refused, or null: the checks the settings form also makes. */
async function profileProblem(db: Kysely<any>, userId: string, b: ProfileBody): Promise<string | null> {
  if (b.realname !== undefined && !b.realname.trim()) return '请输入姓名!';
  if (b.phone && !PHONE_RULE.test(b.phone)) return '请输入正确格式的手机号码!';
  if (b.email && !EMAIL_RULE.test(b.email)) return '请输入正确格式的邮箱!';
  if (b.avatar && (!AVATAR_RULE.test(b.avatar) || b.avatar.includes('..'))) return '头像地址不正确';
  for (const [field, label] of [['phone', '手机号'], ['email', '邮箱']] as const) {
    const value = b[field];
    if (!value) continue;
    const taken = await db.selectFrom('sys_user').select('id').where(field, '=', value).where('id', '<>', userId).where('delFlag', '=', 0).executeTakeFirst();
    if (taken) return `该${label}已被其他用户使用`;
  }
  return null;
}

/**
 * 个人中心 and 个人设置 › 基本设置: my profile with departments, roles and recent activity; and the
 * change of my own name, avatar, phone, e-mail (checked, unique among users).
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const db = ctx.db as unknown as Kysely<any>;

  app.get('/sys/account/center', { config: { access: 'login' } }, async (req) => {
    const user = req.user!;
    const roles = await db.selectFrom('sys_user_role as ur').innerJoin('sys_role as r', 'r.id', 'ur.roleId')
      .select(['r.roleCode', 'r.roleName']).where('ur.userId', '=', user.id).orderBy('r.roleCode').execute();
    const activity = await db.selectFrom('sys_log').select(['id', 'logType', 'logContent', 'operateType', 'ip', 'method', 'requestUrl', 'costTime', 'createTime'])
      .where('userid', '=', user.id).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(20).execute();
    const departs = (await userDeparts(ctx.db, user.id)).map((d) => ({ id: d.id, departName: d.departName, orgCode: d.orgCode }));
    return ok({ userInfo: publicUser(user), departs, roles, activity });
  });

  app.put<{ Body: ProfileBody }>('/sys/account/profile', { config: { access: 'login' }, schema: { body: profileSchema } }, async (req) => {
    const user = req.user!;
    const b = req.body ?? {};
    const problem = await profileProblem(db, user.id, b);
    if (problem) throw badRequest(problem);
    const patch: Record<string, unknown> = {};
    if (b.realname !== undefined) patch.realname = b.realname.trim();
    for (const k of ['avatar', 'phone', 'email', 'sex', 'birthday'] as const) if (b[k] !== undefined) patch[k] = b[k] || null;
    if (!Object.keys(patch).length) throw badRequest('没有要修改的内容');
    await db.updateTable('sys_user').set({ ...patch, updateBy: user.username, updateTime: formatDateTime() }).where('id', '=', user.id).execute();
    const fresh = await db.selectFrom('sys_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    return ok({ userInfo: publicUser(fresh as SysUser) }, '修改成功!');
  });
}
