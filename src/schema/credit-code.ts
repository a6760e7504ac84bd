/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters — registering authority, organisation kind,
 * 6-digit area code, 9-character organisation code and a check character — over the 31 characters
 * below (no I, O, Z, S, V). The check character is 31 minus the weighted sum of the first 17
 * modulo 31 (31 itself written as 0). Isomorphic: the server checks every write, the form checks
 * as the user leaves the field.
 */

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** 登记管理部门代码: 1–9, A–H (except I), N, Y. */
const AUTHORITY = /^[1-9A-HNY]$/;
const AREA = /^\d{6}$/;

export const CREDIT_CODE_LENGTH = 18;

/** The check character of a code's first 17 characters (each of CHARSET), or undefined when one is not. */
export function creditCodeCheckChar(first17: string): string | undefined {
  if (first17.length !== CREDIT_CODE_LENGTH - 1) return undefined;
  let sum = 0;
  for (let i = 0; i < first17.length; i++) {
    const v = CHARSET.indexOf(first17[i]);
    if (v < 0) return undefined;
    sum += v * WEIGHTS[i];
  }
  return CHARSET[(31 - (sum % 31)) % 31];
}

/** What is wrong with a 统一社会信用代码, or null when it is valid. An empty value is left to `required`. */
export function creditCodeProblem(value: string): string | null {
  if (value === '') return null;
  if (value.length !== CREDIT_CODE_LENGTH) return `统一社会信用代码应为${CREDIT_CODE_LENGTH}位（当前${value.length}位）`;
  if (/[a-z]/.test(value)) return '统一社会信用代码中的字母应为大写';
  const bad = [...value].find((c) => !CHARSET.includes(c));
  if (bad !== undefined) return `统一社会信用代码含有无效字符「${bad}」（不使用 I、O、Z、S、V）`;
  if (!AUTHORITY.test(value[0])) return '统一社会信用代码第1位（登记管理部门代码）不正确';
  if (!AREA.test(value.slice(2, 8))) return '统一社会信用代码第3至8位应为行政区划代码';
  if (creditCodeCheckChar(value.slice(0, 17)) !== value[17]) return '统一社会信用代码校验位不正确';
  return null;
}
