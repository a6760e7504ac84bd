/**
 * Province/city/district codes (contract §7.3), over the `china-area-data` v5 map handed in: the
 * server and the browser each load that data their own way, so this module stays small.
 */

/** Parent code → {child code: name}; the provinces sit under `AREA_ROOT`. */
export type AreaData = Record<string, Record<string, string>>;

/** SPEC §3: the provinces' parent. */
export const AREA_ROOT = '86';

/** SPEC §3 area tree node. */
export interface AreaNode {
  id: string;
  text: string;
  pid: string;
}

interface Entry { pid: string; text: string }

const indexes = new WeakMap<AreaData, Map<string, Entry>>();

/**
 * Every code's parent and name, built once per data object. A code the data lists under two
 * parents (a few Taiwan districts in v5) keeps the first, which is the one its code prefix names.
 */
function indexOf(data: AreaData): Map<string, Entry> {
  let index = indexes.get(data);
  if (!index) {
    index = new Map();
    for (const [pid, children] of Object.entries(data)) {
      for (const [code, text] of Object.entries(children)) if (!index.has(code)) index.set(code, { pid, text });
    }
    indexes.set(data, index);
  }
  return index;
}

/** A stored value as a code: numbers from integer columns read as their text; blank is no code. */
const codeOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const code = String(value).trim();
  return code || undefined;
};

/** Whether the value names a province, city or district of the data. */
export function isAreaCode(value: unknown, data: AreaData): boolean {
  const code = codeOf(value);
  return code !== undefined && indexOf(data).has(code);
}

/** The codes from the province down to the value's own code; undefined for an unknown code. */
export function areaPath(value: unknown, data: AreaData): string[] | undefined {
  const index = indexOf(data);
  let code = codeOf(value);
  if (code === undefined || !index.has(code)) return undefined;
  const path: string[] = [];
  while (code !== undefined && code !== AREA_ROOT) {
    path.unshift(code);
    code = index.get(code)?.pid;
  }
  return path;
}

/** The names along the path joined by '/' (北京市/市辖区/东城区); undefined for an unknown code. */
export function areaText(value: unknown, data: AreaData): string | undefined {
  const index = indexOf(data);
  return areaPath(value, data)?.map((code) => index.get(code)!.text).join('/');
}

/** The children of a code (the provinces for `AREA_ROOT`), in the data's order. */
export function areaChildren(pid: string, data: AreaData): AreaNode[] {
  return Object.entries(data[pid] ?? {}).map(([id, text]) => ({ id, text, pid }));
}

/**
 * The code a text names, read back from an export: names from the province down joined by '/'
 * (北京市/市辖区/东城区, or a shorter path); undefined when some name is not found at its level.
 */
export function areaCodeOfText(text: string, data: AreaData): string | undefined {
  const names = text.split('/').map((s) => s.trim());
  if (!names.length || names.some((n) => !n)) return undefined;
  let code = AREA_ROOT;
  for (const name of names) {
    const found = areaChildren(code, data).find((n) => n.text === name);
    if (!found) return undefined;
    code = found.id;
  }
  return code;
}
