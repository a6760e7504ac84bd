import { resultOf } from './envelope.js';

/** Result shapes shared by hand-written routes' response schemas (documentation: replies are not serialized by them). */

type Json = Record<string, unknown>;
const str = (description: string): Json => ({ type: 'string', description });
const obj = (properties: Json, required: string[] = []): Json => ({ type: 'object', properties, ...(required.length ? { required } : {}) });
/** A refusal answers the same envelope with `result: null`. */
const orNull = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] });

/** Contract §4.1 DictModel. */
export const DICT_ITEM = obj({ value: str('值'), text: str('文本'), title: str('文本'), label: str('文本') }, ['value', 'text']);
export const DICT_ITEMS = { type: 'array', items: DICT_ITEM };
/** Every enabled dictionary by code. */
export const ALL_DICT_ITEMS = { type: 'object', additionalProperties: DICT_ITEMS, description: '字典编码 → 字典项' };

/** The signed-in user as replies carry it: sys_user without its password and salt. */
export const USER_INFO = obj({
  id: str('用户id'), username: str('账号'), realname: str('姓名'), orgCode: { type: ['string', 'null'], description: '当前部门编码' },
  avatar: { type: ['string', 'null'] }, status: { type: ['integer', 'string'], description: '状态（1正常，2冻结）' },
}, ['id', 'username', 'realname']);
const FORBIDDEN_FIELDS = { not: { anyOf: [{ required: ['password'] }, { required: ['salt'] }] } };

const DEPART = obj({ id: str('部门id'), orgCode: str('部门编码'), departName: str('部门名称') }, ['id', 'orgCode', 'departName']);

/** Contract §2.2: the login result map. */
export const LOGIN_RESULT = resultOf(orNull(obj({
  token: str('X-Access-Token 的值'), userInfo: { ...USER_INFO, ...FORBIDDEN_FIELDS }, departs: { type: 'array', items: DEPART },
  multi_depart: { type: 'integer', enum: [0, 1, 2], description: '0 无部门，1 一个，2 多个（需选择）' }, sysAllDictItems: ALL_DICT_ITEMS,
}, ['token', 'userInfo', 'departs', 'multi_depart'])));

/** getUserInfo: the user and every dictionary. */
export const USER_INFO_RESULT = resultOf(orNull(obj({ userInfo: { ...USER_INFO, ...FORBIDDEN_FIELDS }, sysAllDictItems: ALL_DICT_ITEMS }, ['userInfo'])));

const BUTTON = obj({ action: str('按钮权限编码'), type: str('1 显示，2 禁用'), describe: str('名称'), status: str('状态') }, ['action']);
/** getUserPermissionByToken: the menu tree and button codes (contract §3). */
export const PERMISSION_RESULT = resultOf(orNull(obj({
  menu: { type: 'array', items: { type: 'object' }, description: '菜单树（path, component, meta, children）' },
  auth: { type: 'array', items: BUTTON, description: '本人拥有的按钮' }, allAuth: { type: 'array', items: BUTTON, description: '全部按钮' },
  sysSafeMode: { type: 'boolean' },
}, ['menu', 'auth', 'allAuth'])));
