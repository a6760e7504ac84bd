import { http } from '../../api/request';

/** One assessee of a plan, as GET /assess/plan/results answers it. */
export interface AssessResultRow {
  assessee: string;
  realname: string;
  departId: string | null;
  departName: string;
  total: number | null;
  grade: string | null;
  gradeText: string;
  rank: number | null;
  sheets: number;
  weightNote: string | null;
}

export const assessResultsApi = {
  list: (id: string) => http.get<{ state: string; taskProgress: string | null; rows: AssessResultRow[] }>('/assess/plan/results', { id }),
  exportXls: (id: string) => http.blob('/assess/plan/exportResults', { id }),
};
