/** Wire shapes of the contract that the shell reads. */
export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
  [key: string]: unknown;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  parentId?: string | null;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export interface MenuMeta {
  title?: string;
  icon?: string;
  url?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  permissionList?: { action: string; type?: string }[];
  hideMenu?: boolean;
  hideTab?: boolean;
}

export interface MenuNode {
  id: string;
  path: string;
  name: string;
  component: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  route: '0' | '1';
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface AuthEntry {
  action: string;
  type: string;
  describe?: string;
  status?: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, DictItem[]>;
}

export interface PermissionResult {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
}

export type { RaceInfo as Race, SiteInfo } from '../../schema/site';
