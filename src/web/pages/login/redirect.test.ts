// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { HOME_PATH } from '../../app/config';
import { safeRedirect } from './redirect';

it.each([
  ['/system/user', '/system/user'],
  ['/system/user?id=1#top', '/system/user?id=1#top'],
  [null, HOME_PATH],
  ['', HOME_PATH],
  ['//evil.example.com/x', HOME_PATH],
  ['/\\evil.example.com', HOME_PATH],
  ['https://evil.example.com', HOME_PATH],
  ['system/user', HOME_PATH],
])('%j goes to %j', (redirect, target) => {
  expect(safeRedirect(redirect)).toBe(target);
});
