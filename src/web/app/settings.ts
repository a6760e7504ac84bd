import { useSyncExternalStore } from 'react';
import { KEYS, storage } from './storage';

/** SPEC §2 settings drawer options, with the SPEC §9 defaults; persisted locally. */
export interface LayoutSettings {
  navTheme: 'dark' | 'light';
  primaryColor: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  navTheme: 'dark',
  primaryColor: '#1890FF',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  autoHideHeader: false,
  fixSiderbar: true,
  colorWeak: false,
  multipage: true,
};

let current: LayoutSettings = { ...DEFAULT_SETTINGS, ...(storage.get<Partial<LayoutSettings>>(KEYS.settings) ?? {}) };
const listeners = new Set<() => void>();

export const layoutSettings = {
  get: () => current,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  update(patch: Partial<LayoutSettings>) {
    current = { ...current, ...patch };
    storage.set(KEYS.settings, current, null);
    listeners.forEach((l) => l());
  },
  reset() {
    this.update(DEFAULT_SETTINGS);
  },
};

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(layoutSettings.subscribe, layoutSettings.get);
}
