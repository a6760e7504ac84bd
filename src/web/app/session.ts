import { useSyncExternalStore } from 'react';
import { authApi } from '../api/auth';
import type { AuthEntry, Depart, DictItem, LoginResult, MenuNode, UserInfo } from '../api/types';
import { noticePrefs } from '../components/AnnouncementDetail/liveAlert';
import { clearStoredSession, getToken } from './session-storage';
import { KEYS, storage } from './storage';

export interface SessionState {
  token?: string;
  /** Logged in automatically as the guest account: the header offers only a login button. */
  isGuest: boolean;
  userInfo?: UserInfo;
  departs: Depart[];
  /** null until the permission list is fetched for this token. */
  menu: MenuNode[] | null;
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  dicts: Record<string, DictItem[]>;
}

function readStored(): SessionState {
  return {
    token: getToken(),
    isGuest: storage.get<boolean>(KEYS.guest) === true,
    userInfo: storage.get<UserInfo>(KEYS.userInfo),
    departs: storage.get<Depart[]>(KEYS.departs) ?? [],
    menu: null,
    auth: [],
    allAuth: [],
    dicts: storage.get<Record<string, DictItem[]>>(KEYS.dicts) ?? {},
  };
}

let state: SessionState = readStored();
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** SPEC §4: a token in the query string is stored. */
  adoptToken(token: string): void {
    storage.set(KEYS.token, token);
    storage.set(KEYS.guest, false);
    storage.remove(KEYS.userInfo);
    setState({ token, isGuest: false, userInfo: undefined, menu: null });
  },

  /** Stores a successful login (any method). */
  acceptLogin(r: LoginResult, opts: { guest?: boolean } = {}): void {
    const isGuest = opts.guest === true;
    storage.set(KEYS.token, r.token);
    storage.set(KEYS.guest, isGuest);
    storage.set(KEYS.username, r.userInfo.username);
    storage.set(KEYS.userInfo, r.userInfo);
    storage.set(KEYS.departs, r.departs);
    storage.set(KEYS.dicts, r.sysAllDictItems);
    setState({ token: r.token, isGuest, userInfo: r.userInfo, departs: r.departs, dicts: r.sysAllDictItems, menu: null });
  },

  setUserInfo(userInfo: UserInfo): void {
    storage.set(KEYS.userInfo, userInfo);
    setState({ userInfo });
  },

  /** For a token that arrived without a login (query string): who it belongs to, and the dictionaries. */
  async loadUserInfo(): Promise<void> {
    const res = await authApi.userInfo();
    if (!res.success) throw new Error(res.message);
    storage.set(KEYS.userInfo, res.result.userInfo);
    storage.set(KEYS.username, res.result.userInfo.username);
    storage.set(KEYS.dicts, res.result.sysAllDictItems);
    setState({ userInfo: res.result.userInfo, dicts: res.result.sysAllDictItems });
  },

  /** Fetches menu and button permissions; an empty menu is an error (SPEC §8). */
  async loadPermissions(): Promise<MenuNode[]> {
    const res = await authApi.permissions();
    const menu = res.result?.menu;
    if (!res.success || !Array.isArray(menu) || menu.length === 0) {
      throw new Error('getPermissionList: permissions must be a non-null array !');
    }
    sessionStorage.setItem(KEYS.buttonAuth, JSON.stringify(res.result.auth ?? []));
    sessionStorage.setItem(KEYS.allAuth, JSON.stringify(res.result.allAuth ?? []));
    setState({ menu, auth: res.result.auth ?? [], allAuth: res.result.allAuth ?? [] });
    // The theme and layout saved to the account follow the user to this browser (个人设置 › 个性化).
    if (!state.isGuest) void import('../pages/account/preferences').then((m) => m.applyAccountPreferences());
    return menu;
  },

  /** SPEC §4: logout clears token, permissions and dictionary cache and calls the server, ignoring its failure. */
  async logout(): Promise<void> {
    if (state.token) {
      try { await authApi.logout(); } catch { /* ignored by design */ }
    }
    clearStoredSession();
    noticePrefs.reset();
    setState({ token: undefined, isGuest: false, userInfo: undefined, departs: [], menu: null, auth: [], allAuth: [], dicts: {} });
  },

  setDicts(dicts: Record<string, DictItem[]>): void {
    storage.set(KEYS.dicts, dicts);
    setState({ dicts });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}
