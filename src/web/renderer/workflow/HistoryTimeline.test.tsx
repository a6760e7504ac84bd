// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { HistoryTimeline } from './HistoryTimeline';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);
const envelope = <T,>(result: T) => ({ success: true, message: '', code: 200, result, timestamp: 0 });
const step = (transitionText: string, from: string, to: string, createTime: string, opinion: string | null) => ({
  transition: 'x', transitionText, fromState: from, fromState_dictText: from, toState: to, toState_dictText: to,
  opinion, createBy: 'reviewer', createName: '审核员', createTime,
});

afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('history timeline', () => {
  it("draws each step of the row's history, oldest first, with its opinion", async () => {
    get.mockResolvedValue(envelope([step('开始', '待办', '进行中', '2025-05-01 09:00:00', null), step('完成', '进行中', '已完成', '2025-05-02 17:30:00', '按时完成\n附件已上传')]) as never);
    render(<HistoryTimeline api="/demo/task" rowId="t1" />);
    expect(await screen.findByText('2025-05-01 09:00:00 审核员 开始：待办 → 进行中')).toBeInTheDocument();
    const items = document.querySelectorAll('.ant-timeline-item');
    expect([...items].map((i) => i.textContent)).toEqual([
      '2025-05-01 09:00:00 审核员 开始：待办 → 进行中',
      '2025-05-02 17:30:00 审核员 完成：进行中 → 已完成意见：按时完成\n附件已上传',
    ]);
    expect(get).toHaveBeenCalledWith('/demo/task/history', { id: 't1' });
  });

  it('says when the row has not moved yet', async () => {
    get.mockResolvedValue(envelope([]) as never);
    render(<HistoryTimeline api="/demo/task" rowId="t1" />);
    expect(await screen.findByText('暂无流转记录')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    get.mockRejectedValue({ data: { message: '未找到对应数据' } });
    render(<HistoryTimeline api="/demo/task" rowId="gone" />);
    expect(await screen.findByText('未找到对应数据')).toBeInTheDocument();
  });
});
