import { http, request, type Result } from './request';
import type { Depart, DictItem, LoginResult, PermissionResult, SiteInfo, UserInfo } from './types';

export const authApi = {
  captcha: (key: string) => http.get<string>(`/sys/randomImage/${encodeURIComponent(key)}`),
  login: (body: { username: string; password: string; captcha?: string; checkKey?: string | number }) =>
    http.post<LoginResult>('/sys/login', body),
  guestLogin: () => http.post<LoginResult>('/sys/guestLogin'),
  phoneLogin: (body: { mobile: string; captcha: string }) => http.post<LoginResult>('/sys/phoneLogin', body),
  sendSms: (body: { mobile: string; smsmode: string }) => http.post<string>('/sys/sms', body),
  logout: () => http.post<string>('/sys/logout'),
  userInfo: () => http.get<{ userInfo: UserInfo; sysAllDictItems: Record<string, DictItem[]> }>('/sys/user/getUserInfo'),
  permissions: () => http.get<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  currentDeparts: () => http.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (body: { orgCode: string; username: string }) => http.put<{ userInfo: UserInfo }>('/sys/selectDepart', body),
  updatePassword: (body: { username: string; oldpassword: string; password: string; confirmpassword: string }) =>
    http.put<string>('/sys/user/updatePassword', body),
  siteInfo: () => http.get<SiteInfo>('/site/siteinfoFz'),
  refreshDictCache: () => http.get<string>('/sys/dict/refleshCache'),
  allDictItems: () => http.get<Record<string, DictItem[]>>('/sys/dict/queryAllDictItems'),
  dictItems: (code: string) => request.get<Result<DictItem[]>>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`),
};
