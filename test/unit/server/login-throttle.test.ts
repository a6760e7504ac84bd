import { describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../../src/server/state/memory.js';
import { LoginThrottle, waitText } from '../../../src/server/modules/login/throttle.js';

describe('LoginThrottle', () => {
  const setup = () => {
    const clock = { now: 1_000_000 };
    const throttle = new LoginThrottle(new MemoryStateStore(() => clock.now), () => clock.now);
    /** One try with a wrong password, as the login route makes it; answers the refusal's wait. */
    const fail = async (username: string, ip: string) => {
      const gate = await throttle.gate(username, ip);
      if (gate.waitMs > 0) return gate.waitMs;
      const raced = await throttle.claim(username, ip, gate);
      if (raced > 0) return raced;
      await throttle.addressFailed(ip);
      return 0;
    };
    return { clock, throttle, fail };
  };

  it('lets a pair fail 3 times, then makes each further try wait 1, 2, 4 … s after the latest failure', async () => {
    const { clock, throttle, fail } = setup();
    for (let i = 0; i < 3; i++) expect(await fail('admin', 'A')).toBe(0);
    expect(await throttle.gate('admin', 'A')).toEqual({ waitMs: 1000, captchaRequired: true, pairFailures: 3 });
    clock.now += 1000;
    expect(await fail('admin', 'A')).toBe(0);
    expect((await throttle.gate('admin', 'A')).waitMs).toBe(2000);
    clock.now += 2000;
    expect(await fail('admin', 'A')).toBe(0);
    expect((await throttle.gate('admin', 'A')).waitMs).toBe(4000);
  });

  it('caps the wait at 5 minutes, and forgets a pair 15 minutes after its latest failure', async () => {
    const { clock, throttle, fail } = setup();
    for (let i = 0; i < 20; i++) {
      clock.now += (await throttle.gate('admin', 'A')).waitMs;
      expect(await fail('admin', 'A')).toBe(0);
    }
    expect((await throttle.gate('admin', 'A')).waitMs).toBe(5 * 60_000);
    clock.now += 15 * 60_000;
    expect(await throttle.gate('admin', 'A')).toEqual({ waitMs: 0, captchaRequired: false, pairFailures: 0 });
  });

  it('does not touch the same account from another address', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 10; i++) await fail('admin', 'A');
    expect((await throttle.gate('admin', 'A')).waitMs).toBeGreaterThan(0);
    expect(await throttle.gate('admin', 'B')).toEqual({ waitMs: 0, captchaRequired: false, pairFailures: 0 });
  });

  it('slows an address failing across many accounts, for every account', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 20; i++) expect(await fail(`user${i}`, 'A')).toBe(0);
    expect(await throttle.gate('someone-else', 'A')).toEqual({ waitMs: 1000, captchaRequired: true, pairFailures: 0 });
    expect((await throttle.gate('someone-else', 'B')).waitMs).toBe(0);
  });

  it('a success forgets the pair, not the address', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 3; i++) await fail('admin', 'A');
    await throttle.succeeded('admin', 'A');
    expect(await throttle.gate('admin', 'A')).toEqual({ waitMs: 0, captchaRequired: false, pairFailures: 0 });
  });

  it('lets only one of several tries sent together through a gate past the free ones', async () => {
    const { clock, throttle, fail } = setup();
    for (let i = 0; i < 3; i++) await fail('admin', 'A');
    clock.now += 1000;
    const gates = await Promise.all(Array.from({ length: 10 }, () => throttle.gate('admin', 'A')));
    expect(gates.every((g) => g.waitMs === 0)).toBe(true);
    const claims = await Promise.all(gates.map((g) => throttle.claim('admin', 'A', g)));
    expect(claims.filter((w) => w === 0)).toHaveLength(1);
  });
});

describe('waitText', () => {
  it('says seconds under a minute, minutes beyond', () => {
    expect(waitText(1)).toBe('1秒');
    expect(waitText(1000)).toBe('1秒');
    expect(waitText(59_000)).toBe('59秒');
    expect(waitText(60_000)).toBe('1分钟');
    expect(waitText(5 * 60_000)).toBe('5分钟');
    expect(waitText(5 * 60_000 + 1)).toBe('6分钟');
  });
});
