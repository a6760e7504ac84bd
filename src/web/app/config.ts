/** Runtime configuration (SPEC §7): API base from window._CONFIG when a deployment sets it. */
declare global {
  interface Window {
    _CONFIG?: { domianURL?: string; staticDomainURL?: string };
  }
}

export const API_BASE = window._CONFIG?.domianURL ?? '/jeecg-boot';
export const STATIC_BASE = window._CONFIG?.staticDomainURL ?? `${API_BASE}/sys/common/static`;
export const WEB_BASE = '/2025';
export const HOME_PATH = '/dashboard/analysis';
/** The landing page's menu component (the fixed first tab). */
export const HOME_COMPONENT = 'dashboard/Analysis';
export const LOGIN_PATH = '/user/login';

/** A stored file path as a URL (absolute URLs pass through). */
export function staticUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return `${STATIC_BASE}/${path.replace(/^\//, '')}`;
}
