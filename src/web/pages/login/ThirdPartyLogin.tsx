import { DingdingOutlined, WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import { App, Button, Divider, Space, Tooltip } from 'antd';
import styles from './LoginPage.module.css';

const PROVIDERS = [
  { name: '企业微信', icon: <WechatWorkOutlined /> },
  { name: '钉钉', icon: <DingdingOutlined /> },
  { name: '微信', icon: <WechatOutlined /> },
];

/** Third-party sign-in entries; no provider is configured on this platform yet. */
export function ThirdPartyLogin() {
  const { message } = App.useApp();
  return (
    <div className={styles.thirdParty}>
      <Divider plain>其他登录方式</Divider>
      <Space size="large">
        {PROVIDERS.map((p) => (
          <Tooltip key={p.name} title={p.name}>
            <Button shape="circle" size="large" icon={p.icon} aria-label={p.name} onClick={() => message.info('第三方登录未配置')} />
          </Tooltip>
        ))}
      </Space>
    </div>
  );
}
