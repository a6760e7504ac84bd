/**
 * Hierarchical category codes (JeecgBoot's YouBianCodeUtil): each level adds one segment of a
 * letter and two digits, so a code starts with its parent's. Roots are A01, A02 … A99, B01 …;
 * the children of A01 are A01A01, A01A02 …
 */
const SEGMENT = /^[A-Z]\d{2}$/;

export class CategoryCodeError extends Error {}

/** The segment after `last` (A01 when there is none): A09 → A10, A99 → B01; Z99 is the last. */
export function nextSegment(last?: string): string {
  if (!last) return 'A01';
  if (!SEGMENT.test(last)) throw new CategoryCodeError(`分类编码段格式不正确: ${last}`);
  const letter = last.charCodeAt(0);
  const num = Number(last.slice(1));
  if (num < 99) return `${last[0]}${String(num + 1).padStart(2, '0')}`;
  if (last[0] === 'Z') throw new CategoryCodeError('同级分类编码已用尽（最大为Z99）');
  return `${String.fromCharCode(letter + 1)}01`;
}

/** The next code under a parent ('' for the roots), after the highest generated code among its children. */
export function nextChildCode(parentCode: string, siblingCodes: (string | null | undefined)[]): string {
  const segments = siblingCodes
    .filter((c): c is string => typeof c === 'string' && c.length === parentCode.length + 3 && c.startsWith(parentCode))
    .map((c) => c.slice(parentCode.length))
    .filter((s) => SEGMENT.test(s))
    .sort();
  return parentCode + nextSegment(segments[segments.length - 1]);
}

/** A code chosen by hand must still extend its parent's code. */
export const extendsParent = (code: string, parentCode: string) => !parentCode || (code.startsWith(parentCode) && code.length > parentCode.length);
