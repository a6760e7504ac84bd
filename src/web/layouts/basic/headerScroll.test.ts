// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { headerVisibleAfterScroll } from './headerScroll';

it('hides the header when scrolling down past 100 px', () => {
  expect(headerVisibleAfterScroll(90, 101)).toBe(false);
  expect(headerVisibleAfterScroll(50, 100)).toBe(true);
});

it('shows the header again when scrolling up', () => {
  expect(headerVisibleAfterScroll(500, 480)).toBe(true);
});
