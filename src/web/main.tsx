import { App as AntApp, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { useLayoutSettings } from './app/settings';
import './styles/global.css';

function Root() {
  const settings = useLayoutSettings();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: settings.primaryColor, borderRadius: 4 }, algorithm: theme.defaultAlgorithm }}>
      <AntApp>
        <div className={settings.colorWeak ? 'color-weak' : undefined}>
          <App />
        </div>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Root /></StrictMode>);
