// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import RegisterResult from './RegisterResult';
import { renderAt } from './testing';

afterEach(cleanup);

it('shows the new account and a link to log in', () => {
  renderAt('/user/register-result?username=newbie_1', '/user/register-result', <RegisterResult />);
  expect(screen.getByText('你的账户：newbie_1 注册成功')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /立即登录/ })).toHaveAttribute('href', '/user/login');
});
