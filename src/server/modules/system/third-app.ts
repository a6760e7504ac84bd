import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/result.js';

/**
 * JeecgBoot's 第三方APP 同步 buttons (用户管理, 部门管理) ask which third-party apps are enabled
 * (ThirdAppController.getEnabledType). This server syncs with none — neither WeChat Work nor
 * DingTalk — so both are false and the client shows no sync button.
 */
export async function thirdAppRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sys/thirdApp/getEnabledType', { config: { access: 'login' } }, async () => ok({ wechatEnterprise: false, dingtalk: false }));
}
