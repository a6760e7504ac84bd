import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

export const reply = <T,>(success: boolean, message: string, result: T | null = null) =>
  ({ success, message, code: success ? 200 : 500, result: result as T, timestamp: Date.now() });

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Renders a page at a path under the user layout's routes, with the current location shown. */
export function renderAt(path: string, pattern: string, page: ReactElement) {
  return render(
    <ConfigProvider locale={zhCN}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}
