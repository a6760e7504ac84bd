// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import type { ReviewSheetData } from './api';
import ReviewSheet from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn() } }));
const get = vi.mocked(http.get);
const put = vi.mocked(http.put);
const post = vi.mocked(http.post);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 400, result, timestamp: Date.now() });
const data = (more: Partial<ReviewSheetData> = {}): ReviewSheetData => ({
  id: 'r1', state: 'pending', projectName: '智能灌溉系统', orgName: '丰穗合作社', commentBelow: 60, comment: '', scores: {},
  project: { track: 'agri', summary: null, attachment: null, videoUrl: null },
  indicators: [{ id: 'a', name: '技术创新', maxScore: 30, weight: 60 }, { id: 'b', name: '市场前景', maxScore: 20, weight: 40 }],
  ...more,
});

function open(onClose = vi.fn()) {
  render(<ConfigProvider locale={zhCN}><App><ReviewSheet schema={{} as PageSchema} row={{ id: 'r1' }} selectedIds={[]} open onClose={onClose} /></App></ConfigProvider>);
  return onClose;
}
const score = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const total = () => document.querySelector('.review-total .ant-statistic-content-value')?.textContent;
const submitButton = () => screen.getByRole('button', { name: /提交评分/ });
const blocker = () => document.querySelector('.sheet-submit')?.getAttribute('data-blocker') ?? undefined;

beforeEach(() => {
  get.mockResolvedValue(envelope(true, data()) as never);
  put.mockResolvedValue(envelope(true, null, '编辑成功!') as never);
  post.mockResolvedValue(envelope(true, null, '提交评分成功！') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('ReviewSheet', () => {
  it('shows the weighted total as the expert types, with the server’s formula', async () => {
    open();
    await screen.findByLabelText('技术创新');
    score('技术创新', '30');
    score('市场前景', '10');
    await waitFor(() => expect(total()).toBe('80.00')); // 30/30·60 + 10/20·40
  });

  it('tells a score above its maximum at once, and saves nothing while it stands', async () => {
    open();
    await screen.findByLabelText('技术创新');
    score('技术创新', '31');
    expect(await screen.findByText('「技术创新」最高30分')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(put).not.toHaveBeenCalled();
  });

  it('greys 提交评分 below the threshold until a comment is given, the reason as its tooltip', async () => {
    open();
    await screen.findByLabelText('技术创新');
    score('技术创新', '10');
    score('市场前景', '5');
    await waitFor(() => expect(blocker()).toBe('总分低于60分，请填写评语'));
    expect(submitButton()).toBeDisabled();
    fireEvent.click(submitButton());
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('总分低于60分须填写评语'), { target: { value: '创新不足' } });
    await waitFor(() => expect(submitButton()).not.toBeDisabled());
    expect(blocker()).toBeUndefined();
  });

  it('never offers 提交评分 on an unscored sheet: greyed, every missing item named', async () => {
    open();
    await screen.findByLabelText('技术创新');
    expect(submitButton()).toBeDisabled();
    expect(blocker()).toBe('请为「技术创新」打分；请为「市场前景」打分');
    score('技术创新', '20');
    await waitFor(() => expect(blocker()).toBe('请为「市场前景」打分'));
  });

  it('refuses −3 and 2.55 as typed, keeps them in view (not turned into 0) and counts only valid scores in the total', async () => {
    open();
    await screen.findByLabelText('技术创新');
    score('技术创新', '-3');
    score('市场前景', '10');
    expect(await screen.findByText('「技术创新」不能低于0分')).toBeInTheDocument();
    fireEvent.blur(screen.getByLabelText('技术创新'));
    expect((screen.getByLabelText('技术创新') as HTMLInputElement).value).toMatch(/^-3(\.0)?$/);
    expect(screen.getByLabelText('技术创新')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(total()).toBe('20.00')); // only 10/20·40
    score('技术创新', '2.55');
    expect(await screen.findByText('「技术创新」最多保留1位小数')).toBeInTheDocument();
    score('技术创新', '31');
    score('市场前景', '25');
    expect(await screen.findByText('「技术创新」最高30分；「市场前景」最高20分')).toBeInTheDocument();
    await waitFor(() => expect(total()).toBe('0.00'));
  });

  it('shows 权重 only where the weights change the total, and explains it', async () => {
    const headers = () => [...document.querySelectorAll('th')].map((th) => th.textContent?.trim());
    open(); // 60 and 40 on maxima 30 and 20: twice each maximum, so the weights change nothing
    await screen.findByLabelText('技术创新');
    expect(headers()).not.toContain('权重');
    cleanup();
    get.mockResolvedValue(envelope(true, data({ indicators: [{ id: 'a', name: '技术创新', maxScore: 30, weight: 50 }, { id: 'b', name: '市场前景', maxScore: 20, weight: 50 }] })) as never);
    open();
    await screen.findByLabelText('技术创新');
    expect(headers()).toContain('权重');
    expect(screen.getByLabelText('权重的含义')).toBeInTheDocument();
  });

  it('saves the scores and closes, reloading the list', async () => {
    const onClose = open();
    await screen.findByLabelText('技术创新');
    score('技术创新', '20');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/pms/review/edit', { id: 'r1', scores: JSON.stringify({ a: 20 }), comment: '' }, { key: expect.any(String) }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('reopens a saved sheet (已保存) with its scores, editable, and submits it after saving it once more', async () => {
    get.mockResolvedValue(envelope(true, data({ state: 'draft', scores: { a: 24, b: 16 }, indicators: [
      { id: 'a', name: '技术创新', maxScore: 30, weight: 60, description: '核心技术的先进性' }, { id: 'b', name: '市场前景', maxScore: 20, weight: 40 },
    ] })) as never);
    const onClose = open();
    expect(await screen.findByText('核心技术的先进性')).toBeInTheDocument();
    expect(screen.getByLabelText('技术创新')).not.toBeDisabled();
    await waitFor(() => expect(total()).toBe('80.00'));
    fireEvent.click(screen.getByRole('button', { name: /提交评分/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/pms/review/transition', { id: 'r1', transition: 'submit', fromState: 'draft' }, { key: expect.any(String) }));
    expect(put).toHaveBeenCalledWith('/pms/review/edit', { id: 'r1', scores: JSON.stringify({ a: 24, b: 16 }), comment: '' }, { key: expect.any(String) });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('keeps a submitted sheet read-only', async () => {
    get.mockResolvedValue(envelope(true, data({ state: 'submitted', scores: { a: 20, b: 10 } })) as never);
    open();
    expect(await screen.findByText('评分已提交，不能修改')).toBeInTheDocument();
    expect(screen.getByLabelText('技术创新')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /提交评分/ })).toBeNull();
  });
});
