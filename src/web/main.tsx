import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { useLayoutSettings } from './app/settings';
import { backOfficeTheme } from './styles/theme';
import './styles/global.css';

function Root() {
  const settings = useLayoutSettings();
  const themeConfig = useMemo(() => backOfficeTheme(settings.primaryColor), [settings.primaryColor]);
  return (
    <ConfigProvider locale={zhCN} theme={themeConfig}>
      <AntApp>
        <div className={settings.colorWeak ? 'color-weak' : undefined}>
          <App />
        </div>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Root /></StrictMode>);
