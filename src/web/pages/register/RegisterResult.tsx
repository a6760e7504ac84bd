import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import styles from './Register.module.css';

/** SPEC §2 /user/register-result: the new account and the way to log in with it. */
export default function RegisterResult() {
  const [params] = useSearchParams();
  const username = params.get('username');
  return (
    <div className={`${styles.card} ${styles.result}`}>
      <Result
        status="success"
        title={username ? `你的账户：${username} 注册成功` : '注册成功'}
        subTitle="请使用注册的账户和密码登录系统。"
        extra={<Link to="/user/login"><Button type="primary" size="large">立即登录</Button></Link>}
      />
    </div>
  );
}
