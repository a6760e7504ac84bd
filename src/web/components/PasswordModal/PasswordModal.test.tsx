// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../api/auth';
import type { UserInfo } from '../../api/types';
import { session } from '../../app/session';
import PasswordModal from '.';

vi.mock('../../api/auth', () => ({ authApi: { updatePassword: vi.fn() } }));
const updatePassword = vi.mocked(authApi.updatePassword);

const admin: UserInfo = { id: '1', username: 'admin', realname: '管理员', avatar: null, orgCode: 'A01' };
const reply = (success: boolean, message: string) => ({ success, message, code: success ? 200 : 500, result: message, timestamp: Date.now() });

function open(onClose = vi.fn()) {
  render(<ConfigProvider locale={zhCN}><App><PasswordModal open onClose={onClose} /></App></ConfigProvider>);
  return onClose;
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

afterEach(() => { cleanup(); vi.clearAllMocks(); localStorage.clear(); });

it('warns and closes when nobody is logged in', async () => {
  await act(() => session.logout());
  const onClose = open();
  expect(await screen.findByText('当前系统无登陆用户!')).toBeInTheDocument();
  expect(onClose).toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

describe('with a logged-in user', () => {
  beforeEach(() => { act(() => session.setUserInfo(admin)); });

  it('asks for every field', async () => {
    open();
    expect(screen.getByText('修改密码')).toBeInTheDocument();
    confirm();
    for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) expect(await screen.findByText(text)).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('refuses a weak new password and a different confirmation', async () => {
    open();
    type('旧密码', 'old');
    type('新密码', 'abcdefgh');
    type('确认新密码', 'abcdefgh1');
    confirm();
    expect(await screen.findByText('密码至少8位，且需包含数字、字母')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('sends the form with the username and closes on success', async () => {
    updatePassword.mockResolvedValue(reply(true, '密码重置成功!'));
    const onClose = open();
    type('旧密码', 'Admin@2025');
    type('新密码', 'abcd1234');
    type('确认新密码', 'abcd1234');
    confirm();
    expect(await screen.findByText('密码重置成功!')).toBeInTheDocument();
    expect(updatePassword).toHaveBeenCalledWith({ username: 'admin', oldpassword: 'Admin@2025', password: 'abcd1234', confirmpassword: 'abcd1234' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server refusal and stays open', async () => {
    updatePassword.mockResolvedValue(reply(false, '旧密码输入错误!'));
    const onClose = open();
    type('旧密码', 'wrong');
    type('新密码', 'abcd1234');
    type('确认新密码', 'abcd1234');
    confirm();
    expect(await screen.findByText('旧密码输入错误!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
