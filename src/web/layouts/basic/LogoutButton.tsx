import { LogoutOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { LOGIN_PATH, WEB_BASE } from '../../app/config';
import { session } from '../../app/session';

/** SPEC §8: logout asks for confirmation; a failure shows an error. */
export function LogoutButton({ showText }: { showText: boolean }) {
  const { modal, message } = App.useApp();
  const confirm = () =>
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await session.logout();
          // A full load, not navigate(): clearing the session unmounts this layout, and a fresh start
          // also drops the pages the tabs kept alive.
          window.location.assign(`${WEB_BASE}${LOGIN_PATH}`);
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });
  return (
    <Button type="text" icon={<LogoutOutlined />} onClick={confirm} aria-label="退出登录">
      {showText && '退出登录'}
    </Button>
  );
}
