import { ReloadOutlined } from '@ant-design/icons';
import { App, Dropdown, Tabs, type MenuProps } from 'antd';
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { closeAround, closeTab, type TabBulkClose } from './tabs';
import type { PageTabs } from './usePageTabs';

const contextItems: MenuProps['items'] = [
  { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
  { type: 'divider' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeOthers', label: '关闭其它' },
];

/** The tab a right click landed on (antd marks each tab node with its key), or null. */
const tabKeyAt = (e: MouseEvent) => (e.target as Element).closest?.('[data-node-key]')?.getAttribute('data-node-key') ?? null;

/**
 * antd puts role="tablist" on the whole nav, around the tabs and the 更多 button it shows when the
 * tabs overflow: a button inside a tablist is not allowed (axe aria-required-children, critical, issue
 * 43). The role moves to the list that holds only the tabs. React keeps it moved: it writes an
 * attribute again only when its prop changes, and rc-tabs' is a constant.
 */
function tablistOnTabsOnly(bar: HTMLElement | null) {
  const nav = bar?.querySelector('.ant-tabs-nav[role="tablist"]');
  const list = nav?.querySelector('.ant-tabs-nav-list');
  if (!nav || !list) return;
  nav.removeAttribute('role');
  nav.removeAttribute('aria-orientation');
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-orientation', 'horizontal');
}

/**
 * The tab bar of the multi-tab layout, with a right-click menu on every tab: one menu for the whole
 * bar, told which tab was clicked. A menu per tab re-rendered with every navigation, so each page
 * opened a little slower for every tab open.
 */
export function MultiTab({ pageTabs, activeKey }: { pageTabs: PageTabs; activeKey: string | undefined }) {
  const { tabs, setTabs, refresh } = pageTabs;
  const [menuTab, setMenuTab] = useState<string | null>(null);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const fullPathOf = (key: string) => tabs.find((t) => t.key === key)?.fullPath ?? key;
  const barRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => tablistOnTabsOnly(barRef.current));

  const close = (key: string) => {
    const result = closeTab(tabs, key);
    if ('warning' in result) {
      message.warning(result.warning);
      return;
    }
    setTabs(result.tabs);
    if (key === activeKey) navigate(result.tabs[result.tabs.length - 1].fullPath);
  };

  const onContextAction = (action: string, key: string) => {
    if (action === 'refresh') {
      refresh(key);
      if (key !== activeKey) navigate(fullPathOf(key));
      return;
    }
    const remaining = closeAround(tabs, key, action as TabBulkClose);
    setTabs(remaining);
    if (!remaining.some((t) => t.key === activeKey)) navigate(fullPathOf(key));
  };

  // The menu wraps the whole Tabs, not its nav: antd styles the nav as the Tabs' direct child.
  return (
    <Dropdown
      trigger={['contextMenu']}
      open={menuTab !== null}
      onOpenChange={(open) => { if (!open) setMenuTab(null); }}
      menu={{
        items: contextItems,
        onClick: ({ key }) => {
          setMenuTab(null);
          if (menuTab !== null) onContextAction(key, menuTab);
        },
      }}
    >
      <div ref={barRef} onContextMenu={(e) => setMenuTab(tabKeyAt(e))}>
        <Tabs
          className="basic-multitab"
          type="editable-card"
          size="small"
          hideAdd
          activeKey={activeKey}
          items={tabs.map((t) => ({ key: t.key, label: t.title }))}
          onChange={(key) => navigate(fullPathOf(key))}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') close(key);
          }}
        />
      </div>
    </Dropdown>
  );
}
