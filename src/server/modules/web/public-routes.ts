import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { FOOTER_ORGANISATIONS, NEWS_CATEGORIES, WEB_API, type NewsCategory } from '../../../schema/web-site.js';
import { badRequest, ok } from '../../http/result.js';
import { currentRace } from '../site/settings.js';
import {
  BANNER, EXPERT, GOOD_EXAMPLE, NEWS, ORGANISATION, POLICY, PROJECT, RACE, RACE_FOOTER_COLUMNS, RACE_SERVICE, type PublicKind, type Row,
} from './kinds.js';
import { paging, textParam, type Query } from './paging.js';
import { allPublished, listPublished, requirePublished, type ListFilter } from './queries.js';
import { documentedOnly, fields, PAGING } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const open = { config: { public: true } };
const listQuery = documentedOnly({ querystring: fields({ ...PAGING, keyword: ['string', '标题关键字'], category: ['string', '新闻类别'], type: ['string', '新闻类别（同 category）'] }) });
const idQuery = documentedOnly({ querystring: fields({ id: ['string', '数据id'] }, ['id']) });
const MAX_BANNERS = 20;

function idOf(req: FastifyRequest): string {
  const id = (req.query as Query).id;
  if (id === undefined || id === '') throw badRequest('缺少参数 id');
  return typeof id === 'string' ? id.trim() : '';
}

function newsCategory(q: Query): NewsCategory | undefined {
  const c = textParam(q, 'category', 20) ?? textParam(q, 'type', 20);
  if (c === undefined) return undefined;
  if (!Object.hasOwn(NEWS_CATEGORIES, c)) throw badRequest(`栏目参数不正确，可选值: ${Object.keys(NEWS_CATEGORIES).join(', ')}`);
  return c as NewsCategory;
}

/**
 * The public site's read-only API (SPEC §7): no token, published rows only, declared columns only,
 * rich bodies sanitised. Lists answer a `WebPage`; a detail is 404 unless published.
 */
export async function webPublicRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  const list = (url: string, kind: PublicKind, filter: (q: Query) => ListFilter = () => ({})) =>
    app.get(url, { ...open, ...listQuery }, async (req) => {
      const q = req.query as Query;
      const p = paging(q);
      return ok(await listPublished(db, kind, p, { ...filter(q), keyword: textParam(q, 'keyword') }));
    });
  const detail = (url: string, kind: PublicKind) =>
    app.get(url, { ...open, ...idQuery }, async (req) => ok(await requirePublished(db, kind, idOf(req))));

  const newsFilter = (q: Query): ListFilter => {
    const category = newsCategory(q);
    return category ? { equals: { category } } : {};
  };
  list(WEB_API.newsList, NEWS, newsFilter);
  list(WEB_API.pmsNewsList, NEWS, newsFilter);
  detail(WEB_API.newsById, NEWS);
  list(WEB_API.projectList, PROJECT);
  detail(WEB_API.projectById, PROJECT);
  list(WEB_API.goodExampleList, GOOD_EXAMPLE);
  detail(WEB_API.goodExampleById, GOOD_EXAMPLE);
  list(WEB_API.policyList, POLICY);
  detail(WEB_API.policyById, POLICY);
  list(WEB_API.raceServiceList, RACE_SERVICE);
  detail(WEB_API.raceServiceById, RACE_SERVICE);
  list(WEB_API.expertList, EXPERT);
  list(WEB_API.organList, ORGANISATION);
  list(WEB_API.oldRace, RACE, () => ({ equals: { isCurrent: 0 } }));
  detail(WEB_API.raceById, RACE);

  app.get(WEB_API.curRace, open, async () => {
    const [race] = await allPublished(db, RACE, 1, { equals: { isCurrent: 1 } });
    return ok(race ?? null);
  });

  app.get(WEB_API.banner, open, async () => ok(await allPublished(db, BANNER, MAX_BANNERS)));

  // Footer fields are settings, not content: they follow the current race as the login page does.
  app.get(WEB_API.footer, open, async () => {
    const [race, organisations] = await Promise.all([
      currentRace(app.ctx.db),
      allPublished(db, ORGANISATION, FOOTER_ORGANISATIONS * 4),
    ]);
    const footer = race ? Object.fromEntries(RACE_FOOTER_COLUMNS.map((c) => [c, (race as Row)[c] ?? null])) : null;
    return ok({ race: footer, organisations: organisations.filter((o) => o.qrCode).slice(0, FOOTER_ORGANISATIONS) });
  });
}
