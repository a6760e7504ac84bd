// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { siteHandover } from './PublicHome';

describe('siteHandover', () => {
  it('loads the site when the back office reached / or /web* by client navigation', () => {
    expect(siteHandover('/2025/', 'http://h/2025/user/login')).toBe('navigate');
    expect(siteHandover('/2025/web/news?page=2', 'http://h/2025/dashboard/analysis')).toBe('navigate');
    expect(siteHandover('/2025/', undefined)).toBe('navigate');
  });

  it('does not reload into itself when the server served the back office for that address', () => {
    expect(siteHandover('/2025/', 'http://h/2025/')).toBe('link');
    expect(siteHandover('/2025/web/news?page=2', 'http://h/2025/web/news?page=2')).toBe('link');
  });
});
