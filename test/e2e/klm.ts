import type { Page } from 'playwright-core';

/** Counts what a person does: clicks (pointer, in the page), characters typed, and the screens they meet (pages, modals, drawers). */
export const COUNTER = () => {
  const w = window as unknown as { __clicks: number; __chars: number; __cjk: number; __fields: number; __screens: Set<string> };
  w.__clicks = 0;
  w.__fields = 0;
  w.__chars = 0;
  w.__cjk = 0;
  w.__screens = new Set([location.pathname]);
  document.addEventListener('click', (e) => { if (e.isTrusted) w.__clicks++; }, true);
  let typingIn: EventTarget | null = null;
  document.addEventListener('input', (e) => {
    const typed = e.isTrusted ? (e as InputEvent).data ?? '' : '';
    // A person points at a field before typing into it (the test fills it directly).
    if (typed && e.target !== typingIn) { typingIn = e.target; w.__fields++; }
    w.__chars += typed.length;
    w.__cjk += typed.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
  }, true);
  const seen = () => {
    w.__screens.add(location.pathname);
    for (const t of document.querySelectorAll('.ant-modal-title, .ant-drawer-title, .ant-modal-confirm-title')) if (t.textContent) w.__screens.add(t.textContent);
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
};

export interface Step { step: string; clicks: number; fields: number; chars: number; cjk: number; screens: number }

/**
 * A person's time for a step by the keystroke-level model (Card, Moran & Newell): 1.1 s to point
 * plus 0.2 s to click (each field typed into counts one more), 0.28 s a character (an average typist;
 * 0.5 s for Chinese through an input method), 1.35 s to take in each screen.
 */
export const klmSeconds = (x: Step) => (x.clicks + x.fields) * 1.3 + (x.chars - x.cjk) * 0.28 + x.cjk * 0.5 + x.screens * 1.35;

/** Ends a step on `page`: its clicks, typing and screens since the last one. */
export async function endStep(page: Page, name: string): Promise<Step> {
  const said = await page.evaluate(() => {
    const w = window as unknown as { __clicks: number; __chars: number; __cjk: number; __fields: number; __screens: Set<string> };
    const out = { clicks: w.__clicks, fields: w.__fields, chars: w.__chars, cjk: w.__cjk, screens: w.__screens.size };
    w.__clicks = 0;
    w.__fields = 0;
    w.__chars = 0;
    w.__cjk = 0;
    w.__screens = new Set([location.pathname]);
    return out;
  });
  return { step: name, ...said };
}

/** The steps as a table, with the total in minutes. */
export function klmReport(steps: Step[]): { text: string; seconds: number } {
  const seconds = steps.reduce((t, x) => t + klmSeconds(x), 0);
  const rows = steps.map((x) => `| ${x.step} | ${x.clicks} | ${x.fields} | ${x.chars} | ${x.screens} | ${Math.round(klmSeconds(x))} s |`);
  return { seconds, text: `(clicks, fields typed into, characters typed, screens, keystroke-level estimate):\n${rows.join('\n')}\n| total | | | | | ${(seconds / 60).toFixed(1)} min |` };
}
