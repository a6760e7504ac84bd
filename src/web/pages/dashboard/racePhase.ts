import type { Race } from '../../api/types';

export interface RacePhase {
  /** info far from a deadline, warning in its last day, error in its last hour. */
  level: 'info' | 'warning' | 'error';
  text: string;
  /** The deadline counted down to, if any (ms on the same clock as `now`). */
  until?: number;
  /** Whether declaring is open now (an applicant may still submit). */
  declaring: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'YYYY-MM-DD HH:mm:ss' (or a bare date) read as local time, as the server writes it; NaN when absent or malformed. */
export function timeOf(value: string | null | undefined): number {
  if (!value || !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value)) return NaN;
  return new Date(value.length === 10 ? `${value}T00:00:00` : value.replace(' ', 'T')).getTime();
}

/** 3 天 4 小时 · 5 小时 12 分 · 12 分 30 秒 · 30 秒: two units, the largest first. */
export function remaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400), h = Math.floor((s % 86_400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  if (d) return `${d} 天 ${h} 小时`;
  if (h) return `${h} 小时 ${m} 分`;
  if (m) return `${m} 分 ${sec} 秒`;
  return `${sec} 秒`;
}

const levelFor = (left: number): RacePhase['level'] => (left <= HOUR ? 'error' : left <= DAY ? 'warning' : 'info');
const minute = (value: string) => value.slice(0, 16);

/**
 * Where the race stands at `now`: before declaring opens, while it is open (counting down to its
 * end), during the review (counting down to its end), or over. Null without a declaration window.
 */
export function racePhase(race: Race | null | undefined, now: number): RacePhase | null {
  if (!race) return null;
  const start = timeOf(race.declareStart), end = timeOf(race.declareEnd);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
  const title = `「${race.title}」`;
  if (now < start) return { level: 'info', text: `${title}申报将于 ${minute(race.declareStart!)} 开始`, declaring: false };
  if (now <= end) {
    return { level: levelFor(end - now), text: `${title}申报截止时间 ${minute(race.declareEnd!)}，距截止还有 ${remaining(end - now)}`, until: end, declaring: true };
  }
  const closed = `${title}申报已于 ${minute(race.declareEnd!)} 截止`;
  const reviewEnd = timeOf(race.reviewEnd);
  if (Number.isFinite(reviewEnd) && now <= reviewEnd) {
    return { level: levelFor(reviewEnd - now), text: `${closed}；评审截止时间 ${minute(race.reviewEnd!)}，距截止还有 ${remaining(reviewEnd - now)}`, until: reviewEnd, declaring: false };
  }
  return { level: 'info', text: closed, declaring: false };
}
