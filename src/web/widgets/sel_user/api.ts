import { http } from '../../api/request';
import type { Page } from '../../renderer/api';
import type { RoleUser } from '../../panels/RoleUsers/api';

/** A user as the picker lists one (SPEC §3 "User in picker"). */
export interface PickerUser extends RoleUser {
  orgCode: string | null;
  [column: string]: unknown;
}

export const userPickerApi = {
  /** One page of users, in a department (and those below it) when departId is given; newest first. */
  page: (params: Record<string, unknown>) => http.get<Page<PickerUser>>('/sys/user/queryUserComponentData', params),
};

/** SPEC §3: sex 1 male, 2 female; any other value (the guest's 0) shows nothing, not the raw code. */
export function sexText(u: { sex?: number | null; sex_dictText?: string | null }): string {
  const translated = u.sex_dictText && u.sex_dictText !== String(u.sex) ? u.sex_dictText : undefined;
  return translated ?? (u.sex === 1 ? '男' : u.sex === 2 ? '女' : '');
}
