/**
 * Whether this page is being left (another document is loading in its place). The browser cuts the
 * page's requests in flight then, and a cut request says nothing about the session: it must not log
 * the user out on the server, or the next page, holding the same token, is refused (a reload during
 * the back office's start did exactly that).
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => { leaving = true; });
  // Back from the back-forward cache: the page lives on.
  window.addEventListener('pageshow', () => { leaving = false; });
}

export const pageLeaving = (): boolean => leaving;
