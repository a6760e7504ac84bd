import type { FastifyInstance } from 'fastify';
import { requireAction } from '../../crud/permission.js';
import type { SysPermission } from '../../db/tables.js';
import { badRequest, ok, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { nest } from '../permission/nest.js';
import { permissionRows } from '../permission/permission-rows.js';
import { requireRoleManager } from '../user/directory.js';
import { commaIds, inChunks } from '../user/id-list.js';
import { inTransaction } from '../../db/transaction.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** A node of the assignment tree (contract §13.2 queryTreeList, JeecgBoot TreeModel): leaves carry children null. */
export interface PermissionTreeNode {
  key: string;
  title: string;
  slotTitle: string;
  value: string;
  label: string;
  parentId: string | null;
  icon: string | null;
  menuType: number;
  isLeaf: boolean;
  /** What JeecgBoot's menu form reads (as `isLeaf` for its tree select). */
  leaf?: boolean;
  ruleFlag: number;
  children: PermissionTreeNode[] | null;
}

export function assignmentTree(rows: SysPermission[]): PermissionTreeNode[] {
  return nest<SysPermission, PermissionTreeNode>(rows, (p) => p.id, (p) => p.parentId, (p, children) => ({
    key: p.id, title: p.name, slotTitle: p.name, value: p.id, label: p.name, parentId: p.parentId, icon: p.icon,
    menuType: p.menuType, isLeaf: !children.length, leaf: !children.length, ruleFlag: p.ruleFlag, children: children.length ? children : null,
  }));
}

/**
 * What a grant must hold to be usable: every granted menu's parent folders, up to the root (a page
 * whose folder is not granted never reaches the user's menu). Buttons stay as sent: a button alone
 * is an action the server honours, and which of a page's buttons go with it is the granter's choice.
 */
export function withParentMenus(rows: Pick<SysPermission, 'id' | 'parentId' | 'menuType'>[], ids: string[]): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Set(ids);
  for (const id of ids) {
    let row = byId.get(id);
    if (!row || row.menuType === 2) continue;
    while (row?.parentId && !out.has(row.parentId)) {
      out.add(row.parentId);
      row = byId.get(row.parentId);
    }
  }
  return [...out];
}

/** Role authorisation (授权): the whole menu and button tree, a role's grants, and saving them. */
export async function rolePermissionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  const requireRole = async (roleId: string | undefined) => {
    if (!roleId) throw badRequest('缺少参数 roleId');
    if (!(await db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst())) throw badRequest('角色不存在');
    return roleId;
  };

  app.get('/sys/permission/queryTreeList', { config: { access: 'login' } }, async () => {
    const rows = await permissionRows(db);
    return ok({ treeList: assignmentTree(rows), ids: rows.map((r) => r.id) });
  });

  app.get<{ Querystring: { roleId?: string } }>('/sys/permission/queryRolePermission', {
    config: { access: { page: 'sys_role' } },
    schema: { querystring: { type: 'object', properties: { roleId: text(32) } } },
  }, async (req) => {
    await requireRoleManager(app.ctx, req);
    const roleId = await requireRole(req.query.roleId);
    const rows = await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute();
    return ok(rows.map((r) => r.permissionId));
  });

  app.post<{ Body: { roleId?: string; permissionIds?: string; lastpermissionIds?: string } }>('/sys/permission/saveRolePermission', {
    config: { access: { permission: 'system:role:auth' } },
    schema: {
      body: {
        type: 'object',
        properties: { roleId: text(32), permissionIds: text(300_000), lastpermissionIds: text(300_000) },
      },
    },
  }, async (req) => {
    await requireAction(db, req, 'system:role:auth');
    const roleId = await requireRole(req.body.roleId);
    const sent = commaIds(req.body.permissionIds, '权限');
    const rows = await db.selectFrom('sysPermission').select(['id', 'parentId', 'menuType']).execute();
    const known = new Set(rows.map((r) => r.id));
    const unknown = sent.find((id) => !known.has(id));
    if (unknown) throw badRequest(`权限不存在: ${unknown}`);
    const wanted = withParentMenus(rows, sent);
    await inTransaction(db, async (tx) => {
      const current = new Set((await tx.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', roleId).execute()).map((r) => r.permissionId));
      // The contract sends the tree's state before and after editing: only what changed is written,
      // so two administrators editing different branches do not undo each other.
      const before = req.body.lastpermissionIds === undefined ? current : new Set(commaIds(req.body.lastpermissionIds, '权限'));
      const after = new Set(wanted);
      const added = wanted.filter((id) => !before.has(id) && !current.has(id));
      const removed = [...before].filter((id) => !after.has(id));
      if (removed.length) await inChunks(removed, (slice) => tx.deleteFrom('sysRolePermission').where('roleId', '=', roleId).where('permissionId', 'in', slice).execute());
      if (added.length) await inChunks(added, (slice) => tx.insertInto('sysRolePermission').values(slice.map((permissionId) => ({ id: newId(), roleId, permissionId }))).execute());
    });
    return okMessage('保存成功！');
  });
}
