import type { LiveNotice } from './noticeSocket';

/** 个人设置 › 新消息通知: which new notices pop up on open pages, and whether a sound is played. */
export interface NoticePrefs {
  announcement: boolean;
  system: boolean;
  sound: boolean;
}

export const DEFAULT_NOTICE_PREFS: NoticePrefs = { announcement: true, system: true, sound: false };

let current: NoticePrefs = DEFAULT_NOTICE_PREFS;

/** The signed-in user's switches: set from their account after login and when they change them. */
export const noticePrefs = {
  get: (): NoticePrefs => current,
  set(p: Partial<NoticePrefs> | undefined): void { current = { ...current, ...(p ?? {}) }; },
  reset(): void { current = DEFAULT_NOTICE_PREFS; },
};

/**
 * Whether a live notice pops up: only a new one (it carries its text; a read or revoked notice only
 * updates the bell) of a category the user keeps on — 1 通知公告, anything else a 系统消息.
 */
export function alertsFor(notice: LiveNotice, prefs: NoticePrefs): boolean {
  if (!notice.msgTxt) return false;
  return notice.msgCategory === '1' ? prefs.announcement : prefs.system;
}

/** A short two-tone chime through Web Audio; nothing where the browser has none or blocks it. */
export function chime(): void {
  const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = hz;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.12);
      osc.stop(ctx.currentTime + 0.12 + i * 0.12);
    });
    setTimeout(() => void ctx.close(), 600);
  } catch { /* no sound is no harm */ }
}
