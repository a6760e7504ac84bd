import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Divider, Drawer, Radio, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { layoutSettings, useLayoutSettings, type LayoutSettings } from '../../app/settings';

const THEME_COLORS = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝（默认）', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
];

function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

function ToggleRow({ label, field, disabled }: { label: string; field: keyof LayoutSettings; disabled?: boolean }) {
  const settings = useLayoutSettings();
  return (
    <SettingRow label={label}>
      <Switch size="small" aria-label={label} checked={settings[field] === true} disabled={disabled} onChange={(on) => layoutSettings.update({ [field]: on })} />
    </SettingRow>
  );
}

/** SPEC §2 settings drawer; every change is applied and persisted at once. */
export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useLayoutSettings();
  return (
    <Drawer title="系统设置" open={open} onClose={onClose} width={300} rootClassName="setting-drawer">
      <h4>整体风格设置</h4>
      <Radio.Group
        optionType="button"
        value={s.navTheme}
        onChange={(e) => layoutSettings.update({ navTheme: e.target.value })}
        options={[{ value: 'dark', label: '暗色菜单风格' }, { value: 'light', label: '亮色菜单风格' }]}
      />
      <h4>主题色</h4>
      <div className="setting-colors">
        {THEME_COLORS.map(({ name, color }) => (
          <Tooltip key={color} title={name}>
            <button
              type="button"
              aria-label={name}
              aria-pressed={s.primaryColor.toUpperCase() === color}
              style={{ background: color }}
              onClick={() => layoutSettings.update({ primaryColor: color })}
            >
              {s.primaryColor.toUpperCase() === color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>
      <Divider />
      <h4>导航模式</h4>
      <Radio.Group
        optionType="button"
        value={s.layout}
        onChange={(e) => layoutSettings.update({ layout: e.target.value })}
        options={[{ value: 'sidemenu', label: '侧边栏导航' }, { value: 'topmenu', label: '顶部栏导航' }]}
      />
      <SettingRow label="内容区域宽度">
        <Radio.Group
          size="small"
          optionType="button"
          value={s.contentWidth}
          onChange={(e) => layoutSettings.update({ contentWidth: e.target.value })}
          options={[{ value: 'Fixed', label: '固定' }, { value: 'Fluid', label: '流式' }]}
        />
      </SettingRow>
      <ToggleRow label="固定 Header" field="fixedHeader" />
      <ToggleRow label="下滑时隐藏 Header" field="autoHideHeader" disabled={!s.fixedHeader} />
      <ToggleRow label="固定侧边菜单" field="fixSiderbar" disabled={s.layout === 'topmenu'} />
      <Divider />
      <h4>其他设置</h4>
      <ToggleRow label="色弱模式" field="colorWeak" />
      <ToggleRow label="多页签模式" field="multipage" />
      <Divider />
      <Button block onClick={() => layoutSettings.reset()}>恢复默认设置</Button>
    </Drawer>
  );
}

/** The gear fixed at the right edge of the screen that opens the drawer. */
export function SettingHandle({ onClick }: { onClick: () => void }) {
  return (
    <Button
      className="setting-handle"
      type="primary"
      icon={<SettingOutlined />}
      aria-label="系统设置"
      data-testid="setting-handle"
      onClick={onClick}
    />
  );
}
