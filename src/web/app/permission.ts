import type { AuthEntry } from '../api/types';

/**
 * SPEC §6 `has` rule: a button shows when the user's auth (type ≠ 2) lists its action, or when
 * allAuth lists the action as inactive (status 0, the rule is switched off).
 */
export function hasPermission(action: string, auth: AuthEntry[], allAuth: AuthEntry[]): boolean {
  if (!action) return true;
  const rule = allAuth.find((a) => a.type !== '2' && a.action === action);
  if (rule && String(rule.status) === '0') return true;
  return auth.some((a) => a.type !== '2' && String(a.action ?? '').split(',').includes(action));
}

/** `type 2` rules disable rather than hide: disabled when an active rule exists and the user lacks it. */
export function isDisabledByAuth(action: string, auth: AuthEntry[], allAuth: AuthEntry[]): boolean {
  const rule = allAuth.find((a) => a.type === '2' && a.action === action);
  if (!rule || String(rule.status) === '0') return false;
  return !auth.some((a) => a.type === '2' && String(a.action ?? '').split(',').includes(action));
}
