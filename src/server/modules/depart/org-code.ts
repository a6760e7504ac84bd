const SEGMENT = /^[A-Z]\d{2}$/;

export class OrgCodeExhausted extends Error {}

/**
 * The next department code under a parent, JeecgBoot style (OrgCodeRule): each level adds one
 * segment A01…A99, B01…Z99, so children of A01 are A01A01, A01A02… `taken` is every code in use;
 * the next one is above the highest with this prefix, so it never collides.
 */
export function nextOrgCode(parentCode: string, taken: Iterable<string>): string {
  let max = '';
  for (const code of taken) {
    if (code.length !== parentCode.length + 3 || !code.startsWith(parentCode)) continue;
    const segment = code.slice(parentCode.length);
    if (SEGMENT.test(segment) && segment > max) max = segment;
  }
  if (!max) return `${parentCode}A01`;
  const letter = max[0];
  const n = Number(max.slice(1));
  if (n < 99) return `${parentCode}${letter}${String(n + 1).padStart(2, '0')}`;
  if (letter === 'Z') throw new OrgCodeExhausted(`${parentCode || '顶级'}下的部门编码已用尽`);
  return `${parentCode}${String.fromCharCode(letter.charCodeAt(0) + 1)}01`;
}
