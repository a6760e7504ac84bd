import type { Design, DesignField, DesignIndex } from '../../../schema/cgform';
import type { DdlStep } from '../../../schema/ddl';
import type { ProcessDesign } from '../../../schema/cgform-process';
import { http } from '../../api/request';
import type { Page } from '../../renderer/api';

export interface SyncPlan {
  steps: DdlStep[];
  destructive: boolean;
}

export interface FormVersion {
  id: string;
  tableVersion: number;
  createBy?: string;
  createTime?: string;
}

/** The online-form designer's endpoints (contract §9.4), shared by the cgform panels. */
export const cgformApi = {
  add: (design: Design) => http.post<string>('/online/cgform/api/addAll', design),
  edit: (design: Design) => http.put<null>('/online/cgform/api/editAll', design),
  fields: (headId: string) => http.get<DesignField[]>('/online/cgform/field/listByHeadId', { headId }),
  indexes: (headId: string) => http.get<DesignIndex[]>('/online/cgform/index/listByHeadId', { headId }),
  syncPlan: (headId: string) => http.get<SyncPlan>(`/online/cgform/api/syncPlan/${headId}`),
  sync: (headId: string, method: 'normal' | 'force') => http.post<{ applied: DdlStep[]; skipped: DdlStep[]; subs?: string[] }>(`/online/cgform/api/doDbSynch/${headId}/${method}`, {}),
  versions: (headId: string, params: Record<string, unknown>) => http.get<Page<FormVersion>>('/online/cgform/version/list', { ...params, headId, column: 'tableVersion', order: 'desc' }),
  restore: (id: string, version: number) => http.post<null>('/online/cgform/head/restore', { id, version }),
  process: (headId: string) => http.get<ProcessDesign | null>(`/online/cgform/api/process/${headId}`),
  roles: () => http.get<Page<{ roleCode: string; roleName: string }>>('/sys/role/list', { pageNo: 1, pageSize: 100 }),
  addToMenu: (body: { id: string; parentId?: string; topLevel?: boolean; roleIds: string[] }) => http.post<string>('/online/cgform/head/addToMenu', body),
};

export { refusalOf } from '../../api/refusal';
