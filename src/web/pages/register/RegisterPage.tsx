import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Select, Spin, Tabs, type FormRule } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import type { DictItem } from '../../api/types';
import { useSiteInfo } from '../../layouts/useSiteInfo';
import { registerApi, type RegisterBody, type RegisterType } from './registerApi';
import styles from './Register.module.css';
import { confirmRules, passwordRules, phoneRules, USERNAME_RULE } from './rules';
import { SmsCodeField } from './SmsCodeField';

type Fields = Omit<RegisterBody, 'type'>;

const TYPES: { key: RegisterType; label: string }[] = [
  { key: 'user', label: '个人用户注册' },
  { key: 'campus', label: '校园用户注册' },
];

/** The server's answer for a username, asked once per value (blur and submit both validate). */
function useUsernameCheck() {
  const [answers] = useState(() => new Map<string, Promise<string | null>>());
  return (username: string) => {
    let answer = answers.get(username);
    if (!answer) {
      answer = registerApi.checkUsername(username)
        .then((res) => (res.success ? null : res.message || '用户名已注册'))
        .catch(() => { answers.delete(username); return null; });
      answers.set(username, answer);
    }
    return answer;
  };
}

/** SPEC §2 /user/register/:type: an individual or campus account, proved by an SMS code. */
export default function RegisterPage() {
  const { type } = useParams();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [campuses, setCampuses] = useState<DictItem[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const checkUsername = useUsernameCheck();
  const isCampus = type === 'campus';

  useEffect(() => {
    if (site) document.title = `注册 - ${site.appAbbr}`;
  }, [site]);

  useEffect(() => {
    if (!isCampus) return;
    let active = true;
    registerApi.campusList().then((res) => { if (active && res.success) setCampuses(res.result ?? []); }, () => undefined);
    return () => { active = false; };
  }, [isCampus]);

  if (type !== 'user' && type !== 'campus') return <Navigate to="/user/register/user" replace />;
  if (!site) return <div className={styles.card}><Spin /></div>;
  if (!site.allowRegister) {
    return (
      <div className={styles.card}>
        <Alert type="warning" showIcon message="系统已关闭注册" description="当前系统暂不开放注册，请联系管理员开通账号。" />
        <div className={styles.links} style={{ marginTop: 16 }}><Link to="/user/login">使用已有账户登录</Link></div>
      </div>
    );
  }

  const usernameRules: FormRule[] = [
    { required: true, whitespace: true, message: '请输入用户名' },
    { pattern: USERNAME_RULE, message: '用户名为4-20位字母、数字或下划线' },
    {
      validator: async (_, value: string | undefined) => {
        if (!value || !USERNAME_RULE.test(value)) return;
        const taken = await checkUsername(value);
        if (taken) throw new Error(taken);
      },
    },
  ];

  const submit = async (values: Fields) => {
    setSubmitting(true);
    const res = await registerApi.register({ ...values, type, campus: isCampus ? values.campus : undefined }).catch(() => null);
    setSubmitting(false);
    if (!res) return;
    if (!res.success) {
      message.error(res.message);
      return;
    }
    navigate(`/user/register-result?username=${encodeURIComponent(values.username)}`, { replace: true });
  };

  return (
    <div className={styles.card}>
      <div className={styles.heading}>
        <h1>注册账户</h1>
        {site.race?.title && <p>{site.race.title}</p>}
      </div>
      <Tabs centered className={styles.tabs} activeKey={type} items={TYPES}
        onChange={(key) => navigate(`/user/register/${key}`, { replace: true })} />
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} scrollToFirstError={{ block: 'center' }}>
        <Form.Item name="username" label="用户名" validateTrigger="onBlur" validateFirst rules={usernameRules}>
          <Input prefix={<UserOutlined />} placeholder="4-20位字母、数字或下划线" autoComplete="username" maxLength={20} />
        </Form.Item>
        <Form.Item name="realname" label="姓名">
          <Input placeholder="选填" maxLength={50} />
        </Form.Item>
        {isCampus && (
          <Form.Item name="campus" label="所属院校" rules={[{ required: true, message: '请选择院校' }]}>
            <Select placeholder="请选择院校" showSearch optionFilterProp="label"
              options={campuses.map((c) => ({ value: c.value, label: c.text }))} />
          </Form.Item>
        )}
        <Form.Item name="password" label="密码" rules={passwordRules}>
          <Input.Password prefix={<LockOutlined />} placeholder="至少8位，含数字和字母" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认密码" dependencies={['password']} rules={confirmRules}>
          <Input.Password prefix={<LockOutlined />} placeholder="再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={phoneRules}>
          <Input prefix={<MobileOutlined />} placeholder="11位手机号" autoComplete="tel" maxLength={11} inputMode="numeric" />
        </Form.Item>
        <SmsCodeField form={form} smsmode="1" />
        <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确格式的电子邮件!' }]}>
          <Input placeholder="选填" autoComplete="email" maxLength={45} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>注 册</Button>
        </Form.Item>
      </Form>
      <div className={styles.links}>
        <span />
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </div>
  );
}
