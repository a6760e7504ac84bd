// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import type { PageSchema } from '../../../schema/types';
import ReviewScores from './Scores';

vi.mock('../../api/request', () => ({ http: { get: vi.fn() } }));
const get = vi.mocked(http.get);
const envelope = <T,>(result: T) => ({ success: true, message: '', code: 200, result, timestamp: Date.now() });
const sheet = (scores: Record<string, number>) => envelope({
  id: 'r1', state: 'submitted', projectName: '智能灌溉系统', orgName: '丰穗合作社', commentBelow: null, comment: '', scores,
  project: { track: 'agri', summary: null, attachment: null, videoUrl: null },
  indicators: [{ id: 'a', name: '技术创新', maxScore: 30, weight: 30 }, { id: 'b', name: '市场前景', maxScore: 20, weight: 20 }],
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

describe('详情 of a score sheet', () => {
  it('shows each score and the total', async () => {
    get.mockResolvedValue(sheet({ a: 24, b: 16 }) as never);
    render(<ReviewScores schema={{} as PageSchema} row={{ id: 'r1' }} selectedIds={[]} open onClose={vi.fn()} />);
    expect(await screen.findByText('技术创新')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/pms/review/sheet', { id: 'r1' });
    const cells = [...document.querySelectorAll('.review-scores .ant-table-tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([['技术创新', '30', '24'], ['市场前景', '20', '16']]);
    expect(document.querySelector('.review-scores-total')?.textContent).toBe('80.00');
  });

  it('reads 「-」 where nothing is scored yet', async () => {
    get.mockResolvedValue(sheet({}) as never);
    render(<ReviewScores schema={{} as PageSchema} row={{ id: 'r1' }} selectedIds={[]} open onClose={vi.fn()} />);
    await screen.findByText('技术创新');
    expect(document.querySelector('.review-scores-total')?.textContent).toBe('-');
  });
});
