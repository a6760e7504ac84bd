import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { aggregate, rankWithin } from '../../../schema/scoring.js';
import { tieNotes } from '../../../schema/ranking-notes.js';
import type { PageSchema } from '../../../schema/types.js';
import { writeWorkbook } from '../../crud/excel-write.js';
import type { Row } from '../../crud/hooks.js';
import { requestActions, requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { updateByKey } from '../../db/update-by-key.js';
import { badRequest, ClientError, ok } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { REVIEW } from './review-module.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';
import type { SysUser } from '../../db/tables.js';
import { notifyEach, type Notice } from '../announcement/notify.js';
import { recordLinker, recordNames } from '../announcement/record-notice.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const PUBLISH = 'pms:race:publish';
const PROJECT = 'pms_project';

/** The columns of an exported ranking (writeWorkbook's layout: title, exported by, header, rows). */
const RANKING_SHEET = {
  code: 'pms_race_ranking', title: '赛事排名', table: 'pms_race_ranking', api: '/pms/race/ranking',
  fields: [
    { name: 'track', label: '赛道', type: 'string' }, { name: 'rank', label: '排名', type: 'int' },
    { name: 'name', label: '项目名称', type: 'string' }, { name: 'orgName', label: '申报单位', type: 'string' },
    { name: 'finalScore', label: '最终得分', type: 'decimal' }, { name: 'reviews', label: '评分份数', type: 'int' },
    { name: 'assigned', label: '分配份数', type: 'int' }, { name: 'tieBreak', label: '同分说明', type: 'string' },
  ],
} as unknown as PageSchema;

/** A passed project: its submitted totals, how many sheets it was given (submitted or not), its final score. */
interface Scored { id: string; name: string; orgName: string; track: string; submitTime: string; totals: number[]; assigned: number; finalScore: number | null }

/** Every passed project of a contest with its submitted totals and final score. */
async function scoredProjects(db: Kysely<any>, raceId: string): Promise<{ projects: Scored[]; pending: number }> {
  const projects = await db.selectFrom('pms_project').select(['id', 'name', 'orgName', 'track', 'submitTime'])
    .where('raceId', '=', raceId).where('state', '=', 'passed').execute() as Row[];
  const reviews = await db.selectFrom(REVIEW).select(['projectId', 'state', 'total']).where('raceId', '=', raceId).execute() as Row[];
  const totals = new Map<string, number[]>();
  const assigned = new Map<string, number>();
  let pending = 0;
  for (const r of reviews) {
    assigned.set(String(r.projectId), (assigned.get(String(r.projectId)) ?? 0) + 1);
    if (r.state !== 'submitted') { pending += 1; continue; }
    totals.set(String(r.projectId), [...(totals.get(String(r.projectId)) ?? []), Number(r.total)]);
  }
  return {
    pending,
    projects: projects.map((p) => {
      const t = totals.get(String(p.id)) ?? [];
      return { id: String(p.id), name: String(p.name), orgName: String(p.orgName ?? ''), track: String(p.track), submitTime: String(p.submitTime ?? ''), totals: t, assigned: assigned.get(String(p.id)) ?? 0, finalScore: aggregate(t) };
    }),
  };
}

/** Each ranked project's applicant is told its final score and rank, opening it from 我的项目. */
async function tellApplicants(tx: Kysely<any>, schema: PageSchema, projects: Scored[], ranks: Map<string, number>, user: SysUser): Promise<void> {
  const owners = await tx.selectFrom(PROJECT).select(['id', 'createBy', 'name', 'state']).where('id', 'in', [...ranks.keys(), '']).execute() as Row[];
  const byId = new Map(projects.map((p) => [p.id, p]));
  const linkFor = recordLinker(tx, schema);
  const notices: Notice[] = [];
  for (const row of owners) {
    const p = byId.get(String(row.id));
    if (!p || !row.createBy || p.finalScore === null) continue;
    const username = String(row.createBy);
    const title = `${recordNames(schema, [row])}评审结果已公示`;
    notices.push({
      usernames: [username], title, sender: user.username, busType: PROJECT, busId: String(row.id),
      content: `${title}：最终得分 ${Number(p.finalScore).toFixed(2)}，赛道排名第${ranks.get(p.id)}名（${p.totals.length}份评分）`,
      openPage: await linkFor(username, row),
    });
  }
  await notifyEach(tx, notices);
}

const RANK_KEYS = { group: (p: Scored) => p.track, score: (p: Scored) => p.finalScore, allTotals: (p: Scored) => p.totals, submitted: (p: Scored) => p.submitTime, name: (p: Scored) => p.name };

/** The ranking per track, in rank order, ties sharing a rank (src/schema/scoring.ts). */
export function rankingOf(projects: Scored[]) {
  return rankWithin(projects, RANK_KEYS);
}

async function trackLabels(req: FastifyRequest) {
  const items = (await req.server.ctx.dicts.items('race_track')) ?? [];
  return (v: string) => items.find((i) => i.value === v)?.text ?? v;
}

/**
 * The rows of 评审排名 and its export: each track's ranked projects, each with its sheets submitted of
 * those assigned and, where it shares its final score, what decided its place (ranking-notes.ts);
 * then the track's projects given sheets of which none is in yet, unranked.
 */
async function rankingRows(req: FastifyRequest, projects: Scored[]) {
  const label = await trackLabels(req);
  const row = (p: Scored, rank: number | null, tieBreak: string | null) => ({
    track: p.track, track_dictText: label(p.track), rank, id: p.id, name: p.name, orgName: p.orgName, finalScore: p.finalScore,
    reviews: p.totals.length, assigned: p.assigned, tieBreak,
  });
  const ranked = rankingOf(projects);
  const waiting = projects.filter((p) => p.finalScore === null && p.assigned > 0).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  const tracks = [...new Set([...ranked.keys(), ...waiting.map((p) => p.track)])];
  return tracks.flatMap((track) => {
    const list = ranked.get(track) ?? [];
    const notes = tieNotes(list, RANK_KEYS);
    return [...list.map(({ item, rank }) => row(item, rank, notes.get(item) ?? null)), ...waiting.filter((p) => p.track === track).map((p) => row(p, null, null))];
  });
}

/**
 * Results of a contest: `POST /pms/race/publishResults {id, force?}` computes each passed project's
 * final score and rank in its track and publishes them (refused while sheets are unsubmitted unless
 * forced); `GET /pms/race/ranking?id=` for its managers; `GET /web/ranking` for the public site,
 * published contests only. An applicant reads score and rank on their project once published.
 */
export async function resultRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const raceOf = async (id: unknown) => {
    if (typeof id !== 'string' || !id) throw badRequest('缺少参数 id');
    const race = await db.selectFrom('pms_race').select(['id', 'title', 'resultPublished']).where('id', '=', id).executeTakeFirst() as Row | undefined;
    if (!race) throw new ClientError(404, '赛事不存在');
    return race;
  };

  app.post<{ Body: { id?: unknown; force?: unknown } }>('/pms/race/publishResults', { config: { access: { permission: PUBLISH } }, ...documentedOnly({ body: fields({ id: ['string', '赛事id'], force: ['boolean', '还有未提交的评分时仍然公示'] }) }) }, async (req) => {
    await requireAction(app.ctx.db, req, PUBLISH);
    const race = await raceOf(req.body?.id);
    const { projects, pending } = await scoredProjects(db, String(race.id));
    if (pending && req.body?.force !== true) throw new ClientError(409, `还有${pending}份评分未提交，确定要公示请选择强制公示`);
    if (!projects.some((p) => p.finalScore !== null)) throw new ClientError(409, '还没有已提交的评分，无法公示');
    const ranks = new Map([...rankingOf(projects).values()].flat().map(({ item, rank }) => [item.id, rank]));
    const user = req.user!;
    await inTransaction(db, async (tx) => {
      await updateByKey(tx, 'pms_project', 'id', [{ name: 'finalScore', cast: 'numeric' }, { name: 'rank', cast: 'integer' }],
        projects.map((p) => [p.id, p.finalScore, ranks.get(p.id) ?? null]));
      // Who published, and how many sheets were still open then (a forced publication says so on the ranking).
      await tx.updateTable('pms_race').set({ resultPublished: '1', resultPublishTime: formatDateTime(), resultPublishBy: user.username, resultOpenSheets: pending })
        .where('id', '=', String(race.id)).execute();
      await tellApplicants(tx, app.ctx.schemas.get(PROJECT)!, projects, ranks, user);
    });
    return ok(null, `「${race.title}」结果已公示，共${ranks.size}个项目${pending ? `（强制公示，${pending}份评分未提交）` : ''}`);
  });

  /** The ranking as it stands (computed from the submitted sheets, published or not), one track or all. */
  const ranking = async (req: FastifyRequest<{ Querystring: { id?: string; track?: string } }>) => {
    const held = await requestActions(app.ctx.db, req);
    if (!held.has(PUBLISH) && !held.has('pms:project:export')) await requireAction(app.ctx.db, req, PUBLISH);
    const race = await raceOf(req.query.id);
    const track = req.query.track;
    if (track !== undefined && typeof track !== 'string') throw badRequest('赛道参数格式错误');
    const rows = await rankingRows(req, (await scoredProjects(db, String(race.id))).projects);
    return { race, rows: track ? rows.filter((r) => r.track === track) : rows };
  };

  app.get<{ Querystring: { id?: string; track?: string } }>('/pms/race/ranking', { config: { access: { permission: [PUBLISH, 'pms:project:export'] } }, ...documentedOnly({ querystring: fields({ id: ['string', '赛事id（默认当前赛事）'], track: ['string', '赛道'] }) }) }, async (req) => ok((await ranking(req)).rows));

  app.get<{ Querystring: { id?: string; track?: string } }>('/pms/race/exportRanking', { config: { access: { permission: [PUBLISH, 'pms:project:export'] } }, ...documentedOnly({ querystring: fields({ id: ['string', '赛事id（默认当前赛事）'], track: ['string', '赛道'] }) }) }, async (req, reply) => {
    const { race, rows } = await ranking(req);
    const file = await writeWorkbook(RANKING_SHEET, rows, req.user!.realname || req.user!.username);
    const name = `${String(race.title)}排名.xlsx`;
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename="ranking.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(file);
  });

  app.get('/web/ranking', { config: { public: true } }, async (req) => {
    const races = await db.selectFrom('pms_race').select(['id', 'title', 'resultPublishTime']).where('resultPublished', '=', '1')
      .orderBy('resultPublishTime', 'desc').execute() as Row[];
    const out = [];
    for (const race of races) {
      const { rows } = await publishedRanking(req, String(race.id));
      out.push({ id: race.id, title: race.title, publishTime: race.resultPublishTime, projects: rows });
    }
    return ok(out);
  });
}

/**
 * The ranked projects of a contest as published (track, rank, name order), with the columns the
 * public may see, one track or all, one page or all: for the public site and the mini-program. The
 * caller checks the contest is published.
 */
export async function publishedRanking(req: FastifyRequest, raceId: string, opts: { track?: string; limit?: number; offset?: number } = {}) {
  const db = req.server.ctx.db as unknown as Kysely<any>;
  let ranked = db.selectFrom('pms_project').where('raceId', '=', raceId).where('state', '=', 'passed').where('rank', 'is not', null);
  if (opts.track) ranked = ranked.where('track', '=', opts.track);
  const counted = opts.limit === undefined ? undefined : await ranked.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let q = ranked.select(['id', 'name', 'orgName', 'track', 'finalScore', 'rank']).orderBy('track').orderBy('rank').orderBy('name');
  if (opts.limit !== undefined) q = q.limit(opts.limit).offset(opts.offset ?? 0);
  const rows = await q.execute() as Row[];
  const label = await trackLabels(req);
  return {
    total: counted ? Number(counted.n) : rows.length,
    rows: rows.map((r) => ({ ...r, track_dictText: label(String(r.track)) })),
  };
}

/** Hides score and rank on rows of contests not yet published from everyone but their publishers. */
export async function hideUnpublished(db: Kysely<any>, req: FastifyRequest, rows: Row[]): Promise<void> {
  if (!rows.some((r) => r.finalScore !== null || r.rank !== null)) return;
  if ((await requestActions(req.server.ctx.db, req)).has(PUBLISH)) return;
  const raceIds = [...new Set(rows.map((r) => String(r.raceId)))];
  const published = new Set((await db.selectFrom('pms_race').select('id').where('id', 'in', raceIds).where('resultPublished', '=', '1').execute() as Row[]).map((r) => String(r.id)));
  for (const r of rows) if (!published.has(String(r.raceId))) { r.finalScore = null; r.rank = null; }
}
