import type { SiteInfo } from '../../../schema/site';
import {
  WEB_API, WEB_DETAIL_API,
  type WebBanner, type WebDetail, type WebDetailKind, type WebExpert, type WebFooter, type WebGoodExample,
  type WebListQuery, type WebNewsItem, type WebNewsQuery, type WebOrganisation, type WebPage, type WebPolicy,
  type WebProject, type WebRace, type WebRaceDetail, type WebRaceService, type WebArticleBase, type WebRanking,
} from '../../../schema/web-site';
import { getResult } from './client';

type Signal = AbortSignal | undefined;
type Query = WebListQuery & Record<string, string | number | undefined>;

/** Every read the public site makes, typed by the wire contract (src/schema/web-site.ts). */
export const webApi = {
  siteInfo: (s?: Signal) => getResult<SiteInfo>('/site/siteinfoFz', undefined, s),
  footer: (s?: Signal) => getResult<WebFooter>(WEB_API.footer, undefined, s),
  banners: (s?: Signal) => getResult<WebBanner[]>(WEB_API.banner, undefined, s),
  currentRace: (s?: Signal) => getResult<WebRace | null>(WEB_API.curRace, undefined, s),
  raceById: (id: string, s?: Signal) => getResult<WebRaceDetail>(WEB_API.raceById, { id }, s),
  oldRaces: (q: Query, s?: Signal) => getResult<WebPage<WebRace>>(WEB_API.oldRace, q, s),
  news: (q: Query & Pick<WebNewsQuery, 'category'>, s?: Signal) => getResult<WebPage<WebNewsItem>>(WEB_API.newsList, q, s),
  ranking: (s?: Signal) => getResult<WebRanking[]>(WEB_API.ranking, undefined, s),
  projects: (q: Query, s?: Signal) => getResult<WebPage<WebProject>>(WEB_API.projectList, q, s),
  goodExamples: (q: Query, s?: Signal) => getResult<WebPage<WebGoodExample>>(WEB_API.goodExampleList, q, s),
  policies: (q: Query, s?: Signal) => getResult<WebPage<WebPolicy>>(WEB_API.policyList, q, s),
  raceServices: (q: Query, s?: Signal) => getResult<WebPage<WebRaceService>>(WEB_API.raceServiceList, q, s),
  experts: (q: Query, s?: Signal) => getResult<WebPage<WebExpert>>(WEB_API.expertList, q, s),
  organisations: (q: Query, s?: Signal) => getResult<WebPage<WebOrganisation>>(WEB_API.organList, q, s),
  /** Any article type by id, for the shared detail page. */
  detail: (kind: WebDetailKind, id: string, s?: Signal) =>
    getResult<WebArticleBase & WebDetail & Record<string, unknown>>(WEB_DETAIL_API[kind], { id }, s),
};

export function isDetailKind(kind: string | null): kind is WebDetailKind {
  return !!kind && Object.prototype.hasOwnProperty.call(WEB_DETAIL_API, kind);
}

/** The site path of an item's detail page. */
export function detailPath(kind: WebDetailKind, id: string): string {
  return `/web/detail?kind=${kind}&id=${encodeURIComponent(id)}`;
}
