import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, notFound, ok } from '../../http/result.js';
import { publishedRanking } from '../project/results.js';
import { page, paging, textParam, type Query } from '../web/paging.js';
import { allPublished, listPublished, requirePublished } from '../web/queries.js';
import type { PublicKind } from '../web/kinds.js';
import { APPLET_ARTICLE, APPLET_BANNER, APPLET_NOTICE, APPLET_RACE } from './kinds.js';
import { documentedOnly, fields, PAGING } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The mini-program's open content API under the API base (docs/schema-language.md: 小程序). */
export const APPLET_API = {
  bannerList: '/applet/banner/list',
  articleList: '/applet/article/list',
  articleById: '/applet/article/queryById',
  noticeList: '/applet/notice/list',
  noticeById: '/applet/notice/queryById',
  race: '/applet/race/current',
  ranking: '/applet/race/ranking',
} as const;

/** The notice routes the mini-program used before /applet/ (kept: same rows, same answers). */
const OLD_NOTICE_API = { list: '/web/appletNotice/list', byId: '/web/appletNotice/queryById' } as const;

const open = { config: { public: true } };
const listQuery = documentedOnly({ querystring: fields({ ...PAGING, keyword: ['string', '标题关键字'] }) });
const idQuery = documentedOnly({ querystring: fields({ id: ['string', '数据id'] }, ['id']) });

function idOf(req: FastifyRequest): string {
  const id = (req.query as Query).id;
  if (id === undefined || id === '') throw badRequest('缺少参数 id');
  return typeof id === 'string' ? id.trim() : '';
}

/**
 * Read-only, no token, the public site's rules (web/queries.ts): served rows only (published and on
 * their schedule), declared columns only, bodies cleaned, paging checked, an unknown, malformed or
 * unserved id a 404.
 */
export async function appletRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  const list = (url: string, kind: PublicKind) => app.get(url, { ...open, ...listQuery }, async (req) => {
    const q = req.query as Query;
    return ok(await listPublished(db, kind, paging(q), { keyword: textParam(q, 'keyword') }));
  });
  const detail = (url: string, kind: PublicKind, missing: string) =>
    app.get(url, { ...open, ...idQuery }, async (req) => ok(await requirePublished(db, kind, idOf(req), missing)));

  list(APPLET_API.bannerList, APPLET_BANNER);
  list(APPLET_API.articleList, APPLET_ARTICLE);
  detail(APPLET_API.articleById, APPLET_ARTICLE, '文章不存在或未发布');
  for (const api of [{ list: APPLET_API.noticeList, byId: APPLET_API.noticeById }, OLD_NOTICE_API]) {
    list(api.list, APPLET_NOTICE);
    detail(api.byId, APPLET_NOTICE, '通知不存在、未发布或不在展示期内');
  }

  const currentRace = async () => {
    const [race] = await allPublished(db, APPLET_RACE, 1, { equals: { isCurrent: 1 } });
    if (!race) throw notFound('当前没有发布的赛事');
    return race;
  };

  app.get(APPLET_API.race, open, async () => ok(await requirePublished(db, APPLET_RACE, String((await currentRace()).id))));

  /** The current contest's ranking, once its results are published: one page, one track or all. */
  app.get(APPLET_API.ranking, { ...open, ...documentedOnly({ querystring: fields({ ...PAGING, track: ['string', '赛道（字典 race_track）'] }) }) }, async (req) => {
    const q = req.query as Query;
    const p = paging(q);
    const track = textParam(q, 'track', 20);
    if (track !== undefined && !((await app.ctx.dicts.items('race_track')) ?? []).some((t) => t.value === track)) throw badRequest('赛道参数不正确');
    const race = await currentRace();
    if (!race.resultPublished) throw notFound('本届赛事排名尚未公示');
    const { rows, total } = await publishedRanking(req, String(race.id), { track, limit: p.pageSize, offset: (p.pageNo - 1) * p.pageSize });
    return ok({ race: { id: race.id, title: race.title, resultPublishTime: race.resultPublishTime }, ...page(rows, total, p) });
  });
}
