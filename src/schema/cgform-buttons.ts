import { evaluate, isEmptyValue, type LinkageCondition, type LinkageOp } from './linkage';

/**
 * Custom buttons and enhancement records of online forms (SPEC §9): data, never code. A show
 * condition is `field op value`, a link is a URL template with `${field}` slots, an update is a
 * JSON object of field → value token. Both sides read them with these functions; nothing typed by
 * a designer is ever evaluated.
 */

/** SPEC §9: at most 16 custom buttons and 16 enhancement records per form. */
export const CGFORM_CUSTOM_MAX = 16;

/** The engine's own button codes (contract §9.5 buttonSwitch): a custom button cannot take them. */
export const BUILTIN_BUTTON_CODES = ['add', 'edit', 'update', 'delete', 'batch_delete', 'import', 'export', 'detail', 'super_query'];

export const BUTTON_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export type ButtonStyle = 'button' | 'link';
export type ButtonOptType = 'link' | 'action';

/** What the generated page knows of a custom button (GET /online/cgform/api/buttons/:table). */
export interface CustomButton {
  code: string;
  name: string;
  icon?: string | null;
  style: ButtonStyle;
  optType: ButtonOptType;
  /** Show condition, `field op value`. */
  exp?: string | null;
  url?: string | null;
  confirm?: string | null;
  /** `online:<table>:<code>`, granted through "add to menu". */
  permission: string;
}

export class CgformRuleError extends Error {}

// ---- show conditions ----

/**
 * The written form of a condition (JeecgBoot's EXP): `field op value`, read into the same
 * condition language the linkage rules use (linkage.ts), and evaluated by it.
 */
const WRITTEN_OPS: Record<string, LinkageOp> = {
  '==': 'eq', '=': 'eq', '!=': 'ne', '>': 'gt', '>=': 'ge', '<': 'lt', '<=': 'le', in: 'in', 'not in': 'notIn', empty: 'empty', 'not empty': 'notEmpty',
};

const CONDITION = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(==|!=|>=|<=|>|<|=|not\s+in\b|in\b|not\s+empty\b|empty\b)\s*(.*?)\s*$/;

/**
 * `status == 1`, `amount >= 100`, `level in L,M`, `remark not empty`: one field, one operator,
 * literal values. Empty text is no condition (null); anything else unreadable is an error.
 */
export function parseCondition(text: string | null | undefined): LinkageCondition | null {
  if (text === null || text === undefined || !text.trim()) return null;
  if (text.length > 500) throw new CgformRuleError('条件过长（最多500个字符）');
  const m = CONDITION.exec(text);
  if (!m) throw new CgformRuleError(`条件格式错误：${text.slice(0, 60)}（应为「字段 运算符 值」，如 status == 1）`);
  const op = WRITTEN_OPS[m[2].replace(/\s+/, ' ')];
  const rest = m[3];
  if (op === 'empty' || op === 'notEmpty') {
    if (rest) throw new CgformRuleError(`条件格式错误：${m[2].replace(/\s+/, ' ')} 后不能再有值`);
    return { field: m[1], op };
  }
  if (!rest) throw new CgformRuleError(`条件格式错误：缺少比较的值`);
  if (op === 'in' || op === 'notIn') return { field: m[1], op, value: rest.split(',').map((s) => unquote(s.trim())) };
  return { field: m[1], op, value: unquote(rest) };
}

const unquote = (s: string) => (/^(['"]).*\1$/.test(s) ? s.slice(1, -1) : s);

/** Whether a row meets the condition; no condition always holds. Numbers compare as numbers, anything else as text. */
export function conditionHolds(cond: LinkageCondition | null, row: Record<string, unknown>): boolean {
  return !cond || evaluate(cond, row);
}

/** A stored show condition read for a row; an unreadable one hides the button rather than guess. */
export function showsFor(exp: string | null | undefined, row: Record<string, unknown>): boolean {
  try {
    return conditionHolds(parseCondition(exp), row);
  } catch {
    return false;
  }
}

// ---- link buttons ----

const SLOT = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The fields a URL template reads. */
export function templateFields(template: string): string[] {
  return [...template.matchAll(SLOT)].map((m) => m[1]);
}

/** Only the web (http, https) or a path of this app: never `javascript:`, `data:` or a protocol-relative `//host`. */
export function isSafeUrl(url: string): boolean {
  if (/^https?:\/\/[^\s/]+/i.test(url)) return true;
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** Checks a URL template as it is saved: a safe start, slots naming plain fields. */
export function checkUrlTemplate(template: string): void {
  if (template.length > 1000) throw new CgformRuleError('链接地址过长（最多1000个字符）');
  if (!isSafeUrl(template)) throw new CgformRuleError('链接地址只能是 http(s):// 开头的网址或以 / 开头的站内路径');
  if (/\$\{(?![A-Za-z_][A-Za-z0-9_]*\})/.test(template)) throw new CgformRuleError('链接地址中的 ${...} 只能是字段名');
}

/** The URL of a link button for a row: each `${field}` URL-encoded; null when the result is not a safe URL. */
export function fillUrl(template: string, row: Record<string, unknown>): string | null {
  const url = template.replace(SLOT, (_, f: string) => encodeURIComponent(isEmptyValue(row[f]) ? '' : String(row[f])));
  return isSafeUrl(url) ? url : null;
}

// ---- values set by an action button or an enhancement ----

/** Value tokens besides literals: the time, the user (contract §9.2 `#{var}` names), another field of the row. */
export const VALUE_TOKENS = ['#{now}', '#{date}', '#{sysUserCode}', '#{sysUserName}', '#{sysOrgCode}'] as const;

export interface ValueContext {
  row: Record<string, unknown>;
  now: string;
  user: { username: string; realname?: string | null; orgCode?: string | null };
}

const FIELD_REF = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The field a `${field}` value reads, if it is one. */
export function fieldRef(v: unknown): string | undefined {
  return typeof v === 'string' ? FIELD_REF.exec(v)?.[1] : undefined;
}

/** A value token resolved: `#{now}` the time, `#{date}` the day, `#{sysUserCode}` the user…, `${f}` the row's field; else the literal. */
export function resolveValue(v: unknown, c: ValueContext): unknown {
  if (typeof v !== 'string') return v;
  switch (v) {
    case '#{now}': return c.now;
    case '#{date}': return c.now.slice(0, 10);
    case '#{sysUserCode}': return c.user.username;
    case '#{sysUserName}': return c.user.realname || c.user.username;
    case '#{sysOrgCode}': return c.user.orgCode ?? null;
  }
  const ref = fieldRef(v);
  if (ref) return c.row[ref] ?? null;
  if (/^#\{.*\}$/.test(v)) throw new CgformRuleError(`未知的取值：${v.slice(0, 40)}（可用 ${VALUE_TOKENS.join('、')}）`);
  return v;
}

/** Checks one value token as it is saved (an unknown `#{…}` is refused). */
export function checkValue(v: unknown): void {
  if (v !== null && !['string', 'number', 'boolean'].includes(typeof v)) throw new CgformRuleError('取值只能是文字、数字、true/false 或 null');
  if (typeof v === 'string' && v.length > 1000) throw new CgformRuleError('取值过长（最多1000个字符）');
  resolveValue(v, { row: {}, now: '', user: { username: '' } });
}

/**
 * The update an action button makes: a JSON object `{"status": "2", "auditTime": "#{now}"}`, at
 * most 50 fields, values literals or tokens.
 */
export function parseSetPlan(text: string | null | undefined): Record<string, unknown> {
  if (!text || !text.trim()) throw new CgformRuleError('请填写要更新的字段');
  let plan: unknown;
  try {
    plan = JSON.parse(text);
  } catch {
    throw new CgformRuleError('更新内容需为 JSON 对象，如 {"status": "2"}');
  }
  if (!plan || typeof plan !== 'object' || Array.isArray(plan)) throw new CgformRuleError('更新内容需为 JSON 对象，如 {"status": "2"}');
  const entries = Object.entries(plan as Record<string, unknown>);
  if (!entries.length) throw new CgformRuleError('请填写要更新的字段');
  if (entries.length > 50) throw new CgformRuleError('一次最多更新50个字段');
  for (const [k, v] of entries) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw new CgformRuleError(`字段名不正确：${k.slice(0, 40)}`);
    checkValue(v);
  }
  return plan as Record<string, unknown>;
}

/** Every field a set plan writes or reads. */
export function planFields(plan: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(plan), ...Object.values(plan).map(fieldRef).filter((f): f is string => !!f)])];
}
