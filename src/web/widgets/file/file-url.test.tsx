// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATIC_BASE, staticUrl } from '../../app/config';
import { KEYS, storage } from '../../app/storage';
import { FileLinks } from './FileLinks';
import { fileUrl } from './file-url';

const PLAN = 'project/0123456789abcdef0123456789abcdef.pdf';
const OTHER = 'project/fedcba9876543210fedcba9876543210.pdf';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); storage.remove(KEYS.token); });

describe('a stored file in the back office', () => {
  beforeEach(() => storage.set(KEYS.token, 'tok en'));

  it('is linked with the session token (a record\'s files are its readers\'), an outside URL as it is', () => {
    expect(fileUrl(PLAN)).toBe(`${STATIC_BASE}/${PLAN}?token=tok%20en`);
    expect(fileUrl('https://cdn.example.org/a.png')).toBe('https://cdn.example.org/a.png');
    // What rich text keeps never carries a token.
    expect(staticUrl(PLAN)).toBe(`${STATIC_BASE}/${PLAN}`);
  });

  it('is named as it was uploaded, asked once for every link drawn together', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, code: 200, message: '', result: { [PLAN]: '商业计划书.pdf' } })));
    vi.stubGlobal('fetch', fetch);
    render(<><FileLinks value={`${PLAN},${OTHER}`} /><FileLinks value={PLAN} compact /></>);
    await waitFor(() => expect(screen.getAllByText('商业计划书.pdf')).toHaveLength(2));
    expect(fetch).toHaveBeenCalledTimes(1);
    const url = String((fetch.mock.calls[0] as unknown[])[0]);
    expect(url).toContain('/sys/common/fileNames?');
    expect(decodeURIComponent(url)).toContain(`paths=${PLAN},${OTHER}`);
    // One the server would not name (not the user's to read) keeps the name in its path.
    expect(screen.getByText('fedcba9876543210fedcba9876543210.pdf').closest('a')!.getAttribute('href')).toBe(`${STATIC_BASE}/${OTHER}?token=tok%20en`);
  });
});

it('without a session: a plain URL, and nothing asked', () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  expect(fileUrl(PLAN)).toBe(`${STATIC_BASE}/${PLAN}`);
  render(<FileLinks value="temp/报告_1700000000000.pdf" />);
  expect(screen.getByText('报告.pdf')).toBeTruthy();
  expect(fetch).not.toHaveBeenCalled();
});
