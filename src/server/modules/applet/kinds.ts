import { RACE, type PublicKind, type Row } from '../web/kinds.js';
import { plainText } from '../web/sanitize.js';
import { scheduledVisible } from './schedule.js';

/** The mini-program's content types: published rows on their schedule, declared columns only (web/kinds.ts). */

const numbered = (r: Row): Row => ({ ...r, sortNo: Number(r.sortNo ?? 0) });
const summarised = (r: Row): Row => ({ ...numbered(r), summary: plainText(r.summary) });
const weighted: PublicKind['order'] = [['sortNo', 'desc'], ['publishTime', 'desc'], ['id', 'desc']];

export const APPLET_BANNER: PublicKind = {
  table: 'pms_applet_banner',
  columns: ['id', 'title', 'image', 'link', 'sortNo'],
  keyword: [],
  order: [['sortNo', 'asc'], ['id', 'asc']],
  shape: numbered,
  visible: scheduledVisible,
};

export const APPLET_ARTICLE: PublicKind = {
  table: 'pms_applet_article',
  columns: ['id', 'title', 'author', 'summary', 'coverImage', 'publishTime', 'sortNo'],
  body: 'content',
  keyword: ['title'],
  order: weighted,
  shape: summarised,
  visible: scheduledVisible,
};

/** A notice also keeps to its display period (展示开始/结束; an empty end means no end). */
export const APPLET_NOTICE: PublicKind = {
  table: 'pms_applet_notice',
  columns: ['id', 'title', 'summary', 'coverImage', 'startTime', 'endTime', 'publishTime', 'sortNo'],
  body: 'content',
  keyword: ['title'],
  order: weighted,
  shape: summarised,
  visible: (now) => (eb) => eb.and([
    scheduledVisible(now)(eb),
    eb.or([eb('startTime', 'is', null), eb('startTime', '<=', now)]),
    eb.or([eb('endTime', 'is', null), eb('endTime', '>=', now)]),
  ]),
};

/** The contest as the mini-program shows it: the public site's columns, its timetable and whether results are out. */
export const APPLET_RACE: PublicKind = {
  ...RACE,
  columns: ['id', 'title', 'year', 'summary', 'coverImage', 'startDate', 'endDate', 'declareStart', 'declareEnd', 'reviewStart', 'reviewEnd',
    'registrationHotline', 'email', 'address', 'isCurrent', 'resultPublished', 'resultPublishTime'],
  shape: (r) => ({ ...RACE.shape!(r), resultPublished: r.resultPublished === '1' }),
};
