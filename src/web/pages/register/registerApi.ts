import { http } from '../../api/request';
import type { DictItem } from '../../api/types';

export type RegisterType = 'user' | 'campus';

export interface RegisterBody {
  username: string;
  password: string;
  confirmPassword: string;
  phone: string;
  smsCode: string;
  realname?: string;
  email?: string;
  type: RegisterType;
  campus?: string;
}

/** Self-service account calls (contract §2.3 anonymous paths); smsmode 1 register, 2 forgotten password. */
export const registerApi = {
  campusList: () => http.get<DictItem[]>('/sys/user/getCampus'),
  checkUsername: (username: string) => http.get<boolean>('/sys/user/checkOnlyUser', { username }),
  register: (body: RegisterBody) => http.post<{ username: string }>('/sys/user/register', body),
  verifyPhone: (phone: string, smsCode: string) => http.post<{ username: string; resetToken: string }>('/sys/user/phoneVerification', { phone, smsCode }),
  changePassword: (body: { username: string; password: string; confirmPassword: string; resetToken: string }) =>
    http.post<string>('/sys/user/passwordChange', body),
};
