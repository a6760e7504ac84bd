import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import type { ReactNode } from 'react';
import { Logo } from './Logo';

type GlobalHeaderProps = {
  fixed: boolean;
  visible: boolean;
  actions: ReactNode;
} & (
  | { mode: 'side'; collapsed: boolean; onToggle: () => void }
  | { mode: 'top'; theme: 'dark' | 'light'; fixedWidth: boolean; menu: ReactNode }
);

/** Side mode: collapse toggle and actions. Top mode: logo, horizontal menu and actions, in the menu theme. */
export function GlobalHeader(props: GlobalHeaderProps) {
  const classes = ['basic-header'];
  if (props.fixed) classes.push('basic-header-fixed');
  if (!props.visible) classes.push('basic-header-hidden');

  if (props.mode === 'side') {
    return (
      <Layout.Header className={classes.join(' ')}>
        <Button
          type="text"
          className="basic-header-trigger"
          icon={props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={props.collapsed ? '展开菜单' : '收起菜单'}
          onClick={props.onToggle}
        />
        {props.actions}
      </Layout.Header>
    );
  }
  classes.push(`basic-header-${props.theme}`);
  return (
    <Layout.Header className={classes.join(' ')}>
      <div className={props.fixedWidth ? 'basic-header-inner basic-fixed-width' : 'basic-header-inner'}>
        <Logo theme={props.theme} />
        {props.menu}
        {props.actions}
      </div>
    </Layout.Header>
  );
}
