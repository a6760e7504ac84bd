import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { requireRoleManager } from './directory.js';

/**
 * `GET /sys/user/generateUserId` (JeecgBoot): a fresh unique id for a user about to be created —
 * the Vue 2 user and department forms ask for one before saving. The id is in this server's own
 * format (time-ordered, 19 digits), unused by any row. For the readers of the user or role page.
 */
export async function generateUserIdRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sys/user/generateUserId', { config: { access: { page: ['sys_role', 'sys_user'] } } }, async (req) => {
    await requireRoleManager(app.ctx, req, true);
    let id = newId();
    while (await app.ctx.db.selectFrom('sysUser').select('id').where('id', '=', id).executeTakeFirst()) id = newId();
    return ok(id);
  });
}
