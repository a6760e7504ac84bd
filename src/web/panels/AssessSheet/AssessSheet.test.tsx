// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import type { AssessSheetData } from './api';
import AssessSheet from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn() } }));
const get = vi.mocked(http.get);
const put = vi.mocked(http.put);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 400, result, timestamp: Date.now() });
const data = (more: Partial<AssessSheetData> = {}): AssessSheetData => ({
  id: 't1', state: 'pending', planName: '四季度考核', planState: 'running', period: '2026-10-01 至 2026-12-31', assesseeName: '孙教授', kindText: '同事互评',
  commentBelow: 60, comment: '', scores: {},
  indicators: [{ id: 'a', name: '工作业绩', maxScore: 10, weight: 60, excellentDesc: '超额完成且质量突出' }, { id: 'b', name: '团队协作', maxScore: 10, weight: 40 }],
  ...more,
});
const open = () => render(<ConfigProvider locale={zhCN}><App><AssessSheet schema={{} as PageSchema} row={{ id: 't1' }} selectedIds={[]} open onClose={vi.fn()} /></App></ConfigProvider>);
const score = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });

beforeEach(() => {
  get.mockResolvedValue(envelope(true, data()) as never);
  put.mockResolvedValue(envelope(true, null, '编辑成功!') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('AssessSheet', () => {
  it('shows whom and as what, the grade standards, and the weighted total as typed', async () => {
    open();
    expect(await screen.findByText('评分：孙教授')).toBeInTheDocument();
    expect(screen.getByText('优秀：超额完成且质量突出')).toBeInTheDocument();
    score('工作业绩', '9');
    score('团队协作', '7');
    await waitFor(() => expect(document.querySelector('.assess-total .ant-statistic-content-value')?.textContent).toBe('82.00'));
  });

  it('tells a score above the maximum at once and saves nothing', async () => {
    open();
    await screen.findByLabelText('工作业绩');
    score('工作业绩', '12');
    expect(await screen.findByText('「工作业绩」最高10分')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(put).not.toHaveBeenCalled();
  });

  it('never offers 提交评分 before every indicator is scored: greyed, the reason as its tooltip', async () => {
    open();
    await screen.findByLabelText('工作业绩');
    const submit = screen.getByRole('button', { name: /提交评分/ });
    expect(submit).toBeDisabled();
    expect(document.querySelector('.sheet-submit')?.getAttribute('data-blocker')).toBe('请为「工作业绩」打分；请为「团队协作」打分');
    score('工作业绩', '-3');
    score('团队协作', '9');
    expect(await screen.findByText('「工作业绩」不能低于0分')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await waitFor(() => expect(document.querySelector('.assess-total .ant-statistic-content-value')?.textContent).toBe('36.00')); // 9/10·40 only
    score('工作业绩', '8');
    await waitFor(() => expect(submit).not.toBeDisabled());
  });

  it('is read-only once the plan has ended', async () => {
    get.mockResolvedValue(envelope(true, data({ planState: 'ended', state: 'unfinished' })) as never);
    open();
    expect(await screen.findByText('考核已结束，不能再评分')).toBeInTheDocument();
    expect(screen.getByLabelText('工作业绩')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /提交评分/ })).toBeNull();
  });
});
