import { http, type WriteOptions } from '../../api/request';
import type { Indicator, SheetScores } from '../../../schema/scoring';

/** An indicator of a plan's template, with the standard of each grade. */
export interface AssessIndicator extends Indicator {
  excellentDesc?: string | null;
  goodDesc?: string | null;
  passDesc?: string | null;
  failDesc?: string | null;
}

/** One assessor's sheet for one assessee, as GET /assess/task/sheet answers it. */
export interface AssessSheetData {
  id: string;
  state: string;
  planName: string;
  planState: string;
  period: string;
  assesseeName: string;
  kindText: string;
  indicators: AssessIndicator[];
  scores: SheetScores;
  comment: string;
  commentBelow: number | null;
}

export const assessSheetApi = {
  sheet: (id: string) => http.get<AssessSheetData>('/assess/task/sheet', { id }),
  save: (id: string, scores: SheetScores, comment: string, opts?: WriteOptions) => http.put<null>('/assess/task/edit', { id, scores: JSON.stringify(scores), comment }, opts),
  /** Sent right after a save, which leaves the sheet 已保存 (draft). */
  submit: (id: string, opts?: WriteOptions) => http.post<null>('/assess/task/transition', { id, transition: 'submit', fromState: 'draft' }, opts),
};
