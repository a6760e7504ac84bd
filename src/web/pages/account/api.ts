import { http } from '../../api/request';
import type { Depart, UserInfo } from '../../api/types';
import type { LayoutSettings } from '../../app/settings';

export interface Preferences {
  notification: { announcement: boolean; system: boolean; sound: boolean };
  custom: LayoutSettings;
}

export interface ActivityRow { id: string; logType: number; logContent: string; operateType: number | null; ip: string | null; method: string | null; requestUrl: string | null; costTime: number | null; createTime: string }
export interface AccountCenter { userInfo: UserInfo; departs: Depart[]; roles: { roleCode: string; roleName: string }[]; activity: ActivityRow[] }
export interface AccountSession { id: string; current: boolean; device: string; ip: string | null; loginTime: number; lastSeen: number; expiresAt: number }

export interface ProfileChange { realname?: string; avatar?: string | null; phone?: string | null; email?: string | null }

/** The account center's calls (server: src/server/modules/account). */
export const accountApi = {
  center: () => http.get<AccountCenter>('/sys/account/center'),
  saveProfile: (body: ProfileChange) => http.put<{ userInfo: UserInfo }>('/sys/account/profile', body),
  sessions: () => http.get<AccountSession[]>('/sys/account/sessions'),
  endSession: (id: string) => http.post<string>('/sys/account/sessions/end', { id }),
  endOtherSessions: () => http.post<number>('/sys/account/sessions/endOthers'),
  preferences: () => http.get<Preferences>('/sys/account/preferences'),
  savePreferences: (body: { notification?: Partial<Preferences['notification']>; custom?: Partial<LayoutSettings> }) =>
    http.put<Preferences>('/sys/account/preferences', body),
  uploadAvatar: (file: Blob) => {
    const form = new FormData();
    form.append('biz', 'avatar');
    form.append('file', file, 'avatar.png');
    return http.upload<null>('/sys/common/upload', form);
  },
};
