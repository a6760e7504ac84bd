import { http } from '../../api/request';

/** A node of the role-assignment tree (queryTreeList): menus and buttons; leaves have children null. */
export interface PermissionNode {
  key: string;
  title: string;
  slotTitle?: string;
  value?: string;
  parentId: string | null;
  menuType: number;
  isLeaf: boolean;
  ruleFlag?: number;
  children: PermissionNode[] | null;
}

export const rolePermissionApi = {
  tree: () => http.get<{ treeList: PermissionNode[]; ids: string[] }>('/sys/permission/queryTreeList'),
  granted: (roleId: string) => http.get<string[]>('/sys/permission/queryRolePermission', { roleId }),
  save: (body: { roleId: string; permissionIds: string; lastpermissionIds: string }) =>
    http.post<null>('/sys/permission/saveRolePermission', body),
};
