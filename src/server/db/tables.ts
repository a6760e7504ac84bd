import type { Generated, Kysely } from 'kysely';
import type { RaceInfo } from '../../schema/site.js';

/** Text timestamp 'YYYY-MM-DD HH:mm:ss' (server time zone). */
type Stamp = string | null;

interface Audit {
  createBy: string | null;
  createTime: Stamp;
  updateBy: string | null;
  updateTime: Stamp;
}

export interface SysUser extends Audit {
  id: string;
  username: string;
  realname: string;
  password: string;
  salt: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: number | null;
  departIds: string | null;
  relTenantIds: string | null;
  /** Campus of a self-registered campus user (dictionary `campus`); added by the sys_user schema. */
  campus?: string | null;
}

export interface SysRole extends Audit {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

export interface SysUserRole {
  id: string;
  userId: string;
  roleId: string;
}

export interface SysDepart extends Audit {
  id: string;
  parentId: string | null;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number | null;
  description: string | null;
  orgCategory: string | null;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  delFlag: string | null;
}

export interface SysUserDepart {
  id: string;
  userId: string;
  depId: string;
}

export interface SysPermission extends Audit {
  id: string;
  parentId: string | null;
  name: string;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  perms: string | null;
  permsType: string | null;
  sortNo: number;
  alwaysShow: number;
  icon: string | null;
  isRoute: number;
  isLeaf: number;
  keepAlive: number;
  hidden: number;
  hideTab: number;
  description: string | null;
  delFlag: number;
  ruleFlag: number;
  status: string | null;
  internalOrExternal: number;
}

export interface SysRolePermission {
  id: string;
  roleId: string;
  permissionId: string;
  /** The data rules this grant selects, a comma list (migration 007). */
  dataRuleIds?: string | null;
}

export interface SysDict extends Audit {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  delFlag: number;
  type: number;
}

export interface SysDictItem extends Audit {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
}

export interface SysSession {
  /** sha256 of the token: a leaked table does not leak live tokens. */
  tokenHash: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  ip: string | null;
  /** The WeChat code the client sent with its requests (SPEC §4), and the openid it was exchanged for. */
  wechatCode?: string | null;
  wechatOpenid?: string | null;
}

export interface SysCaptcha {
  keyHash: string;
  code: string;
  expiresAt: number;
}

export interface SysSmsCode {
  mobile: string;
  code: string;
  expiresAt: number;
}

export interface SysPasswordReset {
  tokenHash: string;
  userId: string;
  expiresAt: number;
}

export interface SysSetting {
  key: string;
  value: string;
}

export interface SysLog {
  id: string;
  logType: number;
  logContent: string;
  operateType: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  createBy: string | null;
  createTime: Stamp;
}

export interface PmsRace extends Audit, RaceInfo {
  id: string;
  isCurrent: number;
}

export interface MigrationRow {
  name: string;
  appliedAt: Generated<string>;
}

export interface Database {
  sysUser: SysUser;
  sysRole: SysRole;
  sysUserRole: SysUserRole;
  sysDepart: SysDepart;
  sysUserDepart: SysUserDepart;
  sysPermission: SysPermission;
  sysRolePermission: SysRolePermission;
  sysDict: SysDict;
  sysDictItem: SysDictItem;
  sysSession: SysSession;
  sysCaptcha: SysCaptcha;
  sysSmsCode: SysSmsCode;
  sysPasswordReset: SysPasswordReset;
  sysSetting: SysSetting;
  sysLog: SysLog;
  pmsRace: PmsRace;
}

export type Db = Kysely<Database>;
