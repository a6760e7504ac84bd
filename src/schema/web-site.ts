/**
 * The public contest site's wire contract (SPEC §1–2, §7): what the open `/web/**` endpoints answer
 * inside the usual `Result` envelope. Types and constants only; both sides import it.
 *
 * Every list answers a `WebPage`; every `queryById` answers the item with its sanitised `content`,
 * or a 404 `Result` when the id is unknown or the item is not published. Dates are
 * `YYYY-MM-DD HH:mm:ss` strings (server local time) or null.
 */

/** The paged envelope of every public list (JeecgBoot IPage). */
export interface WebPage<T> {
  records: T[];
  total: number;
  /** Page size actually used. */
  size: number;
  /** 1-based page number actually used. */
  current: number;
  pages: number;
}

/** Paging of every list: `pageNo` from 1, `pageSize` from 1 to WEB_PAGE_SIZE_MAX (anything else is a 400). */
export const WEB_PAGE_SIZE_DEFAULT = 10;
export const WEB_PAGE_SIZE_MAX = 50;

/** Query params of the public lists; every one optional. */
export interface WebListQuery {
  pageNo?: number;
  pageSize?: number;
  /** Title contains this text (at most 50 characters). */
  keyword?: string;
}

/** News categories (dictionary `web_news_category`); the two science pages read their own category. */
export const NEWS_CATEGORIES = {
  news: '赛事动态',
  notice: '通知公告',
  mmSci: '科普园地',
  zlSci: '专利科普',
} as const;
export type NewsCategory = keyof typeof NEWS_CATEGORIES;

/** `/web/news/list` and `/pms/pmsWebNews/list`: `category` filters (absent: every category). */
export interface WebNewsQuery extends WebListQuery {
  category?: NewsCategory;
  /** Alias of `category` (JeecgBoot front ends send `type`). */
  type?: NewsCategory;
}

/** Which science page shows which news category. */
export const SCIENCE_PAGE_CATEGORY = { mmSci: 'mmSci', zlSci: 'zlSci' } as const satisfies Record<string, NewsCategory>;

/** Fields every article-like item carries in lists. Image paths are relative: see `webFileUrl`. */
export interface WebArticleBase {
  id: string;
  title: string;
  /** Plain-text summary for cards and the detail page's description. */
  summary: string | null;
  coverImage: string | null;
  publishTime: string | null;
}

/** A detail (`queryById`) adds the body: sanitised HTML (an allow-list of tags and attributes). */
export interface WebDetail {
  content: string;
}

export interface WebNewsItem extends WebArticleBase {
  category: NewsCategory;
  category_dictText: string;
  source: string | null;
  author: string | null;
}
export type WebNewsDetail = WebNewsItem & WebDetail;

/** `/web/index/banner`: every published banner, by sortNo (not paged: a short array). */
export interface WebBanner {
  id: string;
  title: string;
  image: string;
  /** Site path (`/web/detail?...`) or absolute http(s) URL; null when the banner is not a link. */
  link: string | null;
  sortNo: number;
}

/** `/web/project/list`, `/web/project/queryById`: the project showcase. */
export interface WebProject extends WebArticleBase {
  /** Company or team behind the project. */
  company: string | null;
  /** Technical field, e.g. 人工智能. */
  field: string | null;
}
export type WebProjectDetail = WebProject & WebDetail;

/** `/web/proHeadlines/list`, `/web/proHeadlines/queryById`: good examples (优秀案例). */
export interface WebGoodExample extends WebArticleBase {
  company: string | null;
}
export type WebGoodExampleDetail = WebGoodExample & WebDetail;

/** `/web/policy/list`, `/web/policy/queryById`: trade-union policies. */
export interface WebPolicy extends WebArticleBase {
  /** Issuing body, e.g. 中华全国总工会. */
  issuer: string | null;
}
export type WebPolicyDetail = WebPolicy & WebDetail;

/** `/web/raceService/list`, `/web/raceService/queryById`: services offered to contestants. */
export interface WebRaceService extends WebArticleBase {
  /** Who to contact for the service (name, phone). */
  contact: string | null;
}
export type WebRaceServiceDetail = WebRaceService & WebDetail;

/** SPEC §3 race fields used by the footer and the login layout. */
export interface WebRaceFooter {
  title: string;
  postalCode: string | null;
  email: string | null;
  registrationHotline: string | null;
  address: string | null;
  copyright: string | null;
  webUrl: string | null;
  loginBg: string | null;
  adminLogo: string | null;
}

/**
 * A contest. `/web/index/getCurRace` answers the current one (or null when none is published);
 * `/web/index/getOldRace` a `WebPage<WebRace>` of the previous ones, newest first (for `history`).
 * `/web/race/queryById` answers a `WebRaceDetail`.
 */
export interface WebRace extends WebRaceFooter {
  id: string;
  /** Edition year, e.g. 2025. */
  year: number | null;
  /** Short introduction (plain text). */
  summary: string | null;
  coverImage: string | null;
  startDate: string | null;
  endDate: string | null;
  isCurrent: boolean;
}
export type WebRaceDetail = WebRace & WebDetail;

/** `/web/expert/expertList` (paged): the mentor think-tank. */
export interface WebExpert {
  id: string;
  name: string;
  /** Professional title, e.g. 教授、博士生导师. */
  jobTitle: string | null;
  /** Where the expert works. */
  organisation: string | null;
  /** Field of expertise. */
  field: string | null;
  avatar: string | null;
  /** Plain-text introduction. */
  intro: string | null;
  sortNo: number;
}
/** `/web/expert/expertList` accepts `keyword` (name or field contains) besides paging. */
export type WebExpertQuery = WebListQuery;

/** `/web/organ/list` (paged): partner organisations, each with its QR code image. */
export interface WebOrganisation {
  id: string;
  name: string;
  logo: string | null;
  /** QR code image (PNG path), shown in the footer. */
  qrCode: string | null;
  /** Web address of the organisation (absolute http(s)), or null. */
  url: string | null;
  intro: string | null;
  sortNo: number;
}

/** `/web/index/footer`: the footer of SPEC §1, from the current race and the partner organisations. */
export interface WebFooter {
  race: WebRaceFooter | null;
  /** Published organisations with a QR code, by sortNo, at most FOOTER_ORGANISATIONS. */
  organisations: WebOrganisation[];
}
export const FOOTER_ORGANISATIONS = 5;

/** Every public endpoint path, relative to the API base (`/jeecg-boot`). */
export const WEB_API = {
  ranking: '/web/ranking',
  newsList: '/web/news/list',
  newsById: '/web/news/queryById',
  pmsNewsList: '/pms/pmsWebNews/list',
  banner: '/web/index/banner',
  projectList: '/web/project/list',
  projectById: '/web/project/queryById',
  goodExampleList: '/web/proHeadlines/list',
  goodExampleById: '/web/proHeadlines/queryById',
  oldRace: '/web/index/getOldRace',
  curRace: '/web/index/getCurRace',
  raceById: '/web/race/queryById',
  policyList: '/web/policy/list',
  policyById: '/web/policy/queryById',
  raceServiceList: '/web/raceService/list',
  raceServiceById: '/web/raceService/queryById',
  expertList: '/web/expert/expertList',
  organList: '/web/organ/list',
  footer: '/web/index/footer',
} as const;

/** Kinds the shared detail page (`/web/detail?kind=<kind>&id=<id>`) renders, and where each is read (`?id=`). */
export const WEB_DETAIL_API = {
  news: WEB_API.newsById,
  project: WEB_API.projectById,
  proHeadlines: WEB_API.goodExampleById,
  policy: WEB_API.policyById,
  raceService: WEB_API.raceServiceById,
  race: WEB_API.raceById,
} as const;
export type WebDetailKind = keyof typeof WEB_DETAIL_API;

/** Uploaded and seeded images are served from here (a relative path is appended, e.g. `web/qr/a.png`). */
/** A published contest's ranking (GET /web/ranking): per track, in rank order; never who scored what. */
/**
 * How a published ranking orders projects of the same final score (scoring.ts `rankWithin`, said in
 * words): shown under the public ranking and the back office's 评审排名.
 */
export const TIE_BREAK_RULE = '同分时依次比较：全部评分的平均分（含最高分和最低分）高者在前，评分份数多者在前，提交申报时间早者在前；仍相同则名次并列。';

export interface WebRanking {
  id: string;
  title: string;
  publishTime: string | null;
  projects: { id: string; name: string; orgName: string | null; track: string; track_dictText: string; finalScore: number | null; rank: number }[];
}

export const WEB_FILE_BASE = '/sys/common/static/';
