// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authApi } from '../../api/auth';
import type { Depart, UserInfo } from '../../api/types';
import { session } from '../../app/session';
import DepartModal from '.';

vi.mock('../../api/auth', () => ({ authApi: { currentDeparts: vi.fn(), selectDepart: vi.fn() } }));
const currentDeparts = vi.mocked(authApi.currentDeparts);
const selectDepart = vi.mocked(authApi.selectDepart);

const admin: UserInfo = { id: '1', username: 'admin', realname: '管理员', avatar: null, orgCode: 'A01' };
const departs: Depart[] = [
  { id: 'd1', orgCode: 'A01', departName: '总部' },
  { id: 'd2', orgCode: 'A01A01', departName: '综合办公室' },
];
const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 500, result, timestamp: Date.now() });

function open(onClose = vi.fn(), known?: Depart[], onShown?: () => void) {
  // No motion: happy-dom ends no CSS transition, and the dialog counts as shown once its own has.
  render(<ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}><App><DepartModal open departs={known} onShown={onShown} onClose={onClose} /></App></ConfigProvider>);
  return onClose;
}
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

beforeEach(() => { act(() => session.setUserInfo(admin)); });
afterEach(() => { cleanup(); vi.clearAllMocks(); localStorage.clear(); });

it('warns and closes when the user has no department', async () => {
  currentDeparts.mockResolvedValue(envelope(true, { list: [], orgCode: null }));
  const onClose = open();
  expect(await screen.findByText('您尚未设置部门信息!')).toBeInTheDocument();
  expect(onClose).toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('preselects the current department and switches to the chosen one', async () => {
  currentDeparts.mockResolvedValue(envelope(true, { list: departs, orgCode: 'A01' }));
  selectDepart.mockResolvedValue(envelope(true, { userInfo: { ...admin, orgCode: 'A01A01' } }));
  const onClose = open();
  expect(await screen.findByText('切换登录部门')).toBeInTheDocument();
  expect(screen.getByTitle('总部')).toBeInTheDocument();

  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByText('综合办公室', { selector: '.ant-select-item-option-content' }));
  confirm();

  expect(await screen.findByText('部门切换成功')).toBeInTheDocument();
  expect(selectDepart).toHaveBeenCalledWith({ orgCode: 'A01A01', username: 'admin' });
  expect(session.get().userInfo?.orgCode).toBe('A01A01');
  expect(onClose).toHaveBeenCalled();
});

it('marks the select in error when confirming without a department', async () => {
  currentDeparts.mockResolvedValue(envelope(true, { list: departs, orgCode: 'GONE' }));
  const onClose = open();
  await screen.findByText('切换登录部门');
  confirm();
  expect(await screen.findByText('请选择部门', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  expect(document.querySelector('.ant-select')).toHaveClass('ant-select-status-error');
  expect(selectDepart).not.toHaveBeenCalled();
  expect(onClose).not.toHaveBeenCalled();
});

it('shows the server refusal and stays open', async () => {
  currentDeparts.mockResolvedValue(envelope(true, { list: departs, orgCode: 'A01' }));
  selectDepart.mockResolvedValue(envelope(false, { userInfo: admin }, '您不属于该部门'));
  const onClose = open();
  await screen.findByText('切换登录部门');
  confirm();
  expect(await screen.findByText('您不属于该部门')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ })).not.toHaveClass('ant-btn-loading'));
  expect(onClose).not.toHaveBeenCalled();
});

it('shows the departments a login answered with at once, without asking for them again', async () => {
  selectDepart.mockResolvedValue(envelope(true, { userInfo: { ...admin, orgCode: 'A01A01' } }));
  const onShown = vi.fn();
  const onClose = open(vi.fn(), departs, onShown);
  expect(await screen.findByText('切换登录部门')).toBeInTheDocument();
  expect(screen.getByTitle('总部')).toBeInTheDocument();
  expect(currentDeparts).not.toHaveBeenCalled();
  await waitFor(() => expect(onShown).toHaveBeenCalledTimes(1));

  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByText('综合办公室', { selector: '.ant-select-item-option-content' }));
  confirm();
  expect(await screen.findByText('部门切换成功')).toBeInTheDocument();
  expect(selectDepart).toHaveBeenCalledWith({ orgCode: 'A01A01', username: 'admin' });
  expect(onClose).toHaveBeenCalled();
});
