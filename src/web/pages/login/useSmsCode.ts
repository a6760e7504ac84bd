import { App } from 'antd';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import { useCountdown } from './useCountdown';

const RESEND_AFTER_SECONDS = 60;

/**
 * 获取验证码 of a form (contract §2.5): asks the form for its checked phone number, asks the server for a
 * code of `smsmode` (0 login, 1 register, 2 forgotten password), says what it answered, and counts
 * 60 s down before the next one.
 */
export function useSmsCode(checkedPhone: () => Promise<string | undefined>, smsmode: '0' | '1' | '2') {
  const { message } = App.useApp();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const mobile = await checkedPhone();
    if (!mobile) return;
    setSending(true);
    const res = await authApi.sendSms({ mobile, smsmode }).catch(() => null);
    setSending(false);
    if (!res) return;
    if (!res.success) {
      void message.warning(res.message);
      return;
    }
    void message.success(res.message || '验证码已发送');
    countdown.start(RESEND_AFTER_SECONDS);
  };

  return { send, sending, seconds: countdown.seconds, label: countdown.seconds > 0 ? `${countdown.seconds} 秒后重发` : '获取验证码' };
}
