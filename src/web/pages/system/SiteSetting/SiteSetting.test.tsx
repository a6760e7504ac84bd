// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { http } from '../../../api/request';
import { useSession } from '../../../app/session';
import type { PageRoute } from '../../../app/routes';
import SiteSetting from '.';

vi.mock('../../../api/request', () => ({ http: { get: vi.fn(), put: vi.fn() } }));
vi.mock('../../../app/session', () => ({ useSession: vi.fn() }));
const get = vi.mocked(http.get);
const put = vi.mocked(http.put);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 400, result, timestamp: Date.now() });
const SETTINGS = {
  appName: '科技成果企业服务平台', appAbbr: '科创服务平台', appDesc: '描述', appLogo: '', appLogoWhite: '', iconLogo: '', helpPath: '',
  allowRegister: true, allowPhoneLogin: true, allowThirdLogin: false, isSetAppLogo: false, imgUrl: '', imgWhiteUrl: '', iconUrl: '',
};
const route = { path: '/isystem/siteSetting', name: 'isystem-siteSetting', component: 'system/SiteSetting', meta: { title: '站点设置' }, parents: [] } as unknown as PageRoute;
const withButtons = (actions: string[]) => vi.mocked(useSession).mockReturnValue({ auth: actions.map((action) => ({ action, type: '1', status: '1' })), allAuth: [] } as never);
const mount = () => render(<ConfigProvider locale={zhCN}><App><SiteSetting route={route} params={{}} /></App></ConfigProvider>);

beforeEach(() => {
  get.mockResolvedValue(envelope(true, SETTINGS) as never);
  put.mockImplementation(async (_u, body) => envelope(true, body, '保存成功') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

it('loads the settings and saves the edited form with the button code', async () => {
  withButtons(['system:siteSetting:edit']);
  mount();
  const name = await screen.findByDisplayValue('科技成果企业服务平台');
  expect(get).toHaveBeenCalledWith('/sys/setting/site');
  fireEvent.change(name, { target: { value: '新名称' } });
  fireEvent.click(screen.getByRole('switch', { name: '允许注册' }));
  fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
  expect(put.mock.calls[0][0]).toBe('/sys/setting/site');
  expect(put.mock.calls[0][1]).toMatchObject({ appName: '新名称', appAbbr: '科创服务平台', allowRegister: false, allowPhoneLogin: true });
  expect(await screen.findByText('保存成功')).toBeInTheDocument();
});

it('refuses an empty name before sending', async () => {
  withButtons(['system:siteSetting:edit']);
  mount();
  fireEvent.change(await screen.findByDisplayValue('科技成果企业服务平台'), { target: { value: ' ' } });
  fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText('请输入系统名称')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();
});

it('is read-only without the button code, and says so when loading fails', async () => {
  withButtons([]);
  mount();
  expect(await screen.findByDisplayValue('科技成果企业服务平台')).toBeDisabled();
  expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  cleanup();
  get.mockRejectedValueOnce(new Error('offline'));
  mount();
  expect(await screen.findByText('站点设置加载失败')).toBeInTheDocument();
});
