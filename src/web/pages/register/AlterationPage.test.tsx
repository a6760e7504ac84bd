// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useSiteInfo } from '../../layouts/useSiteInfo';
import AlterationPage from './AlterationPage';
import { authApi } from '../../api/auth';
import { registerApi } from './registerApi';
import { renderAt, reply } from './testing';

vi.mock('../../layouts/useSiteInfo', () => ({ useSiteInfo: vi.fn() }));
vi.mock('../../api/auth', () => ({ authApi: { sendSms: vi.fn() } }));
vi.mock('./registerApi', () => ({ registerApi: { verifyPhone: vi.fn(), changePassword: vi.fn() } }));
const api = vi.mocked(registerApi);

const open = () => renderAt('/user/alteration', '/user/alteration', <AlterationPage />);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => { vi.mocked(useSiteInfo).mockReturnValue(null); });
afterEach(() => { cleanup(); vi.clearAllMocks(); });

it('sends the forgotten-password SMS code', async () => {
  vi.mocked(authApi).sendSms.mockResolvedValue(reply(true, '验证码已发送，10分钟内有效'));
  open();
  type('手机号', '13900000001');
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByRole('button', { name: /秒后重发/ })).toBeDisabled();
  expect(authApi.sendSms).toHaveBeenCalledWith({ mobile: '13900000001', smsmode: '2' });
});

it('shows a refused code verbatim and stays on step one', async () => {
  api.verifyPhone.mockResolvedValue(reply(false, '手机验证码错误'));
  open();
  type('手机号', '13900000001');
  type('验证码', '000000');
  fireEvent.click(screen.getByRole('button', { name: '下一步' }));
  expect(await screen.findByText('手机验证码错误')).toBeInTheDocument();
  expect(screen.getByLabelText('手机号')).toBeInTheDocument();
});

it('verifies the phone, sets the new password and links to login', async () => {
  api.verifyPhone.mockResolvedValue(reply(true, '验证成功', { username: 'newbie_1', resetToken: 'tok' }));
  api.changePassword.mockResolvedValue(reply(true, '密码修改成功'));
  open();
  type('手机号', '13900000001');
  type('验证码', '123456');
  fireEvent.click(screen.getByRole('button', { name: '下一步' }));
  expect(await screen.findByDisplayValue('newbie_1')).toBeDisabled();
  expect(api.verifyPhone).toHaveBeenCalledWith('13900000001', '123456');

  type('新密码', 'abcdefgh');
  type('确认新密码', 'other');
  fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
  expect(await screen.findByText('密码至少8位，且需包含数字、字母')).toBeInTheDocument();
  expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
  expect(api.changePassword).not.toHaveBeenCalled();

  type('新密码', 'N3w-password');
  type('确认新密码', 'N3w-password');
  fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
  expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
  expect(api.changePassword).toHaveBeenCalledWith({ username: 'newbie_1', resetToken: 'tok', password: 'N3w-password', confirmPassword: 'N3w-password' });
  expect(screen.getByRole('link', { name: /立即登录/ })).toHaveAttribute('href', '/user/login');
});
