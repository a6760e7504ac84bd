import { http, type WriteOptions } from '../../api/request';
import type { Indicator, SheetScores } from '../../../schema/scoring';

/** One expert's sheet for one project, as GET /pms/review/sheet answers it. */
export interface ReviewSheetData {
  id: string;
  state: string;
  projectName: string;
  orgName: string;
  project: { track: string | null; summary: string | null; attachment: string | null; videoUrl: string | null };
  indicators: Indicator[];
  scores: SheetScores;
  comment: string;
  commentBelow: number | null;
}

export const reviewApi = {
  sheet: (id: string) => http.get<ReviewSheetData>('/pms/review/sheet', { id }),
  save: (id: string, scores: SheetScores, comment: string, opts?: WriteOptions) => http.put<null>('/pms/review/edit', { id, scores: JSON.stringify(scores), comment }, opts),
  /** Sent right after a save, which leaves the sheet 已保存 (draft). */
  submit: (id: string, opts?: WriteOptions) => http.post<null>('/pms/review/transition', { id, transition: 'submit', fromState: 'draft' }, opts),
};
