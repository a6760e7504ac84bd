// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { taskSchema } from './fixture';
import { OpinionModal } from './OpinionModal';

const [, finish, reopen] = taskSchema.workflow!.transitions;

function open(transition = reopen, onSubmit = vi.fn(async () => undefined as string | undefined), count = 1) {
  render(<ConfigProvider locale={zhCN}><App><OpinionModal transition={transition} count={count} onSubmit={onSubmit} onClose={vi.fn()} /></App></ConfigProvider>);
  return onSubmit;
}
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
const textarea = () => screen.getByPlaceholderText(/意见$/);

afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('opinion modal', () => {
  it('refuses an empty required opinion in the field, before asking the server', async () => {
    const submit = open();
    expect(screen.getByText('重新打开意见').closest('label')).toHaveClass('ant-form-item-required');
    fireEvent.change(textarea(), { target: { value: '   ' } });
    ok();
    expect(await screen.findByText('请填写重新打开意见')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends an optional opinion trimmed, or none, and counts up to 500 characters', async () => {
    const submit = open(finish);
    expect(screen.getByText('完成意见').closest('label')).not.toHaveClass('ant-form-item-required');
    expect(textarea()).toHaveAttribute('maxlength', '500');
    fireEvent.change(textarea(), { target: { value: '  按时完成 ' } });
    expect(document.querySelector('[data-count]')).toHaveAttribute('data-count', '7 / 500');
    ok();
    await waitFor(() => expect(submit).toHaveBeenCalledWith('按时完成'));
    cleanup();
    const empty = open(finish);
    ok();
    await waitFor(() => expect(empty).toHaveBeenCalledWith(''));
  });

  it("keeps the server's refusal in view", async () => {
    open(reopen, vi.fn(async () => '当前状态「进行中」不能重新打开'));
    fireEvent.change(textarea(), { target: { value: '还有问题' } });
    ok();
    expect(await screen.findByText('当前状态「进行中」不能重新打开')).toBeInTheDocument();
  });

  it('names the selection of a batch in its title', () => {
    open(finish, undefined, 3);
    expect(screen.getByText('完成（已选 3 条）')).toBeInTheDocument();
  });
});
