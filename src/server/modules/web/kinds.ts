import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { NEWS_CATEGORIES, type WebDetailKind } from '../../../schema/web-site.js';
import { plainText } from './sanitize.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Row = Record<string, any>;

/** The published state every public table carries (dictionary web_publish_status). */
export const PUBLISHED = '1';
export const DRAFT = '0';

/**
 * A public content type: its table and the only columns that ever leave the server. Anything not
 * listed here (audit columns, the publish state, back-office-only fields) is never selected.
 */
export interface PublicKind {
  table: string;
  /** Columns of list records (`id` first). */
  columns: string[];
  /** Rich body added by queryById, sanitised. */
  body?: string;
  /** Columns `keyword` searches (contains). */
  keyword: string[];
  order: [string, 'asc' | 'desc'][];
  /** Wire shape of a row (types, plain-text summaries). */
  shape?: (row: Row) => Row;
  /** The rows served at `now` ('YYYY-MM-DD HH:mm:ss'); published rows when absent (a schedule, a display period). */
  visible?: (now: string) => (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
}

const article = ['id', 'title', 'summary', 'coverImage', 'publishTime'];
const bySummary = (row: Row) => ({ ...row, summary: plainText(row.summary) });
const newest: PublicKind['order'] = [['publishTime', 'desc'], ['id', 'desc']];

export const NEWS: PublicKind = {
  table: 'pms_web_news',
  columns: [...article, 'category', 'source', 'author'],
  body: 'content',
  keyword: ['title'],
  order: newest,
  shape: (row) => ({ ...bySummary(row), category_dictText: NEWS_CATEGORIES[row.category as keyof typeof NEWS_CATEGORIES] ?? row.category }),
};

export const PROJECT: PublicKind = { table: 'pms_showcase', columns: [...article, 'company', 'field'], body: 'content', keyword: ['title', 'company', 'field'], order: newest, shape: bySummary };
export const GOOD_EXAMPLE: PublicKind = { table: 'pms_good_example', columns: [...article, 'company'], body: 'content', keyword: ['title', 'company'], order: newest, shape: bySummary };
export const POLICY: PublicKind = { table: 'pms_policy', columns: [...article, 'issuer'], body: 'content', keyword: ['title', 'issuer'], order: newest, shape: bySummary };
export const RACE_SERVICE: PublicKind = { table: 'pms_race_service', columns: [...article, 'contact'], body: 'content', keyword: ['title'], order: newest, shape: bySummary };

export const RACE_FOOTER_COLUMNS = ['title', 'postalCode', 'email', 'registrationHotline', 'address', 'copyright', 'webUrl', 'loginBg', 'adminLogo'];

export const RACE: PublicKind = {
  table: 'pms_race',
  columns: ['id', ...RACE_FOOTER_COLUMNS, 'year', 'summary', 'coverImage', 'startDate', 'endDate', 'isCurrent'],
  body: 'content',
  keyword: ['title'],
  order: [['year', 'desc'], ['createTime', 'desc'], ['id', 'desc']],
  shape: (row) => ({ ...bySummary(row), isCurrent: Number(row.isCurrent) === 1, year: row.year === null ? null : Number(row.year) }),
};

export const EXPERT: PublicKind = {
  table: 'pms_expert',
  columns: ['id', 'name', 'jobTitle', 'organisation', 'field', 'avatar', 'intro', 'sortNo'],
  keyword: ['name', 'field', 'organisation'],
  order: [['sortNo', 'asc'], ['id', 'asc']],
  shape: (row) => ({ ...row, intro: plainText(row.intro), sortNo: Number(row.sortNo ?? 0) }),
};

export const ORGANISATION: PublicKind = {
  table: 'pms_organ',
  columns: ['id', 'name', 'logo', 'qrCode', 'url', 'intro', 'sortNo'],
  keyword: ['name'],
  order: [['sortNo', 'asc'], ['id', 'asc']],
  shape: (row) => ({ ...row, intro: plainText(row.intro), sortNo: Number(row.sortNo ?? 0) }),
};

export const BANNER: PublicKind = {
  table: 'pms_banner',
  columns: ['id', 'title', 'image', 'link', 'sortNo'],
  keyword: [],
  order: [['sortNo', 'asc'], ['id', 'asc']],
  shape: (row) => ({ ...row, sortNo: Number(row.sortNo ?? 0) }),
};

/** The back-office pages with a publish state, by schema code: their CRUD base and button prefix. */
export const PUBLISHABLE: Record<string, { table: string }> = Object.fromEntries(
  [NEWS, PROJECT, GOOD_EXAMPLE, POLICY, RACE_SERVICE, RACE, EXPERT, ORGANISATION, BANNER].map((k) => [k.table, { table: k.table }]),
);

/** What the shared detail page (`/web/detail?kind=&id=`) may show, by kind (WEB_DETAIL_API's keys). */
export const DETAIL_KINDS = {
  news: NEWS, project: PROJECT, proHeadlines: GOOD_EXAMPLE, policy: POLICY, raceService: RACE_SERVICE, race: RACE,
} as const satisfies Record<WebDetailKind, PublicKind>;
