/**
 * Fill rules (contract §11.1) as data, never code: JeecgBoot names a Java class per rule; here a
 * rule's `ruleParams` is a small declarative grammar, either a pattern
 *
 *     {"pattern": "CN${YYYYMMDD}${seq:4}", "reset": "day"}
 *
 * or its structured form
 *
 *     {"prefix": "CN", "date": "YYYYMMDD", "seqLength": 4, "suffix": "", "reset": "day"}
 *
 * Placeholders: a date format of YYYY YY MM DD HH mm ss and the separators - _ / . : and space (the time of
 * the call, server time zone); `seq` or `seq:N` (the rule's counter, zero-padded to N digits, at most
 * one per rule); `form:field` (a value of the submitted form, letters, digits, - and _ only).
 * `reset` (never | day | month | year) restarts the counter each period; `start` is its first value.
 */

export type FillPart =
  | { kind: 'text'; text: string }
  | { kind: 'date'; format: string }
  | { kind: 'seq'; length: number }
  | { kind: 'form'; field: string };

export type FillReset = 'never' | 'day' | 'month' | 'year';

export interface FillRule {
  parts: FillPart[];
  reset: FillReset;
  start: number;
}

export class FillRuleError extends Error {}

const RESETS: FillReset[] = ['never', 'day', 'month', 'year'];
const DATE_TOKEN = /^(YYYY|YY|MM|DD|HH|mm|ss)/;
const DATE_SEPARATORS = new Set(['-', '_', '/', '.', ':', ' ']);
const FORM_FIELD = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_SEQ_LENGTH = 12;
const STRUCTURED_KEYS = ['prefix', 'date', 'seqLength', 'suffix'];
const KNOWN_KEYS = new Set(['pattern', 'reset', 'start', ...STRUCTURED_KEYS]);

/** Checks a date format: only the tokens and separators above. */
function checkDateFormat(format: string): string {
  let rest = format;
  let tokens = 0;
  while (rest) {
    const m = DATE_TOKEN.exec(rest);
    if (m) { rest = rest.slice(m[1].length); tokens++; continue; }
    if (!DATE_SEPARATORS.has(rest[0])) throw new FillRuleError(`不支持的日期格式: ${format}`);
    rest = rest.slice(1);
  }
  if (!tokens) throw new FillRuleError(`不支持的日期格式: ${format}`);
  return format;
}

function placeholder(body: string): FillPart {
  const seq = /^seq(?::(\d{1,2}))?$/.exec(body);
  if (seq) {
    const length = seq[1] === undefined ? 1 : Number(seq[1]);
    if (length < 1 || length > MAX_SEQ_LENGTH) throw new FillRuleError(`序号位数需在1到${MAX_SEQ_LENGTH}之间`);
    return { kind: 'seq', length };
  }
  if (body.startsWith('form:')) {
    const field = body.slice(5);
    if (!FORM_FIELD.test(field)) throw new FillRuleError(`表单字段名无效: ${field}`);
    return { kind: 'form', field };
  }
  return { kind: 'date', format: checkDateFormat(body) };
}

/** Splits a pattern into literal text and placeholders. */
export function parsePattern(pattern: string): FillPart[] {
  if (pattern.length > 200) throw new FillRuleError('规则模式过长（最多200个字符）');
  const parts: FillPart[] = [];
  let rest = pattern;
  while (rest) {
    const at = rest.indexOf('${');
    if (at < 0) { parts.push({ kind: 'text', text: rest }); break; }
    if (at > 0) parts.push({ kind: 'text', text: rest.slice(0, at) });
    const end = rest.indexOf('}', at);
    if (end < 0) throw new FillRuleError('规则模式中的 ${ 没有闭合');
    parts.push(placeholder(rest.slice(at + 2, end).trim()));
    rest = rest.slice(end + 1);
  }
  if (!parts.length) throw new FillRuleError('规则模式不能为空');
  if (parts.filter((p) => p.kind === 'seq').length > 1) throw new FillRuleError('一个规则最多包含一个序号');
  return parts;
}

function structured(params: Record<string, unknown>): FillPart[] {
  const parts: FillPart[] = [];
  const text = (key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') return;
    if (typeof v !== 'string' || v.length > 50) throw new FillRuleError(`${key} 需为不超过50个字符的文本`);
    parts.push({ kind: 'text', text: v });
  };
  text('prefix');
  if (params.date !== undefined && params.date !== null && params.date !== '') {
    if (typeof params.date !== 'string') throw new FillRuleError('date 需为日期格式文本，如 YYYYMMDD');
    parts.push({ kind: 'date', format: checkDateFormat(params.date) });
  }
  if (params.seqLength !== undefined && params.seqLength !== null) {
    const n = params.seqLength;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_SEQ_LENGTH) throw new FillRuleError(`seqLength 需为1到${MAX_SEQ_LENGTH}的整数`);
    parts.push({ kind: 'seq', length: n });
  }
  text('suffix');
  if (!parts.length) throw new FillRuleError('规则至少需要 prefix、date、seqLength 之一');
  return parts;
}

/** Parses and checks a stored `ruleParams` text; every problem is a FillRuleError with a Chinese message. */
export function parseFillRule(json: string | null | undefined): FillRule {
  if (!json || !json.trim()) throw new FillRuleError('规则参数不能为空');
  let params: unknown;
  try {
    params = JSON.parse(json);
  } catch {
    throw new FillRuleError('规则参数不是合法的JSON');
  }
  if (!params || typeof params !== 'object' || Array.isArray(params)) throw new FillRuleError('规则参数需为JSON对象');
  const p = params as Record<string, unknown>;
  const unknown = Object.keys(p).find((k) => !KNOWN_KEYS.has(k));
  if (unknown) throw new FillRuleError(`未知的规则参数: ${unknown.slice(0, 40)}`);
  const hasStructured = STRUCTURED_KEYS.some((k) => p[k] !== undefined);
  if (p.pattern !== undefined && hasStructured) throw new FillRuleError('pattern 不能与 prefix、date、seqLength、suffix 同时使用');
  if (p.pattern !== undefined && typeof p.pattern !== 'string') throw new FillRuleError('pattern 需为文本');
  const parts = typeof p.pattern === 'string' ? parsePattern(p.pattern) : structured(p);
  const reset = p.reset ?? 'never';
  if (!RESETS.includes(reset as FillReset)) throw new FillRuleError(`reset 只能是 ${RESETS.join('、')}`);
  const start = p.start ?? 1;
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 0 || start > 1e12) throw new FillRuleError('start 需为非负整数');
  return { parts, reset: reset as FillReset, start };
}

export const usesSequence = (rule: FillRule) => rule.parts.some((p) => p.kind === 'seq');

const pad = (n: number, len = 2) => String(n).padStart(len, '0');

export function formatDate(format: string, d: Date): string {
  return format.replace(/YYYY|YY|MM|DD|HH|mm|ss/g, (t) => {
    switch (t) {
      case 'YYYY': return String(d.getFullYear());
      case 'YY': return pad(d.getFullYear() % 100);
      case 'MM': return pad(d.getMonth() + 1);
      case 'DD': return pad(d.getDate());
      case 'HH': return pad(d.getHours());
      case 'mm': return pad(d.getMinutes());
      default: return pad(d.getSeconds());
    }
  });
}

/** The counter's period at a moment: '' when it never resets, else the day, month or year. */
export function periodOf(rule: FillRule, now: Date): string {
  switch (rule.reset) {
    case 'day': return formatDate('YYYYMMDD', now);
    case 'month': return formatDate('YYYYMM', now);
    case 'year': return formatDate('YYYY', now);
    default: return '';
  }
}

const FORM_VALUE = /^[\p{L}\p{N}_-]{0,64}$/u;

/** The value of a rule at a moment, with the counter's next value and the submitted form. */
export function renderFillRule(rule: FillRule, ctx: { now: Date; seq?: number; form?: Record<string, unknown> }): string {
  return rule.parts.map((p) => {
    switch (p.kind) {
      case 'text': return p.text;
      case 'date': return formatDate(p.format, ctx.now);
      case 'seq':
        if (ctx.seq === undefined) throw new FillRuleError('缺少序号');
        return String(ctx.seq).padStart(p.length, '0');
      case 'form': {
        const v = ctx.form?.[p.field];
        const s = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
        if (!FORM_VALUE.test(s)) throw new FillRuleError(`表单字段 ${p.field} 的值只能包含文字、数字、- 和 _`);
        return s;
      }
    }
  }).join('');
}
