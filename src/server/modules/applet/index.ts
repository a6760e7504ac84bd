import type { FastifyInstance } from 'fastify';
import type { SchemaModule } from '../../crud/hooks.js';
import type { Query } from '../web/paging.js';
import { publishModule } from '../web/publish-module.js';
import { feedbackModule, feedbackRoutes } from './feedback.js';
import { appletRoutes } from './routes.js';
import { scheduleHooks, spentScheduleCleared } from './schedule.js';
import { rememberWechatCode, wechatRoutes } from './wechat.js';

/**
 * 小程序轮播图 and 小程序文章: the public site's 发布/取消发布, plus the schedule (小程序通知 is in pms/applet-notice.ts);
 * 意见反馈: its page's add under the mini-program's limit.
 */
export const APPLET_MODULES: SchemaModule[] = [...['pms_applet_banner', 'pms_applet_article']
  .map((code) => publishModule(code, { own: scheduleHooks, more: spentScheduleCleared })), feedbackModule];

/** The mini-program's API (`/applet/*`): content, 意见反馈, WeChat login; the `code` it sends is kept with its session. */
export async function appletApi(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (req) => {
    if (req.token) await rememberWechatCode(app.ctx.db, app.ctx.state, req.token, (req.query as Query | undefined)?.code);
  });
  await app.register(appletRoutes);
  await app.register(feedbackRoutes());
  await app.register(wechatRoutes);
}
