/**
 * Check rules (contract §11.2): a value is checked segment by segment. A numeric `digits` checks
 * the next N characters and moves on; `*` checks the whole value. The first failing segment wins.
 */
export interface CheckSegment {
  digits: string | number;
  pattern: string;
  message: string;
}

export type CheckOutcome =
  | { passed: true }
  | { passed: false; digits: string | number; pattern: string; message: string; beginIndex?: number; endIndex?: number; checkValue: string };

export class CheckRuleError extends Error {}

/** Parses and checks a stored rule_json: an array of {digits, pattern, message} with valid patterns. */
export function parseCheckRule(json: string): CheckSegment[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new CheckRuleError('校验规则不是合法的JSON');
  }
  if (!Array.isArray(data)) throw new CheckRuleError('校验规则需为数组');
  return data.map((seg, i) => {
    const s = seg as Partial<CheckSegment>;
    const digitsOk = s.digits === '*' || (s.digits !== undefined && Number.isInteger(Number(s.digits)) && Number(s.digits) > 0);
    if (!digitsOk) throw new CheckRuleError(`第${i + 1}段的位数需为正整数或 *`);
    if (typeof s.pattern !== 'string' || s.pattern.length > 500) throw new CheckRuleError(`第${i + 1}段的正则表达式无效`);
    try { new RegExp(s.pattern); } catch { throw new CheckRuleError(`第${i + 1}段的正则表达式无效`); }
    return { digits: s.digits!, pattern: s.pattern, message: String(s.message ?? '') };
  });
}

export function runCheckRule(segments: CheckSegment[], value: string): CheckOutcome {
  if (!value.trim()) return { passed: true };
  let cursor = 0;
  for (const seg of segments) {
    const whole = seg.digits === '*';
    const begin = cursor;
    const end = whole ? value.length : Math.min(value.length, cursor + Number(seg.digits));
    const part = whole ? value : begin >= value.length ? '' : value.slice(begin, end);
    if (!whole) cursor += Number(seg.digits);
    // Java's Pattern.matches: the whole substring must match.
    if (!new RegExp(`^(?:${seg.pattern})$`).test(part)) {
      return { passed: false, digits: seg.digits, pattern: seg.pattern, message: seg.message, checkValue: part, ...(whole ? {} : { beginIndex: begin, endIndex: end }) };
    }
  }
  return { passed: true };
}
