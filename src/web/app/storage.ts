/** SPEC §9: stored user data lasts 7 days. */
export const STORAGE_TTL_MS = 604800000;

interface Stored<T> {
  value: T;
  expire: number | null;
}

/** localStorage with an expiry per entry; broken or expired entries read as absent. */
export const storage = {
  get<T>(key: string): T | undefined {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return undefined;
      const item = JSON.parse(raw) as Stored<T>;
      if (item.expire !== null && item.expire < Date.now()) {
        localStorage.removeItem(key);
        return undefined;
      }
      return item.value;
    } catch {
      return undefined;
    }
  },
  set<T>(key: string, value: T, ttlMs: number | null = STORAGE_TTL_MS): void {
    localStorage.setItem(key, JSON.stringify({ value, expire: ttlMs === null ? null : Date.now() + ttlMs } satisfies Stored<T>));
  },
  remove(key: string): void {
    localStorage.removeItem(key);
  },
};

export const KEYS = {
  token: 'Access-Token',
  guest: 'Login_Guest',
  tenantId: 'TENANT_ID',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  departs: 'Login_Departs',
  buttonAuth: 'LOGIN_USER_BUTTON_AUTH',
  allAuth: 'SYS_BUTTON_AUTH',
  dicts: 'UI_CACHE_DB_DICT_DATA',
  settings: 'LAYOUT_SETTINGS',
  wechatCode: 'WECHAT_CODE',
} as const;
