// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebRanking } from '../../../schema/web-site';
import { Ranking } from './Ranking';

const races: WebRanking[] = [{
  id: 'r', title: '第二届大赛', publishTime: '2026-11-20 10:00:00',
  projects: [
    { id: 'a', name: '丙', orgName: '甲公司', track: 'it', track_dictText: '信息技术', finalScore: 90, rank: 1 },
    { id: 'b', name: '丁', orgName: '乙公司', track: 'it', track_dictText: '信息技术', finalScore: 80, rank: 2 },
    { id: 'c', name: '戊', orgName: '丙公司', track: 'it', track_dictText: '信息技术', finalScore: 80, rank: 2 },
    { id: 'd', name: '己', orgName: '丁公司', track: 'bio', track_dictText: '生物医药', finalScore: 70, rank: 2 },
  ],
}];
vi.mock('../api/web', () => ({ webApi: { ranking: async () => races } }));

afterEach(cleanup);

describe('public ranking', () => {
  it('marks a shared rank 并列 and states the tie-break under the tables', async () => {
    render(<Ranking />);
    const it = await screen.findByRole('table', { name: '信息技术赛道' });
    const rank = (name: string) => within(it).getByText(name).closest('tr')!.querySelector('td')!.textContent;
    expect([rank('丙'), rank('丁'), rank('戊')]).toEqual(['1', '2并列', '2并列']);
    expect(within(screen.getByRole('table', { name: '生物医药赛道' })).getByText('己').closest('tr')!.querySelector('td')!.textContent).toBe('2');
    expect(screen.getByText(/排名规则：按最终得分从高到低；同分时依次比较/)).toBeTruthy();
  });
});
