// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SiteInfo } from '../../api/types';
import { useSiteInfo } from '../../layouts/useSiteInfo';
import { authApi } from '../../api/auth';
import { registerApi } from './registerApi';
import RegisterPage from './RegisterPage';
import { renderAt, reply } from './testing';

vi.mock('../../layouts/useSiteInfo', () => ({ useSiteInfo: vi.fn() }));
vi.mock('../../api/auth', () => ({ authApi: { sendSms: vi.fn() } }));
vi.mock('./registerApi', () => ({
  registerApi: { campusList: vi.fn(), checkUsername: vi.fn(), register: vi.fn() },
}));
const api = vi.mocked(registerApi);
const site = (allowRegister: boolean) => ({ appAbbr: '科创', allowRegister } as unknown as SiteInfo);

const open = (type = 'user') => renderAt(`/user/register/${type}`, '/user/register/:type', <RegisterPage />);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
const fill = () => {
  type('用户名', 'newbie_1');
  type('密码', 'abcd1234');
  type('确认密码', 'abcd1234');
  type('手机号', '13900000001');
  type('验证码', '123456');
};

beforeEach(() => {
  vi.mocked(useSiteInfo).mockReturnValue(site(true));
  api.campusList.mockResolvedValue(reply(true, '', [{ value: 'thu', text: '清华大学' }]));
  api.checkUsername.mockResolvedValue(reply(true, '', true));
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

it('says registration is closed, with a way back to login', () => {
  vi.mocked(useSiteInfo).mockReturnValue(site(false));
  open();
  expect(screen.getByText('系统已关闭注册')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '使用已有账户登录' })).toHaveAttribute('href', '/user/login');
  expect(screen.queryByLabelText('用户名')).not.toBeInTheDocument();
});

it('asks for the fields with the SPEC §5 password messages', async () => {
  open();
  type('密码', 'abcdefgh');
  type('确认密码', 'abcdefgh1');
  submit();
  for (const text of ['请输入用户名', '密码至少8位，且需包含数字、字母', '两次输入的密码不一样！', '请输入手机号', '请输入验证码']) {
    expect(await screen.findByText(text)).toBeInTheDocument();
  }
  expect(screen.queryByLabelText('所属院校')).not.toBeInTheDocument();
  expect(api.register).not.toHaveBeenCalled();
});

it('checks the username with the server on blur', async () => {
  api.checkUsername.mockResolvedValue(reply(false, '用户账号已存在', true));
  open();
  type('用户名', 'admin');
  fireEvent.blur(screen.getByLabelText('用户名'));
  expect(await screen.findByText('用户账号已存在')).toBeInTheDocument();
  expect(api.checkUsername).toHaveBeenCalledWith('admin');
});

it('sends the register SMS code and counts down', async () => {
  vi.mocked(authApi).sendSms.mockResolvedValue(reply(true, '验证码已发送，10分钟内有效'));
  open();
  type('手机号', '13900000001');
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByRole('button', { name: /60 秒后重发/ })).toBeDisabled();
  expect(authApi.sendSms).toHaveBeenCalledWith({ mobile: '13900000001', smsmode: '1' });
});

it('registers and goes to the result page', async () => {
  api.register.mockResolvedValue(reply(true, '注册成功', { username: 'newbie_1' }));
  open();
  fill();
  submit();
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/user/register-result?username=newbie_1'));
  expect(api.register).toHaveBeenCalledWith(expect.objectContaining({
    username: 'newbie_1', password: 'abcd1234', confirmPassword: 'abcd1234', phone: '13900000001', smsCode: '123456', type: 'user', campus: undefined,
  }));
});

it('shows the server refusal verbatim and stays', async () => {
  api.register.mockResolvedValue(reply(false, '手机验证码错误'));
  open();
  fill();
  submit();
  expect(await screen.findByText('手机验证码错误')).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/user/register/user');
});

it('a campus registration chooses its campus', async () => {
  open('campus');
  expect(await screen.findByLabelText('所属院校')).toBeInTheDocument();
  fill();
  submit();
  expect(await screen.findByText('请选择院校')).toBeInTheDocument();
  expect(api.register).not.toHaveBeenCalled();
  fireEvent.mouseDown(screen.getByLabelText('所属院校'));
  fireEvent.click(await screen.findByTitle('清华大学'));
  api.register.mockResolvedValue(reply(true, '注册成功', { username: 'newbie_1' }));
  submit();
  await waitFor(() => expect(api.register).toHaveBeenCalledWith(expect.objectContaining({ type: 'campus', campus: 'thu' })));
});
