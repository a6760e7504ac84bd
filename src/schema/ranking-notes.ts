import type { Ranked } from './scoring';

/**
 * The contest's ranking explained to people: the tie-break `rankWithin` (scoring.ts) applies, in
 * words (TIE_BREAK_RULE, kept with the public site's contract), and for each project sharing its final score with a neighbour what put it where it is.
 * The contest's rules state no tie-break of their own; this one is documented in
 * docs/schema-language.md and applied alike by the ranking, its export and the publication.
 */
export { TIE_BREAK_RULE } from './web-site';

export interface TieKeys<T> {
  score: (t: T) => number | null;
  allTotals: (t: T) => number[];
  submitted: (t: T) => string;
}

const mean = (totals: number[]) => (totals.length ? totals.reduce((a, b) => a + b, 0) / totals.length : 0);

/** What decided the order of two projects of the same final score, said of `t`; null when nothing did (they share a rank). */
function decided<T>(t: T, other: T, k: TieKeys<T>): string | null {
  const [m, n] = [mean(k.allTotals(t)), mean(k.allTotals(other))];
  if (m !== n) return `按全部评分平均分排序（${m.toFixed(2)}分）`;
  const [a, b] = [k.allTotals(t).length, k.allTotals(other).length];
  if (a !== b) return `按评分份数排序（${a}份）`;
  if (k.submitted(t) !== k.submitted(other)) return `按提交申报时间排序（${k.submitted(t) || '未记录'}）`;
  return null;
}

/**
 * For each ranked project whose final score equals its neighbour's in the list (one track, in rank
 * order): 「并列第3名：…均相同」 when it shares a rank, else 「同分，按评分份数排序（5份）」 — the
 * key that set it apart from the project before it (the first of the tied ones: from the one after).
 */
export function tieNotes<T>(ranked: Ranked<T>[], k: TieKeys<T>): Map<T, string> {
  const notes = new Map<T, string>();
  ranked.forEach(({ item, rank }, i) => {
    const same = (j: number) => j >= 0 && j < ranked.length && k.score(ranked[j].item) === k.score(item);
    if (!same(i - 1) && !same(i + 1)) return;
    const shared = (i > 0 && ranked[i - 1].rank === rank) || (i + 1 < ranked.length && ranked[i + 1].rank === rank);
    if (shared) { notes.set(item, `并列第${rank}名：最终得分、平均分、评分份数和提交时间均相同`); return; }
    const by = decided(item, ranked[same(i - 1) ? i - 1 : i + 1].item, k);
    if (by) notes.set(item, `同分，${by}`);
  });
  return notes;
}
