import { http } from '../../api/request';

/** One assessee's result card, as GET /assess/result/card answers it (never who gave which score). */
export interface ResultCardData {
  realname: string;
  departName: string;
  planName: string;
  planState: string;
  period: string;
  total: number | null;
  grade: string | null;
  deptRank: number | null;
  weightNote: string | null;
  sheets: { submitted: number; all: number };
  kinds: { key: string; label: string; weight: number; share: number; score: number | null; sheets: number }[];
  indicators: { id: string; name: string; maxScore: number; weight: number; score: number | null }[];
}

export const resultCardApi = {
  card: (id: string) => http.get<ResultCardData>('/assess/result/card', { id }),
};

export const GRADE_TEXT: Record<string, string> = { excellent: '优秀', good: '良好', pass: '合格', fail: '不合格' };

/** The indicator breakdown as chart rows: each indicator's score as a share of its maximum. */
export function indicatorBars(card: Pick<ResultCardData, 'indicators'>): { 指标: string; 得分率: number }[] {
  return card.indicators.map((i) => ({ 指标: i.name, 得分率: i.score === null ? 0 : Math.round((i.score / i.maxScore) * 1000) / 10 }));
}
