import { http } from '../../../api/request';
import { reportApi } from '../../../widgets/popup/api';

export type { ReportColumn, ReportColumns, ReportQueryItem } from '../../../widgets/popup/api';

/** A report parameter as getParamsInfo lists it (onl_cgreport_param). */
export interface ReportParamInfo { paramName: string; paramTxt?: string | null; paramValue?: string | null }

/** The online report runtime (contract §10.2): the popup's calls, the parameters, and the export. */
export const reportPageApi = {
  ...reportApi,
  paramsInfo: (id: string) => http.get<ReportParamInfo[]>(`/online/cgreport/api/getParamsInfo/${encodeURIComponent(id)}`),
  exportXls: (id: string, params: Record<string, unknown>) => http.blob(`/online/cgreport/api/exportXls/${encodeURIComponent(id)}`, params),
};
