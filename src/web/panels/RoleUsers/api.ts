import { http } from '../../api/request';
import type { Page } from '../../renderer/api';

/** A user as the role's list and the user picker show one (SPEC §3 "User in picker"). */
export interface RoleUser {
  id: string;
  username: string;
  realname: string | null;
  sex: number | null;
  sex_dictText?: string | null;
  phone: string | null;
  orgCodeTxt?: string | null;
  status?: number | null;
}

type Params = Record<string, unknown>;

export const roleUsersApi = {
  list: (roleId: string, params: Params) => http.get<Page<RoleUser>>('/sys/user/userRoleList', { ...params, roleId }),
  add: (roleId: string, userIdList: string[]) => http.post<null>('/sys/user/addSysUserRole', { roleId, userIdList }),
  remove: (roleId: string, userId: string) => http.delete<null>('/sys/user/deleteUserRole', { roleId, userId }),
  removeBatch: (roleId: string, userIds: string[]) => http.delete<null>('/sys/user/deleteUserRoleBatch', { roleId, userIds: userIds.join(',') }),
};

export { sexText } from '../../widgets/sel_user/api';
