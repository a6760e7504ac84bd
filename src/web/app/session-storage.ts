import { KEYS, storage } from './storage';

/** Everything the session keeps locally; cleared on logout and on an expired token. */
export function clearStoredSession(): void {
  for (const key of [KEYS.token, KEYS.guest, KEYS.userInfo, KEYS.username, KEYS.departs, KEYS.dicts, KEYS.buttonAuth, KEYS.allAuth, KEYS.tenantId]) {
    storage.remove(key);
  }
  sessionStorage.removeItem(KEYS.buttonAuth);
  sessionStorage.removeItem(KEYS.allAuth);
}

export const getToken = (): string | undefined => storage.get<string>(KEYS.token);
