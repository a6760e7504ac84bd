import { useSyncExternalStore } from 'react';

/**
 * The public site's 适老化 display modes (issue 43): 大字号 (text 1.5 times as large) and 高对比度.
 * Each is remembered for the visitor in localStorage and shown as an attribute on <html>, where
 * base.css turns it into sizes and colours; set before the first paint (main.tsx), so a returning
 * visitor never sees the small or low-contrast page first.
 */
export type DisplayMode = 'largeText' | 'highContrast';

const KEYS: Record<DisplayMode, string> = { largeText: 'site.largeText', highContrast: 'site.highContrast' };
const ATTRS: Record<DisplayMode, string> = { largeText: 'data-large-text', highContrast: 'data-high-contrast' };

const listeners = new Set<() => void>();

function stored(mode: DisplayMode): boolean {
  try { return localStorage.getItem(KEYS[mode]) === '1'; } catch { return false; }
}

/** Puts each remembered mode on <html>. */
export function applyDisplayModes(): void {
  for (const mode of Object.keys(KEYS) as DisplayMode[]) document.documentElement.toggleAttribute(ATTRS[mode], stored(mode));
}

/** Turns a mode on or off, for this page and the visitor's next visits. */
export function setDisplayMode(mode: DisplayMode, on: boolean): void {
  try {
    if (on) localStorage.setItem(KEYS[mode], '1');
    else localStorage.removeItem(KEYS[mode]);
  } catch { /* storage refused (private mode): the page still changes */ }
  document.documentElement.toggleAttribute(ATTRS[mode], on);
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };

/** Whether a mode is on, following changes. */
export function useDisplayMode(mode: DisplayMode): boolean {
  return useSyncExternalStore(subscribe, () => document.documentElement.hasAttribute(ATTRS[mode]));
}
