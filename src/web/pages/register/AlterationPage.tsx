import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Result, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSiteInfo } from '../../layouts/useSiteInfo';
import { registerApi } from './registerApi';
import styles from './Register.module.css';
import { confirmRules, passwordRules, phoneRules } from './rules';
import { SmsCodeField } from './SmsCodeField';

interface Verified { username: string; resetToken: string }

/** SPEC §2 /user/alteration: a forgotten password, reset after proving the phone with an SMS code. */
export default function AlterationPage() {
  const site = useSiteInfo();
  const { message } = App.useApp();
  const [phoneForm] = Form.useForm<{ phone: string; smsCode: string }>();
  const [passwordForm] = Form.useForm<{ password: string; confirmPassword: string }>();
  const [verified, setVerified] = useState<Verified | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (site) document.title = `找回密码 - ${site.appAbbr}`;
  }, [site]);

  const verify = async ({ phone, smsCode }: { phone: string; smsCode: string }) => {
    setBusy(true);
    const res = await registerApi.verifyPhone(phone, smsCode.trim()).catch(() => null);
    setBusy(false);
    if (!res) return;
    if (!res.success) message.error(res.message);
    else setVerified(res.result);
  };

  const change = async (values: { password: string; confirmPassword: string }) => {
    if (!verified) return;
    setBusy(true);
    const res = await registerApi.changePassword({ ...values, ...verified }).catch(() => null);
    setBusy(false);
    if (!res) return;
    if (!res.success) message.error(res.message);
    else setDone(true);
  };

  const step = done ? 2 : verified ? 1 : 0;
  return (
    <div className={styles.card}>
      <div className={styles.heading}><h1>找回密码</h1></div>
      <Steps size="small" className={styles.steps} current={step} items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]} />
      {step === 0 && (
        <Form form={phoneForm} layout="vertical" onFinish={verify} requiredMark={false}>
          <Form.Item name="phone" label="手机号" rules={phoneRules}>
            <Input prefix={<MobileOutlined />} placeholder="注册时填写的手机号" autoComplete="tel" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <SmsCodeField form={phoneForm} smsmode="2" />
          <Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>下一步</Button>
          </Form.Item>
        </Form>
      )}
      {step === 1 && (
        <Form form={passwordForm} layout="vertical" onFinish={change} requiredMark={false}>
          <Form.Item label="账户">
            <Input prefix={<UserOutlined />} value={verified!.username} disabled aria-label="账户" />
          </Form.Item>
          <Form.Item name="password" label="新密码" rules={passwordRules}>
            <Input.Password prefix={<LockOutlined />} placeholder="至少8位，含数字和字母" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label="确认新密码" dependencies={['password']} rules={confirmRules}>
            <Input.Password prefix={<LockOutlined />} placeholder="再次输入新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>提 交</Button>
          </Form.Item>
        </Form>
      )}
      {step === 2 && (
        <div className={styles.result}>
          <Result status="success" title="密码修改成功" subTitle={`账户 ${verified!.username} 的密码已重置，其他设备上的登录已退出。`}
            extra={<Link to="/user/login"><Button type="primary" size="large">立即登录</Button></Link>} />
        </div>
      )}
      {step < 2 && <div className={styles.links}><span /><Link to="/user/login">返回登录</Link></div>}
    </div>
  );
}
