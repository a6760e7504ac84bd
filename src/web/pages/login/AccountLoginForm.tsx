import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form } from 'antd';
import { Input, Password } from './inputs';
import { useState } from 'react';
import { authApi } from '../../api/auth';
import type { LoginResult } from '../../api/types';
import styles from './LoginPage.module.css';
import { rememberedUsername, rememberUsername } from './remembered-username';
import { useCaptcha } from './useCaptcha';
import { useSiteInfo } from '../../layouts/useSiteInfo';

interface AccountFields {
  username: string;
  password: string;
  captcha: string;
}

/** Username, password and image captcha (contract §2.2). */
export function AccountLoginForm({ onLoggedIn }: { onLoggedIn: (result: LoginResult) => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AccountFields>();
  // The server says whether it asks for a captcha (LOGIN_CAPTCHA=off for automated tests).
  const captchaOn = useSiteInfo()?.loginCaptcha !== false;
  const captcha = useCaptcha(captchaOn);
  const [submitting, setSubmitting] = useState(false);
  const [lastUsername] = useState(rememberedUsername);

  const submit = async ({ username, password, captcha: answer }: AccountFields) => {
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
    form.setFieldValue('captcha', '');
    captcha.refresh();
  };

  return (
    <Form form={form} size="large" initialValues={{ username: lastUsername }} onFinish={submit}>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" autoFocus={!lastUsername} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" autoFocus={!!lastUsername} />
      </Form.Item>
      {captchaOn && (<Form.Item>
        <div className={styles.captchaRow}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
            <Input prefix={<SafetyCertificateOutlined />} placeholder="请输入验证码" autoComplete="off" maxLength={8} />
          </Form.Item>
          <button type="button" className={styles.captchaImage} onClick={captcha.refresh} title="看不清？点击刷新">
            {captcha.image ? <img src={captcha.image} alt="验证码" data-testid="captcha-image" /> : '点击刷新'}
          </button>
        </div>
      </Form.Item>)}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>登 录</Button>
      </Form.Item>
    </Form>
  );
}
