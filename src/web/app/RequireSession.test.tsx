// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { RequireSession } from './RequireSession';
import { session } from './session';

afterEach(() => { cleanup(); vi.restoreAllMocks(); window.dispatchEvent(new Event('pageshow')); });
beforeEach(() => {
  session.acceptLogin({ token: 't-1', userInfo: { username: 'admin', realname: '管理员' }, departs: [], sysAllDictItems: {}, multi_depart: 1 } as never);
});

const start = () => render(<MemoryRouter initialEntries={['/isystem/user']}><RequireSession><span>page</span></RequireSession></MemoryRouter>);

it('logs out when the permissions cannot be had', async () => {
  vi.spyOn(session, 'loadPermissions').mockRejectedValue(new Error('getPermissionList: permissions must be a non-null array !'));
  const logout = vi.spyOn(session, 'logout').mockResolvedValue();
  start();
  await vi.waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
});

it('keeps the session when its request was cut because the page is being left (a reload), so the next page is not refused', async () => {
  let cut: (e: Error) => void = () => {};
  vi.spyOn(session, 'loadPermissions').mockReturnValue(new Promise((_, reject) => { cut = reject; }));
  const logout = vi.spyOn(session, 'logout').mockResolvedValue();
  start();
  window.dispatchEvent(new Event('pagehide'));
  cut(new TypeError('Failed to fetch'));
  await new Promise((r) => setTimeout(r, 20));
  expect(logout).not.toHaveBeenCalled();
});
