import { CheckOutlined } from '@ant-design/icons';
import { List, message, Radio, Switch } from 'antd';
import { layoutSettings, type LayoutSettings } from '../../../app/settings';
import type { Preferences } from '../api';
import { accountApi } from '../api';

interface Props { prefs: Preferences; onSaved: (p: Preferences) => void }

const COLORS = ['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'];

type Flag = 'fixedHeader' | 'autoHideHeader' | 'fixSiderbar' | 'colorWeak' | 'multipage';
const FLAGS: { key: Flag; title: string }[] = [
  { key: 'fixedHeader', title: '固定 Header' }, { key: 'autoHideHeader', title: '下滑时隐藏 Header' },
  { key: 'fixSiderbar', title: '固定侧边菜单' }, { key: 'colorWeak', title: '色弱模式' }, { key: 'multipage', title: '多页签模式' },
];

/** 个性化: theme and layout, saved to my account (so they follow me to another browser) and applied at once. */
export default function CustomSettings({ prefs, onSaved }: Props) {
  const c = prefs.custom;
  const change = async (patch: Partial<LayoutSettings>) => {
    layoutSettings.update(patch);
    const res = await accountApi.savePreferences({ custom: patch });
    if (res.success && res.result) { onSaved(res.result); message.success('保存成功'); } else message.warning(res.message);
  };
  const rows = [
    { key: 'navTheme', title: '菜单风格', control: (
      <Radio.Group value={c.navTheme} onChange={(e) => void change({ navTheme: e.target.value })} optionType="button"
        options={[{ value: 'dark', label: '暗色' }, { value: 'light', label: '亮色' }]} />
    ) },
    { key: 'primaryColor', title: '主题色', control: (
      <span className="account-colors">
        {COLORS.map((color) => (
          <span key={color} title={color} data-color={color} onClick={() => void change({ primaryColor: color })}
            style={{ display: 'inline-grid', placeItems: 'center', width: 22, height: 22, marginRight: 6, background: color, borderRadius: 3, cursor: 'pointer', color: '#fff' }}>
            {c.primaryColor.toUpperCase() === color ? <CheckOutlined /> : null}
          </span>
        ))}
      </span>
    ) },
    { key: 'layout', title: '导航模式', control: (
      <Radio.Group value={c.layout} onChange={(e) => void change({ layout: e.target.value })} optionType="button"
        options={[{ value: 'sidemenu', label: '侧边栏导航' }, { value: 'topmenu', label: '顶部栏导航' }]} />
    ) },
    { key: 'contentWidth', title: '内容区域宽度', control: (
      <Radio.Group value={c.contentWidth} onChange={(e) => void change({ contentWidth: e.target.value })} optionType="button"
        options={[{ value: 'Fixed', label: '固定' }, { value: 'Fluid', label: '流式' }]} />
    ) },
    ...FLAGS.map((f) => ({ key: f.key, title: f.title, control: <Switch checked={c[f.key]} onChange={(v) => void change({ [f.key]: v })} /> })),
  ];
  return (
    <List className="account-custom" dataSource={rows} rowKey="key"
      renderItem={(r) => <List.Item actions={[r.control]} data-setting={r.key}><List.Item.Meta title={r.title} /></List.Item>} />
  );
}
