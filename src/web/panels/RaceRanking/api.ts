import { http } from '../../api/request';

/** One project in a contest's ranking, as GET /pms/race/ranking answers it. */
export interface RankingRow {
  id: string;
  track: string;
  track_dictText: string;
  rank: number | null;
  name: string;
  orgName: string;
  /** Null while none of its sheets is in (listed after the ranked ones of its track). */
  finalScore: number | null;
  /** Sheets submitted, of `assigned` given to experts. */
  reviews: number;
  assigned: number;
  /** Where the final score is shared: what decided the place (「同分，按评分份数排序（5份）」, 「并列第3名：…」). */
  tieBreak: string | null;
}

export const rankingApi = {
  list: (id: string) => http.get<RankingRow[]>('/pms/race/ranking', { id }),
  exportXls: (id: string, track?: string) => http.blob('/pms/race/exportRanking', track ? { id, track } : { id }),
};

/** The tracks present in a ranking, in its order, as select options. */
export function tracksOf(rows: RankingRow[]): { value: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const r of rows) if (!seen.has(r.track)) seen.set(r.track, r.track_dictText || r.track);
  return [...seen].map(([value, label]) => ({ value, label }));
}
