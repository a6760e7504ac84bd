/** The settings a `popup` field reads from its `extend` (contract §9.6), and the pure rules of SPEC §5. */
export interface PopupSettings {
  /** The report code whose rows are offered. */
  popupCode?: string;
  /** Report columns, comma list… */
  orgFields?: string;
  /** …written one to one into these form fields. */
  destFields?: string;
  popupMulti?: boolean;
  /** Report parameters sent as `self_<key>`. */
  param?: Record<string, string | number> | { key: string; value: string | number }[];
}

export const POPUP_CONFIG_ERROR = 'popup参数未正确配置!';
export const POPUP_COUNT_ERROR = 'popup参数未正确配置,原始值和目标值数量不一致!';
export const POPUP_SELECT_ONE = '请选择一条记录';

const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** What is wrong with the settings, in the SPEC's words, or undefined when the popup can work. */
export function popupConfigError(s: PopupSettings): string | undefined {
  if (!s.popupCode || !list(s.orgFields).length || !list(s.destFields).length) return POPUP_CONFIG_ERROR;
  if (list(s.orgFields).length !== list(s.destFields).length) return POPUP_COUNT_ERROR;
  return undefined;
}

/** SPEC §5: a row's key is its values run together, cut to 50 characters. */
export function popupRowKey(row: Record<string, unknown>): string {
  return Object.values(row).map((v) => (v === null || v === undefined ? '' : String(v))).join('').slice(0, 50);
}

/** Nothing chosen, or several in single mode, is the SPEC's warning; else undefined. */
export function selectionError(count: number, multi: boolean): string | undefined {
  return count === 0 || (!multi && count > 1) ? POPUP_SELECT_ONE : undefined;
}

/** The form values an OK writes: each destination gets its origin column, comma-joined over the chosen rows. */
export function popupValues(rows: Record<string, unknown>[], s: PopupSettings): Record<string, string> {
  const org = list(s.orgFields);
  const dest = list(s.destFields);
  return Object.fromEntries(dest.map((d, i) => [d, rows.map((r) => r[org[i]]).filter((v) => v !== null && v !== undefined).map(String).join(',')]));
}

/** `self_<key>` parameters of the report request. */
export function popupParams(s: PopupSettings): Record<string, string> {
  const entries = Array.isArray(s.param) ? s.param.map((p) => [p.key, p.value] as const) : Object.entries(s.param ?? {});
  return Object.fromEntries(entries.filter(([k]) => k).map(([k, v]) => [`self_${k}`, String(v)]));
}
