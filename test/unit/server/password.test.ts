import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_MESSAGE, verifyPassword } from '../../../src/server/auth/password.js';

describe('hashPassword / verifyPassword', () => {
  it('produces a self-describing scrypt string with a random salt', async () => {
    const a = await hashPassword('Secret123');
    const b = await hashPassword('Secret123');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret123');
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Secret123');
    expect(await verifyPassword('Secret123', stored)).toBe(true);
    expect(await verifyPassword('secret123', stored)).toBe(false);
    expect(await verifyPassword('Secret1234', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const stored = await hashPassword('密码Abc123');
    expect(await verifyPassword('密码Abc123', stored)).toBe(true);
    expect(await verifyPassword('密码Abc124', stored)).toBe(false);
  });

  it('rejects stored values that are not scrypt hashes (e.g. JeecgBoot PBE hex) without throwing', async () => {
    expect(await verifyPassword('x', 'cb362cfeefbf3d8d')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});

describe('PASSWORD_RULE', () => {
  it.each(['abcdefg1', 'Admin@2025', '12345678a', 'A1bcdefgh', 'pass word 9'])('accepts %j', (pw) => {
    expect(PASSWORD_RULE.test(pw)).toBe(true);
  });

  it.each(['abc123', 'abcdefgh', '12345678', 'Abc123!', '', '密码密码密码密码1'])('rejects %j', (pw) => {
    expect(PASSWORD_RULE.test(pw)).toBe(false);
  });

  it('has the SPEC message', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe('密码至少8位，且需包含数字、字母');
  });
});
