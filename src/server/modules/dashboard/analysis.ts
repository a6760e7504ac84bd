import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { areaData } from '../../area-data.js';
import { areaPath } from '../../../schema/area.js';
import type { RowScope } from '../../crud/hooks.js';
import { dbOf, scoped } from './access.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const SUBMITTED = ['submitted', 'returned', 'passed', 'rejected'];
const AUDITED = ['returned', 'passed', 'rejected'];
const DAYS = 30;

const keyOf = (v: unknown): string | null => (v == null ? null : String(v));
const add = (m: Map<string | null, number>, k: string | null, n: number) => m.set(k, (m.get(k) ?? 0) + n);
/** A figure's entries as a GROUP BY of its key answers them on SQLite: the empty key first, then by value. */
const inKeyOrder = (m: Map<string | null, number>) => [...m].sort(([a], [b]) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));

const dayString = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` calendar days (UTC, as times are stored) ending today, oldest first. */
function lastDays(days: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(dayString(new Date(now.getTime() - i * 86_400_000)));
  return out;
}

/**
 * 首页 figures for a contest administrator (issue 15), each a GROUP BY over the projects the user's
 * row rules reach: declared, submitted, passed, scored; declarations per day, by track and by
 * province; audit and scoring progress. `raceId` narrows to one contest.
 */
export async function analysisFigures(req: FastifyRequest, scope: RowScope | null, raceId?: string) {
  const { ctx } = req.server;
  const db = dbOf(req);
  const projects = () => scoped(db.selectFrom('pms_project').$if(!!raceId, (q: any) => q.where('raceId', '=', raceId)), scope);

  // One pass for the figures by state, track and province: pms_project's (state, track, region) index covers it.
  const groups = await projects().select(['state', 'track', 'region', (eb: any) => eb.fn.countAll().as('n')])
    .groupBy(['state', 'track', 'region']).execute() as { state: unknown; track: unknown; region: unknown; n: unknown }[];
  const byState = new Map<string | null, number>(), tracks = new Map<string | null, number>(), regions = new Map<string | null, number>();
  for (const g of groups) {
    const n = Number(g.n), state = keyOf(g.state);
    add(byState, state, n);
    if (SUBMITTED.includes(state as string)) { add(tracks, keyOf(g.track), n); add(regions, keyOf(g.region), n); }
  }
  const total = [...byState.values()].reduce((a, b) => a + b, 0);
  const sum = (states: string[]) => states.reduce((n, s) => n + (byState.get(s) ?? 0), 0);

  const days = lastDays(DAYS);
  const perDayRows = await projects().select([sql<string>`substr(${sql.ref('submitTime')}, 1, 10)`.as('day'), (eb: any) => eb.fn.countAll().as('n')])
    .where('submitTime', '>=', `${days[0]} 00:00:00`).groupBy(sql`substr(${sql.ref('submitTime')}, 1, 10)`).execute();
  const perDayMap = new Map(perDayRows.map((r: any) => [String(r.day), Number(r.n)]));

  const trackText = (await ctx.dicts.texts('race_track')) ?? new Map<string, string>();
  const byTrack = inKeyOrder(tracks)
    .map(([track, count]) => ({ track, label: track == null ? '未填写' : trackText.get(track) ?? track, count }))
    .sort((a, b) => b.count - a.count);

  const area = areaData();
  const provinces = new Map<string, { province: string | null; label: string; count: number }>();
  for (const [region, count] of inKeyOrder(regions)) {
    const code = region ? areaPath(region, area)?.[0] ?? null : null;
    const label = code ? area['86']?.[code] ?? code : '未填写';
    const p = provinces.get(label) ?? { province: code, label, count: 0 };
    p.count += count;
    provinces.set(label, p);
  }

  // Scoring: a project counts as scored when every expert assigned to it has submitted a sheet.
  // Each sheet looks its project up (EXISTS): an IN list of the projects would read every project the user reaches.
  const sheets = await db.selectFrom('pms_project_review as r')
    .where(({ exists }) => exists(projects().select(sql.lit(1).as('one')).whereRef('pms_project.id', '=', 'r.projectId')))
    .select(['r.projectId', (eb: any) => eb.fn.countAll().as('n'), sql<number>`sum(case when r.state = 'submitted' then 1 else 0 end)`.as('done')])
    .groupBy('r.projectId').execute();
  const sheetCount = sheets.reduce((n: number, s: any) => n + Number(s.n), 0);
  const sheetsDone = sheets.reduce((n: number, s: any) => n + Number(s.done), 0);
  const scored = sheets.filter((s: any) => Number(s.n) > 0 && Number(s.done) === Number(s.n)).length;

  return {
    totals: { declared: total, submitted: sum(SUBMITTED), passed: byState.get('passed') ?? 0, scored },
    byState: inKeyOrder(byState).map(([state, count]) => ({ state, count })),
    perDay: days.map((day) => ({ day, count: perDayMap.get(day) ?? 0 })),
    byTrack,
    byRegion: [...provinces.values()].sort((a, b) => b.count - a.count),
    audit: { submitted: sum(SUBMITTED), audited: sum(AUDITED), pending: byState.get('submitted') ?? 0 },
    scoring: { projects: sheets.length, scored, sheets: sheetCount, sheetsSubmitted: sheetsDone },
  };
}
