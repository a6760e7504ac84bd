// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SiteInfo } from '../../api/types';
import { authApi } from '../../api/auth';
import { loadSiteInfo, useSiteInfo } from '../../layouts/useSiteInfo';
import { renderAt, reply } from '../register/testing';
import { AccountLoginForm } from './AccountLoginForm';
import { PhoneLoginForm } from './PhoneLoginForm';

vi.mock('../../layouts/useSiteInfo', () => ({ useSiteInfo: vi.fn(), loadSiteInfo: vi.fn() }));
vi.mock('../../api/auth', () => ({ authApi: { captcha: vi.fn(), login: vi.fn(), phoneLogin: vi.fn(), sendSms: vi.fn() } }));
const api = vi.mocked(authApi);

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

beforeEach(() => {
  vi.mocked(useSiteInfo).mockReturnValue({ loginCaptcha: true } as unknown as SiteInfo);
  vi.mocked(loadSiteInfo).mockResolvedValue({ loginCaptcha: true } as unknown as SiteInfo);
  api.captcha.mockResolvedValue(reply(true, '', 'data:image/png;base64,AA'));
});
afterEach(() => { cleanup(); vi.clearAllMocks(); localStorage.clear(); });

it('asks for username, password and captcha, a username of spaces counting as none, and sends nothing until given', async () => {
  const onLoggedIn = vi.fn();
  renderAt('/user/login', '/user/login', <AccountLoginForm onLoggedIn={onLoggedIn} />);
  type('请输入用户名', '   ');
  submit();
  expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
  expect(screen.getByText('请输入密码')).toBeInTheDocument();
  expect(screen.getByText('请输入验证码')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('请输入用户名')).toHaveAttribute('aria-invalid', 'true');
  expect(api.login).not.toHaveBeenCalled();
  // Told as typed once the user has tried: each message goes as its field is filled.
  type('请输入用户名', 'admin');
  await waitFor(() => expect(screen.queryByText('请输入用户名')).not.toBeInTheDocument());
  type('请输入密码', 'secret');
  type('请输入验证码', 'ab12');
  api.login.mockResolvedValue(reply(true, '登录成功', { token: 'T' }) as never);
  submit();
  await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'T' }));
  expect(api.login).toHaveBeenCalledWith(expect.objectContaining({ username: 'admin', password: 'secret', captcha: 'ab12' }));
});

it('clears the captcha and fetches a new one after a refused login', async () => {
  renderAt('/user/login', '/user/login', <AccountLoginForm onLoggedIn={vi.fn()} />);
  type('请输入用户名', 'admin');
  type('请输入密码', 'wrong');
  type('请输入验证码', 'ab12');
  api.login.mockResolvedValue({ ...reply(false, '用户名或密码错误'), code: 500 } as never);
  submit();
  expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('请输入验证码')).toHaveValue('');
  expect(screen.queryByText('请输入验证码')).not.toBeInTheDocument();
  await waitFor(() => expect(api.captcha).toHaveBeenCalledTimes(2));
});

it('waits for the site settings when sent before they arrived, and asks for the captcha only if they do', async () => {
  const onLoggedIn = vi.fn();
  vi.mocked(useSiteInfo).mockReturnValue(null);
  vi.mocked(loadSiteInfo).mockResolvedValue({ loginCaptcha: false } as unknown as SiteInfo);
  api.login.mockResolvedValue(reply(true, '登录成功', { token: 'T' }) as never);
  renderAt('/user/login', '/user/login', <AccountLoginForm onLoggedIn={onLoggedIn} />);
  expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
  type('请输入用户名', 'admin');
  type('请输入密码', 'secret');
  submit();
  await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'T' }));
  expect(screen.queryByText('请输入验证码')).not.toBeInTheDocument();

  // the same try when the settings say the captcha is on: the row shows, with what it needs
  onLoggedIn.mockClear();
  api.login.mockClear();
  vi.mocked(loadSiteInfo).mockResolvedValue({ loginCaptcha: true } as unknown as SiteInfo);
  submit();
  expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('请输入验证码')).toBeInTheDocument();
  expect(api.login).not.toHaveBeenCalled();
});

it('shows the captcha when the server asks for one after failures, though the site has it off', async () => {
  vi.mocked(useSiteInfo).mockReturnValue({ loginCaptcha: false } as unknown as SiteInfo);
  renderAt('/user/login', '/user/login', <AccountLoginForm onLoggedIn={vi.fn()} />);
  expect(screen.queryByPlaceholderText('请输入验证码')).not.toBeInTheDocument();
  type('请输入用户名', 'admin');
  type('请输入密码', 'wrong');
  api.login.mockResolvedValue({ ...reply(false, '登录失败次数过多，请输入验证码'), code: 412 } as never);
  submit();
  expect(await screen.findByText('登录失败次数过多，请输入验证码')).toBeInTheDocument();
  expect(await screen.findByPlaceholderText('请输入验证码')).toBeInTheDocument();
  await waitFor(() => expect(api.captcha).toHaveBeenCalled());
  submit();
  expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
  expect(api.login).toHaveBeenCalledTimes(1);
});

it('checks the phone number before sending a code or logging in', async () => {
  renderAt('/user/login', '/user/login', <PhoneLoginForm onLoggedIn={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
  type('请输入手机号', '1390000');
  expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  expect(api.sendSms).not.toHaveBeenCalled();
  type('请输入手机号', '13900000001');
  api.sendSms.mockResolvedValue(reply(true, '验证码已发送') as never);
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(api.sendSms).toHaveBeenCalledWith({ mobile: '13900000001', smsmode: '0' }));
  submit();
  expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
  expect(api.phoneLogin).not.toHaveBeenCalled();
});
