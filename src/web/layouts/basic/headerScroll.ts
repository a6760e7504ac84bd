/** SPEC §9: with "hide header on scroll", the header hides once the page is scrolled past 100 px. */
export const HEADER_HIDE_OFFSET = 100;

/** Scrolling up always reveals the header; scrolling down hides it past the offset. */
export function headerVisibleAfterScroll(lastTop: number, top: number): boolean {
  return top < lastTop || top <= HEADER_HIDE_OFFSET;
}
