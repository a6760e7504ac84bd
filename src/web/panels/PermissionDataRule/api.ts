import { http } from '../../api/request';
import { RULE_VARIABLES, type DataRule } from '../../../schema/data-rules';

export type { DataRule } from '../../../schema/data-rules';
export { SQL_RULES } from '../../../schema/data-rules';

export type DataRuleInput = Omit<DataRule, 'id'> & { id?: string };

/** The system variables a rule value may use, as the value field suggests them. */
export const RULE_VARIABLE_HINTS = Object.entries(RULE_VARIABLES).map(([name, label]) => ({ value: `#{${name}}`, label }));

export const dataRuleApi = {
  list: (permissionId: string) => http.get<DataRule[]>('/sys/permission/getPermRuleListByPermId', { permissionId }),
  search: (permissionId: string, q: { ruleName?: string; ruleValue?: string }) => http.get<DataRule[]>('/sys/permission/queryPermissionRule', { permissionId, ...q }),
  add: (rule: DataRuleInput) => http.post<DataRule>('/sys/permission/addPermissionRule', rule),
  edit: (rule: DataRuleInput) => http.put<DataRule>('/sys/permission/editPermissionRule', rule),
  remove: (id: string) => http.delete<null>('/sys/permission/deletePermissionRule', { id }),
  /** The menu's rules and the ones the role's grant ticks (comma list). */
  ofRole: (permissionId: string, roleId: string) => http.get<{ datarule: DataRule[]; drChecked: string }>(`/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`),
  saveForRole: (body: { permissionId: string; roleId: string; dataRuleIds: string }) => http.post<string>('/sys/role/datarule', body),
};
