// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import { suggest, type ProjectExperts } from './api';
import AssignExperts from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() } }));
const get = vi.mocked(http.get);
const post = vi.mocked(http.post);
const del = vi.mocked(http.delete);

const envelope = <T,>(success: boolean, result: T, message = '') => ({ success, message, code: success ? 200 : 400, result, timestamp: Date.now() });
const data = (more: Partial<ProjectExperts> = {}): ProjectExperts => ({
  project: { id: 'p1', name: '智能灌溉系统', orgName: '信息技术组', state: 'passed' },
  expertsPerProject: 3,
  assigned: [
    { id: 'r1', expert: 'expert2', realname: '专家二', state: 'submitted', total: 88 },
    { id: 'r2', expert: 'expert3', realname: '专家三', state: 'draft', total: 40 },
  ],
  experts: [
    { username: 'expert', realname: '评审专家', orgs: ['信息技术组'], load: 0, avoid: true },
    { username: 'expert2', realname: '专家二', orgs: [], load: 4, avoid: false },
    { username: 'expert3', realname: '专家三', orgs: ['先进制造组'], load: 3, avoid: false },
    { username: 'expert4', realname: '专家四', orgs: ['先进制造组'], load: 5, avoid: false },
    { username: 'expert5', realname: '专家五', orgs: [], load: 2, avoid: false },
  ],
  ...more,
});

function open(onClose = vi.fn()) {
  render(<ConfigProvider locale={zhCN}><App><AssignExperts schema={{} as PageSchema} row={{ id: 'p1' }} selectedIds={[]} open onClose={onClose} /></App></ConfigProvider>);
  return onClose;
}

beforeEach(() => {
  get.mockResolvedValue(envelope(true, data()) as never);
  post.mockResolvedValue(envelope(true, { added: 1 }, '已分配1位专家') as never);
  del.mockResolvedValue(envelope(true, null, '删除成功!') as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('AssignExperts', () => {
  it('suggests the least loaded experts free to take the project, as many as it lacks', () => {
    expect(suggest(data())).toEqual(['expert5']);
    expect(suggest(data({ assigned: [] }))).toEqual(['expert5', 'expert3', 'expert2']);
    expect(suggest(data({ expertsPerProject: 2 }))).toEqual([]);
  });

  it('shows the project’s experts with their progress; a submitted sheet cannot be changed', async () => {
    open();
    expect(await screen.findByText(/已分配2位，已评1份，待评1份/)).toBeInTheDocument();
    const rows = document.querySelectorAll('.ant-table-tbody tr');
    expect(within(rows[0] as HTMLElement).getByText('已提交，不能更换')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('已保存')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: /移\s*除/ })).toBeInTheDocument();
  });

  it('assigns the suggested experts by hand and reloads', async () => {
    const onClose = open();
    await screen.findByText(/已分配2位/);
    fireEvent.click(screen.getByRole('button', { name: /推\s*荐/ }));
    fireEvent.click(screen.getByRole('button', { name: /分\s*配/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/pms/project/assignExperts', { projectId: 'p1', experts: 'expert5' }, { key: expect.any(String) }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('asks for an expert before assigning, and shows the server’s refusal', async () => {
    open();
    await screen.findByText(/已分配2位/);
    fireEvent.click(screen.getByRole('button', { name: /分\s*配/ }));
    expect(await screen.findByText('请选择评审专家')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    post.mockResolvedValue(envelope(false, null, 'expert 与「智能灌溉系统」同属 信息技术组，需回避') as never);
    fireEvent.click(screen.getByRole('button', { name: /推\s*荐/ }));
    fireEvent.click(screen.getByRole('button', { name: /分\s*配/ }));
    expect(await screen.findByText('expert 与「智能灌溉系统」同属 信息技术组，需回避')).toBeInTheDocument();
  });

  it('removes an unsubmitted sheet after a confirmation', async () => {
    open();
    await screen.findByText(/已分配2位/);
    fireEvent.click(screen.getByRole('button', { name: /移\s*除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/pms/review/delete', { id: 'r2' }, { key: expect.any(String) }));
  });
});
