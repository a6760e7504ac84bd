import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { Input } from './inputs';
import { useState, type FormEvent } from 'react';
import { authApi } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import styles from './LoginPage.module.css';
import { useSmsCode } from './useSmsCode';
import { LoginField, matches, required, useLoginFields } from './useLoginFields';

interface PhoneFields {
  mobile: string;
  captcha: string;
}

/** Mobile number and SMS code (contract §2.5). */
export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { message } = App.useApp();
  const fields = useLoginFields<keyof PhoneFields>({ mobile: '', captcha: '' }, {
    mobile: [required('请输入手机号'), matches(/^1\d{10}$/, '请输入正确的手机号')], captcha: [required('请输入验证码')],
  });
  const sms = useSmsCode(async () => (fields.check(['mobile']) ? fields.values.mobile : undefined), '0');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields.checkAll() || submitting) return;
    setSubmitting(true);
    const res = await authApi.phoneLogin(fields.values).catch(() => null);
    setSubmitting(false);
    if (res?.code === 200) onLoggedIn(res.result);
    else if (res) message.error(res.message);
  };

  return (
    <form onSubmit={submit} noValidate>
      <LoginField error={fields.errors.mobile}>
        <Input size="large" prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" maxLength={11} inputMode="numeric" {...fields.bind('mobile')} />
      </LoginField>
      <LoginField error={fields.errors.captcha}>
        <div className={styles.captchaRow}>
          <Input size="large" prefix={<MailOutlined />} placeholder="请输入短信验证码" autoComplete="one-time-code" maxLength={6} inputMode="numeric" {...fields.bind('captcha')} />
          <Button size="large" className={styles.smsButton} disabled={sms.seconds > 0} loading={sms.sending} onClick={sms.send}>{sms.label}</Button>
        </div>
      </LoginField>
      <LoginField>
        <Button type="primary" size="large" htmlType="submit" block loading={submitting}>登 录</Button>
      </LoginField>
    </form>
  );
}
