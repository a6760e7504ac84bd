/**
 * Quartz cron expressions (the `cron_expression` of a scheduled job, contract §13.3): six or seven
 * space-separated fields, seconds first, with Quartz's `? L W #` on the day fields. Pure checks
 * with a message naming the field, shared by the server and the form.
 */

interface CronField {
  name: string;
  min: number;
  max: number;
  names?: string[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

const FIELDS: CronField[] = [
  { name: '秒', min: 0, max: 59 },
  { name: '分', min: 0, max: 59 },
  { name: '时', min: 0, max: 23 },
  { name: '日', min: 1, max: 31 },
  { name: '月', min: 1, max: 12, names: MONTHS },
  { name: '周', min: 1, max: 7, names: DAYS },
  { name: '年', min: 1970, max: 2099 },
];
const DAY_OF_MONTH = 3;
const DAY_OF_WEEK = 5;

class CronProblem extends Error {}

/** A number or, for months and weekdays, a three-letter name; within the field's bounds. */
function value(field: CronField, text: string): number {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  const n = named >= 0 ? named + 1 : /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isNaN(n)) throw new CronProblem(`Cron表达式的${field.name}字段含有无法识别的值：${text}`);
  if (n < field.min || n > field.max) throw new CronProblem(`Cron表达式的${field.name}字段取值应在 ${field.min}-${field.max} 之间：${text}`);
  return n;
}

/** One comma part: `*`, a value, a range `a-b`, each optionally stepped `/n`. */
function part(field: CronField, text: string): void {
  const [base, step, extra] = text.split('/');
  if (extra !== undefined || base === '') throw new CronProblem(`Cron表达式的${field.name}字段格式不正确：${text}`);
  if (step !== undefined) {
    if (!/^\d+$/.test(step) || Number(step) < 1 || Number(step) > field.max) {
      throw new CronProblem(`Cron表达式的${field.name}字段步长应在 1-${field.max} 之间：${text}`);
    }
  }
  if (base === '*') return;
  const bounds = base.split('-');
  if (bounds.length > 2 || bounds.some((b) => b === '')) throw new CronProblem(`Cron表达式的${field.name}字段格式不正确：${text}`);
  for (const b of bounds) value(field, b);
}

/** The Quartz-only forms of the day-of-month field: L, L-n, LW, nW. */
function dayOfMonthSpecial(field: CronField, text: string): boolean {
  const t = text.toUpperCase();
  if (t === 'L' || t === 'LW') return true;
  const offset = /^L-(\d+)$/.exec(t);
  if (offset) {
    if (Number(offset[1]) > 30) throw new CronProblem(`Cron表达式的${field.name}字段 L- 之后的偏移应在 0-30 之间：${text}`);
    return true;
  }
  const weekday = /^(\d+)W$/.exec(t);
  if (weekday) {
    value(field, weekday[1]);
    return true;
  }
  return false;
}

/** The Quartz-only forms of the day-of-week field: L, nL (last n-day), n#k (k-th n-day). */
function dayOfWeekSpecial(field: CronField, text: string): boolean {
  const t = text.toUpperCase();
  if (t === 'L') return true;
  const last = /^([A-Z]{3}|\d+)L$/.exec(t);
  if (last) {
    value(field, last[1]);
    return true;
  }
  const nth = /^([A-Z]{3}|\d+)#(\d+)$/.exec(t);
  if (nth) {
    value(field, nth[1]);
    if (Number(nth[2]) < 1 || Number(nth[2]) > 5) throw new CronProblem(`Cron表达式的${field.name}字段 # 之后应为 1-5：${text}`);
    return true;
  }
  return false;
}

function checkField(index: number, text: string): void {
  const field = FIELDS[index];
  if (text === '?') {
    if (index !== DAY_OF_MONTH && index !== DAY_OF_WEEK) throw new CronProblem(`Cron表达式的${field.name}字段不能使用 ?（只用于日或周）`);
    return;
  }
  if (index === DAY_OF_MONTH && dayOfMonthSpecial(field, text)) return;
  if (index === DAY_OF_WEEK && dayOfWeekSpecial(field, text)) return;
  for (const p of text.split(',')) {
    if (p === '?') throw new CronProblem(`Cron表达式的${field.name}字段中 ? 必须单独使用`);
    if (p === '') throw new CronProblem(`Cron表达式的${field.name}字段格式不正确：${text}`);
    part(field, p);
  }
}

/**
 * Null when `expr` is a valid Quartz cron expression, else a Chinese message naming the field at
 * fault. Exactly one of day-of-month and day-of-week is `?`, as Quartz requires.
 */
export function quartzCronProblem(expr: unknown): string | null {
  if (typeof expr !== 'string' || !expr.trim()) return 'Cron表达式不能为空';
  if (expr.length > 120) return 'Cron表达式过长';
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 6 && parts.length !== 7) {
    return `Cron表达式应有6或7个字段（秒 分 时 日 月 周 [年]），当前为${parts.length}个`;
  }
  try {
    parts.forEach((p, i) => checkField(i, p));
  } catch (e) {
    if (e instanceof CronProblem) return e.message;
    throw e;
  }
  if ((parts[DAY_OF_MONTH] === '?') === (parts[DAY_OF_WEEK] === '?')) {
    return 'Cron表达式的日和周字段必须有且只有一个为 ?';
  }
  return null;
}
