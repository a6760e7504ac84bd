// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import UserPassword from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const put = vi.mocked(http.put);

const reply = (success: boolean, message: string) => ({ success, message, code: success ? 200 : 500, result: null, timestamp: Date.now() });

function open(onClose = vi.fn()) {
  render(
    <ConfigProvider locale={zhCN}>
      <App><UserPassword schema={{} as PageSchema} row={{ id: 'u1', username: 'jeecg' }} selectedIds={[]} open onClose={onClose} /></App>
    </ConfigProvider>,
  );
  return onClose;
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

afterEach(() => { cleanup(); vi.clearAllMocks(); });

it('shows the account read-only and asks for both passwords', async () => {
  open();
  expect(screen.getByText('修改密码')).toBeInTheDocument();
  expect(screen.getByLabelText('用户账号')).toHaveValue('jeecg');
  expect(screen.getByLabelText('用户账号')).toHaveAttribute('readonly');
  confirm();
  expect(await screen.findByText('请输入新密码!')).toBeInTheDocument();
  expect(await screen.findByText('请确认新密码!')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();
});

it('refuses a weak password and a different confirmation', async () => {
  open();
  type('登录密码', '12345678');
  type('确认密码', '12345679');
  confirm();
  expect(await screen.findByText('密码至少8位，且需包含数字、字母')).toBeInTheDocument();
  expect(await screen.findByText('两次输入的密码不一样！')).toBeInTheDocument();
  expect(put).not.toHaveBeenCalled();
});

it("resets the row's password, shows the server message and closes unchanged", async () => {
  put.mockResolvedValue(reply(true, '密码修改成功!') as never);
  const onClose = open();
  type('登录密码', 'abcd1234');
  type('确认密码', 'abcd1234');
  confirm();
  expect(await screen.findByText('密码修改成功!')).toBeInTheDocument();
  expect(put).toHaveBeenCalledWith('/sys/user/changePassword', { username: 'jeecg', password: 'abcd1234', confirmpassword: 'abcd1234' });
  expect(onClose).toHaveBeenCalledWith(false);
});

it('shows the server refusal and stays open', async () => {
  put.mockResolvedValue(reply(false, '用户不存在！') as never);
  const onClose = open();
  type('登录密码', 'abcd1234');
  type('确认密码', 'abcd1234');
  confirm();
  expect(await screen.findByText('用户不存在！')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
  expect(onClose).not.toHaveBeenCalled();
});

it('stays open without a word when the request fails (the request layer reported it)', async () => {
  put.mockRejectedValue(new Error('500'));
  const onClose = open();
  type('登录密码', 'abcd1234');
  type('确认密码', 'abcd1234');
  confirm();
  await waitFor(() => expect(put).toHaveBeenCalled());
  await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
  expect(onClose).not.toHaveBeenCalled();
});
