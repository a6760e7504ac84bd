// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { WorkflowTransition } from '../../../schema/workflow';
import type { Row } from '../api';
import { taskSchema } from './fixture';
import { useTransition } from './useTransition';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn() } }));
const post = vi.mocked(http.post);
const envelope = (success: boolean, message: string) => ({ success, message, code: success ? 200 : 500, result: null, timestamp: 0 });
const [start, finish, reopen, cancel] = taskSchema.workflow!.transitions;

function Harness({ transition, rows, onFired }: { transition: WorkflowTransition; rows: Row[]; onFired: (rows: Row[]) => void }) {
  const { fire, opinionModal } = useTransition(taskSchema, onFired);
  return <><button onClick={() => fire(transition, rows)}>go</button>{opinionModal}</>;
}
function open(transition: WorkflowTransition, rows: Row[] = [{ id: 't1', state: transition.from[0] }]) {
  const onFired = vi.fn();
  render(<ConfigProvider locale={zhCN}><App><Harness transition={transition} rows={rows} onFired={onFired} /></App></ConfigProvider>);
  fireEvent.click(screen.getByText('go'));
  return onFired;
}
const ok = () => fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);

afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('firing a transition', () => {
  it('asks to confirm one without opinion, then fires it from the state seen and reloads', async () => {
    post.mockResolvedValue(envelope(true, '开始成功！') as never);
    const onFired = open(start);
    expect(await screen.findByText('确定开始吗？')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    ok();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/demo/task/transition', { id: 't1', transition: 'start', fromState: 'todo' }, { key: expect.any(String) }));
    expect(await screen.findByText('开始成功！')).toBeInTheDocument();
    expect(onFired).toHaveBeenCalledWith([{ id: 't1', state: 'todo' }]);
  });

  it('asks the declared confirm text of a danger transition on a batch', async () => {
    post.mockResolvedValue(envelope(true, '作废成功，共2条') as never);
    const onFired = open(cancel, [{ id: 'a', state: 'todo' }, { id: 'b', state: 'doing' }]);
    expect(await screen.findByText('作废后不能恢复，确定吗？')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)).toHaveClass('ant-btn-dangerous');
    ok();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/demo/task/transition', { ids: 'a,b', transition: 'cancel' }, { key: expect.any(String) }));
    await waitFor(() => expect(onFired).toHaveBeenCalled());
  });

  it('does not reload when the server refuses', async () => {
    post.mockRejectedValue({ data: { message: '数据已被他人修改，请刷新后重试' } });
    const onFired = open(start);
    ok();
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(onFired).not.toHaveBeenCalled();
  });

  it('asks the opinion of one that takes it and sends it', async () => {
    post.mockResolvedValue(envelope(true, '完成成功！') as never);
    const onFired = open(finish);
    fireEvent.change(await screen.findByPlaceholderText('请输入完成意见'), { target: { value: '按时完成' } });
    ok();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/demo/task/transition', { id: 't1', transition: 'finish', opinion: '按时完成', fromState: 'doing' }, { key: expect.any(String) }));
    await waitFor(() => expect(onFired).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入完成意见')).not.toBeInTheDocument());
  });

  it("keeps the opinion modal open with the server's refusal", async () => {
    post.mockRejectedValue({ data: { message: '当前状态「进行中」不能重新打开' } });
    const onFired = open(reopen);
    fireEvent.change(await screen.findByPlaceholderText('请输入重新打开意见'), { target: { value: '还有问题' } });
    ok();
    expect(await screen.findByText('当前状态「进行中」不能重新打开')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入重新打开意见')).toBeInTheDocument();
    expect(onFired).not.toHaveBeenCalled();
  });
});
