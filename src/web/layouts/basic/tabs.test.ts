// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { closeAround, closeTab, HOME_TAB, openTab, type PageTab } from './tabs';

const tab = (key: string): PageTab => ({ key, fullPath: key, title: key });
const keys = (tabs: PageTab[]) => tabs.map((t) => t.key);
const open = (...paths: string[]) => paths.reduce((tabs, p) => openTab(tabs, tab(p)), [] as PageTab[]);

describe('openTab', () => {
  it('puts the home tab first, titled 首页', () => {
    const tabs = open('/isystem/user');
    expect(keys(tabs)).toEqual(['/dashboard/analysis', '/isystem/user']);
    expect(tabs[0].title).toBe('首页');
    expect(open('/dashboard/analysis')[0]).toEqual(HOME_TAB);
  });

  it('adds a page once and remembers its latest query', () => {
    const tabs = openTab(open('/a', '/b'), { key: '/a', fullPath: '/a?page=2', title: '/a' });
    expect(keys(tabs)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(tabs[1].fullPath).toBe('/a?page=2');
  });
});

describe('closeTab', () => {
  it('refuses to close the home tab', () => {
    expect(closeTab(open('/a'), '/dashboard/analysis')).toEqual({ warning: '首页不能关闭!' });
  });

  it('refuses to close the last remaining tab', () => {
    expect(closeTab([tab('/a')], '/a')).toEqual({ warning: '这是最后一页，不能再关闭了啦' });
    expect(closeTab([HOME_TAB], HOME_TAB.key)).toEqual({ warning: '这是最后一页，不能再关闭了啦' });
  });

  it('closes any other tab', () => {
    expect(closeTab(open('/a', '/b'), '/a')).toEqual({ tabs: [HOME_TAB, tab('/b')] });
  });
});

describe('closeAround', () => {
  const tabs = open('/a', '/b', '/c');

  it('closes the left ones but never home', () => {
    expect(keys(closeAround(tabs, '/b', 'closeLeft'))).toEqual(['/dashboard/analysis', '/b', '/c']);
  });

  it('closes the right ones', () => {
    expect(keys(closeAround(tabs, '/b', 'closeRight'))).toEqual(['/dashboard/analysis', '/a', '/b']);
  });

  it('closes the others', () => {
    expect(keys(closeAround(tabs, '/b', 'closeOthers'))).toEqual(['/dashboard/analysis', '/b']);
    expect(keys(closeAround(tabs, '/dashboard/analysis', 'closeOthers'))).toEqual(['/dashboard/analysis']);
  });
});
