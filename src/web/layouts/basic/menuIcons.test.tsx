// @vitest-environment happy-dom
import { FileOutlined, FileSearchOutlined, HomeOutlined } from '@ant-design/icons';
import { isValidElement } from 'react';
import { expect, it } from 'vitest';
import { menuIcon } from './menuIcons';

const typeOf = (name?: string) => {
  const icon = menuIcon(name);
  return isValidElement(icon) ? icon.type : icon;
};

it('maps kebab-case antd names to their Outlined icon', () => {
  expect(typeOf('file-search')).toBe(FileSearchOutlined);
  expect(typeOf('home')).toBe(HomeOutlined);
});

it('falls back to a generic icon for unknown names and shows none without a name', () => {
  expect(typeOf('no-such-icon')).toBe(FileOutlined);
  expect(typeOf(undefined)).toBeUndefined();
});
