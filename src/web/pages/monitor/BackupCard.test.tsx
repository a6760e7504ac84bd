// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { BackupMark, type BackupFigures } from './BackupCard';

afterEach(cleanup);

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 30, 8);
const figures = (ageHours: number | null, stale: boolean): BackupFigures => ({
  last: ageHours === null ? null : {
    file: '/srv/backup/backup-20261130-020000.tar', kind: 'sqlite', sizeBytes: 5_000_000, startTime: '2026-11-30 02:00:00', endTime: '2026-11-30 02:00:03',
    endAt: now - ageHours * HOUR, durationMs: 3000, origin: 'job', host: 'web-1', tableRows: 1200, uploadFiles: 14,
  },
  stale, staleAfterHours: 48, dir: '/srv/backup', keep: 7, job: { running: true, cronExpression: '0 0 2 * * ?' },
});

const mark = (f: BackupFigures) => {
  render(<BackupMark figures={f} now={now} />);
  const tag = screen.getByTestId('backup-mark');
  cleanup();
  return { text: tag.textContent, red: tag.className.includes('red') };
};

it('marks no backup and one older than two days in red, a recent one in green', () => {
  expect(mark(figures(null, true))).toEqual({ text: '从未备份', red: true });
  expect(mark(figures(50, true))).toEqual({ text: '超过 2 天未备份（2天 2小时 0分前）', red: true });
  expect(mark(figures(6, false))).toEqual({ text: '6小时 0分前', red: false });
});
