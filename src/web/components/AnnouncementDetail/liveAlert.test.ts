import { afterEach, expect, it } from 'vitest';
import { alertsFor, DEFAULT_NOTICE_PREFS, noticePrefs } from './liveAlert';

afterEach(() => noticePrefs.reset());

it('pops up a new notice of a category the user keeps on, never a read or revoked one', () => {
  const on = DEFAULT_NOTICE_PREFS;
  expect(alertsFor({ cmd: 'topic', msgId: 'a', msgTxt: '放假通知', msgCategory: '1' }, on)).toBe(true);
  expect(alertsFor({ cmd: 'user', msgId: 'b', msgTxt: '项目已退回', msgCategory: '2' }, on)).toBe(true);
  expect(alertsFor({ cmd: 'user', msgId: 'a' }, on)).toBe(false);
  const noAnnouncements = { ...on, announcement: false };
  expect(alertsFor({ cmd: 'topic', msgTxt: '放假通知', msgCategory: '1' }, noAnnouncements)).toBe(false);
  expect(alertsFor({ cmd: 'user', msgTxt: '项目已退回', msgCategory: '2' }, noAnnouncements)).toBe(true);
  expect(alertsFor({ cmd: 'user', msgTxt: '项目已退回' }, { ...on, system: false })).toBe(false);
});

it('keeps the switches it is given over the defaults until reset', () => {
  noticePrefs.set({ sound: true });
  expect(noticePrefs.get()).toEqual({ announcement: true, system: true, sound: true });
  noticePrefs.set(undefined);
  expect(noticePrefs.get().sound).toBe(true);
  noticePrefs.reset();
  expect(noticePrefs.get()).toEqual(DEFAULT_NOTICE_PREFS);
});
