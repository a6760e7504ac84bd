import type { FastifyInstance } from 'fastify';
import { ruleDb } from '../../crud/data-rules.js';
import { requireAction } from '../../crud/permission.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { requireRoleManager } from '../user/directory.js';
import { commaIds } from '../user/id-list.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/**
 * Which data rules of a menu a role's grant selects (角色授权 › 数据规则, contract §13): the menu's
 * rules with the ticked ones (`drChecked`), and saving the ticks. Reading is for the role page's
 * holders, saving for its 授权 button, as the grants themselves.
 */
export async function roleDataRuleRoutes(app: FastifyInstance): Promise<void> {
  const db = ruleDb(app.ctx.db);

  app.get<{ Params: { permissionId: string; roleId: string } }>('/sys/role/datarule/:permissionId/:roleId', {
    config: { access: { page: 'sys_role' } },
    schema: { params: { type: 'object', properties: { permissionId: text(32), roleId: text(32) } } },
  }, async (req) => {
    await requireRoleManager(app.ctx, req);
    const { permissionId, roleId } = req.params;
    const datarule = await db.selectFrom('sysPermissionDataRule').selectAll().where('permissionId', '=', permissionId).orderBy('createTime').orderBy('id').execute();
    // JeecgBoot's answer for a menu without rules: a plain failure.
    if (!datarule.length) return fail('未找到权限配置信息');
    const grant = await db.selectFrom('sysRolePermission').select('dataRuleIds').where('roleId', '=', roleId).where('permissionId', '=', permissionId).executeTakeFirst();
    const known = new Set(datarule.map((r) => r.id));
    const drChecked = (grant?.dataRuleIds ?? '').split(',').filter((id) => known.has(id)).join(',');
    return ok({ datarule, drChecked });
  });

  app.post<{ Body: { permissionId?: string; roleId?: string; dataRuleIds?: string } }>('/sys/role/datarule', {
    config: { access: { permission: 'system:role:auth' } },
    schema: { body: { type: 'object', properties: { permissionId: text(32), roleId: text(32), dataRuleIds: text(1000) } } },
  }, async (req) => {
    await requireAction(app.ctx.db, req, 'system:role:auth');
    const { permissionId, roleId } = req.body ?? {};
    if (!permissionId) throw badRequest('缺少参数 permissionId');
    if (!roleId) throw badRequest('缺少参数 roleId');
    const ids = commaIds(req.body.dataRuleIds, '数据规则');
    const grant = await db.selectFrom('sysRolePermission').select('id').where('roleId', '=', roleId).where('permissionId', '=', permissionId).executeTakeFirst();
    if (!grant) throw badRequest('请先保存角色菜单权限!');
    if (ids.length) {
      const own = new Set((await db.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', permissionId).where('id', 'in', ids).execute()).map((r) => r.id));
      const stray = ids.find((id) => !own.has(id));
      if (stray) throw badRequest(`数据规则不存在或不属于该菜单: ${stray}`);
    }
    await db.updateTable('sysRolePermission').set({ dataRuleIds: ids.length ? ids.join(',') : null }).where('id', '=', grant.id).execute();
    return okMessage('保存成功!');
  });
}
