import { http } from '../../api/request';

export interface ReportColumn { title: string; dataIndex: string; align?: 'left' | 'center' | 'right'; sorter?: boolean; width?: number; customRender?: string }
export interface ReportColumns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: ReportColumn[];
  dictOptions: Record<string, { value: string; text: string }[]>;
}
export interface ReportQueryItem { field: string; label: string; view: string; mode: 'single' | 'group'; dictCode?: string; hidden?: string }

/** The online report runtime (contract §10.2), the popup's only data source. */
export const reportApi = {
  columns: (code: string) => http.get<ReportColumns>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`),
  queryInfo: (id: string) => http.get<ReportQueryItem[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`),
  data: (id: string, params: Record<string, unknown>) => http.get<{ total: number; records: Record<string, unknown>[] }>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, params),
};
