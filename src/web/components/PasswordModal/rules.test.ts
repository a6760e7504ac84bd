// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { isStrongPassword } from './rules';

it.each([
  ['abcd1234', true],
  ['Admin@2025', true],
  ['1a345678', true],
  ['密码abc12345', true],
  ['abc1234', false], // seven characters
  ['abcdefgh', false], // no digit
  ['12345678', false], // no letter
  ['!@#$%^&*1', false], // no letter
  ['', false],
])('%j is strong: %s', (password, strong) => {
  expect(isStrongPassword(password)).toBe(strong);
});
