// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyDisplayModes, setDisplayMode } from './display-modes';

describe('public site display modes', () => {
  afterEach(() => { localStorage.clear(); applyDisplayModes(); });

  it('puts a chosen mode on <html> and remembers it for the next visit', () => {
    setDisplayMode('largeText', true);
    expect(document.documentElement.hasAttribute('data-large-text')).toBe(true);
    expect(document.documentElement.hasAttribute('data-high-contrast')).toBe(false);
    // A new page load: nothing on <html> until the remembered modes are applied.
    document.documentElement.removeAttribute('data-large-text');
    applyDisplayModes();
    expect(document.documentElement.hasAttribute('data-large-text')).toBe(true);
  });

  it('forgets a mode turned off', () => {
    setDisplayMode('highContrast', true);
    setDisplayMode('highContrast', false);
    applyDisplayModes();
    expect(document.documentElement.hasAttribute('data-high-contrast')).toBe(false);
  });
});
