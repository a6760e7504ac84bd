// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { resolveMenuUrl } from './externalUrl';

it('substitutes the token and the API base placeholders', () => {
  expect(resolveMenuUrl('https://x.test/a?token=${token}', 'T1')).toBe('https://x.test/a?token=T1');
  expect(resolveMenuUrl("{{ window._CONFIG['domianURL'] }}/druid/", undefined)).toBe('/jeecg-boot/druid/');
});
