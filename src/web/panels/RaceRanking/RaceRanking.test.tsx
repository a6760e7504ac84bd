// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { saveBlob } from '../../renderer/exportFile';
import type { PageSchema } from '../../../schema/types';
import { tracksOf, type RankingRow } from './api';
import RaceRanking from '.';

vi.mock('../../api/request', () => ({ http: { get: vi.fn(), blob: vi.fn() } }));
vi.mock('../../renderer/exportFile', () => ({ saveBlob: vi.fn() }));
const get = vi.mocked(http.get);
const blob = vi.mocked(http.blob);

const rows: RankingRow[] = [
  { id: 'a', track: 'it', track_dictText: '信息技术', rank: 1, name: '丙', orgName: '甲公司', finalScore: 80, reviews: 3, assigned: 3, tieBreak: '同分，按全部评分平均分排序（81.00分）' },
  { id: 'b', track: 'it', track_dictText: '信息技术', rank: 2, name: '甲', orgName: '乙公司', finalScore: 80, reviews: 2, assigned: 3, tieBreak: '同分，按全部评分平均分排序（80.00分）' },
  { id: 'c', track: 'bio', track_dictText: '生物医药', rank: 1, name: '己', orgName: '丙公司', finalScore: 70, reviews: 1, assigned: 1, tieBreak: null },
  { id: 'd', track: 'bio', track_dictText: '生物医药', rank: null, name: '庚', orgName: '丁公司', finalScore: null, reviews: 0, assigned: 2, tieBreak: null },
];

beforeEach(() => {
  get.mockResolvedValue({ success: true, message: '', code: 200, result: rows, timestamp: 0 } as never);
  blob.mockResolvedValue(new Blob(['x']) as never);
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

const open = (race: Record<string, unknown> = { resultPublished: '0' }) => render(<ConfigProvider locale={zhCN}><App>
  <RaceRanking schema={{} as PageSchema} row={{ id: 'r1', title: '排名测试赛', ...race }} selectedIds={[]} open onClose={vi.fn()} />
</App></ConfigProvider>);

describe('RaceRanking', () => {
  it('lists the tracks of a ranking in its order', () => {
    expect(tracksOf(rows)).toEqual([{ value: 'it', label: '信息技术' }, { value: 'bio', label: '生物医药' }]);
  });

  it('shows every track’s ranking, tells it is not yet published, and exports it', async () => {
    open();
    expect(await screen.findByText('丙')).toBeInTheDocument();
    expect(screen.getByText('己')).toBeInTheDocument();
    expect(screen.getByText('结果尚未公示，申报人和公开网站暂不可见')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/pms/race/ranking', { id: 'r1' });
    fireEvent.click(screen.getByRole('button', { name: /导出排名/ }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), '排名测试赛排名.xlsx'));
    expect(blob).toHaveBeenCalledWith('/pms/race/exportRanking', { id: 'r1' });
  });

  it('marks a project scored by fewer sheets than assigned, and says how a shared score was ordered', async () => {
    open();
    expect(await screen.findByText('2/3 份评分')).toBeInTheDocument();
    expect(screen.getByText('0/2 份评分')).toBeInTheDocument();
    expect(screen.getByText('2个项目的评分未交齐，其最终得分只按已提交的评分计算')).toBeInTheDocument();
    expect(screen.getByText('同分，按全部评分平均分排序（81.00分）')).toBeInTheDocument();
    expect(screen.getByText(/同分时依次比较：全部评分的平均分（含最高分和最低分）高者在前/)).toBeInTheDocument();
    // One scored by every sheet it was given shows the count alone.
    expect(screen.getAllByRole('row').find((r) => r.textContent?.includes('己'))?.textContent).not.toContain('份评分');
  });

  it('writes every final score with two decimals, and names who forced the publication', async () => {
    open({ resultPublished: '1', resultOpenSheets: 2, resultPublishBy: 'admin', resultPublishBy_dictText: '管理员', resultPublishTime: '2026-11-29 12:00:00' });
    expect(await screen.findByText('强制公示：管理员于2026-11-29 12:00:00公示，当时还有2份评分未提交')).toBeInTheDocument();
    expect(screen.getAllByText('80.00')).toHaveLength(2);
    expect(screen.getByText('70.00')).toBeInTheDocument();
  });
});
