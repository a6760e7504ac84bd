import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { Input, Password } from './inputs';
import { useState, type FormEvent } from 'react';
import { authApi } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import styles from './LoginPage.module.css';
import { rememberedUsername, rememberUsername } from './remembered-username';
import { useCaptcha } from './useCaptcha';
import { loadSiteInfo, useSiteInfo } from '../../layouts/useSiteInfo';
import { LoginField, required, useLoginFields } from './useLoginFields';

interface AccountFields {
  username: string;
  password: string;
  captcha: string;
}

/** Username, password and image captcha (contract §2.2). */
export function AccountLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { message } = App.useApp();
  // The server says whether it asks for a captcha (LOGIN_CAPTCHA=off for automated tests), and asks
  // for one anyway after repeated failures (412): the row is shown once either is known.
  const site = useSiteInfo();
  const [demanded, setDemanded] = useState(false);
  const captchaOn = demanded || (site !== null && site.loginCaptcha !== false);
  const captcha = useCaptcha(captchaOn);
  const [submitting, setSubmitting] = useState(false);
  const [lastUsername] = useState(rememberedUsername);
  const fields = useLoginFields<keyof AccountFields>({ username: lastUsername ?? '', password: '', captcha: '' }, {
    username: [required('请输入用户名')], password: [(v) => (v ? undefined : '请输入密码')], captcha: [required('请输入验证码')],
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    // Sent before the site settings have arrived: they decide whether this try needs the captcha.
    const needCaptcha = captchaOn || (site ?? (await loadSiteInfo()))?.loginCaptcha !== false;
    if (needCaptcha && !captchaOn) setDemanded(true);
    if (!fields.check(needCaptcha ? ['username', 'password', 'captcha'] : ['username', 'password'])) return;
    const { username, password, captcha: answer } = fields.values;
    setSubmitting(true);
    // A thrown error has already been shown by the request layer.
    const res = await authApi.login({ username: username.trim(), password, captcha: answer, checkKey: captcha.checkKey }).catch(() => null);
    setSubmitting(false);
    if (res?.code === 200) {
      rememberUsername(username.trim());
      onLoggedIn(res.result);
      return;
    }
    if (res) message.error(res.message);
    if (res?.code === 412) setDemanded(true);
    fields.clear('captcha');
    captcha.refresh();
  };

  return (
    <form onSubmit={submit} noValidate>
      <LoginField error={fields.errors.username}>
        <Input size="large" prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus={!lastUsername} {...fields.bind('username')} />
      </LoginField>
      <LoginField error={fields.errors.password}>
        <Password size="large" prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" autoFocus={!!lastUsername} {...fields.bind('password')} />
      </LoginField>
      {captchaOn && (<LoginField error={fields.errors.captcha}>
        <div className={styles.captchaRow}>
          <Input size="large" prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" autoComplete="off" maxLength={8} {...fields.bind('captcha')} />
          <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击刷新">
            {captcha.image ? <img src={captcha.image} alt="验证码" data-testid="captcha-image" /> : '点击刷新'}
          </button>
        </div>
      </LoginField>)}
      <LoginField>
        <Button type="primary" size="large" htmlType="submit" block loading={submitting}>登 录</Button>
      </LoginField>
    </form>
  );
}
