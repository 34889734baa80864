import { ResultCode } from '@lyceum/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertPassword, passwordProblem } from './password-policy';

const hints = ['teacher', '北方老师', 'demo'];

describe('passwordProblem', () => {
  beforeAll(() => {
    // The first call builds the estimator (dictionaries); the timings below are of later calls.
    passwordProblem('warm up', hints);
  });

  it('refuses common and patterned passwords, saying why', () => {
    expect(passwordProblem('12345678', hints)).toBe(
      'is too easy to guess (this is a heavily used password). Add more words that are less common.',
    );
    expect(passwordProblem('qwertyuiop', hints)).toMatch(
      /^is too easy to guess \(this is a frequently used password\)/,
    );
    expect(passwordProblem('abcdefgh', hints)).toMatch(/common character sequences like "abc"/);
    for (const weak of [
      'password',
      'password123',
      'qwertyuiop',
      'iloveyou2024',
      'P@ssw0rd!',
      'Welcome1!',
      'aaaaaaaa',
      'x'.repeat(128),
    ])
      expect(passwordProblem(weak, hints), weak).toMatch(/^is too easy to guess/);
  });

  it("refuses the user's own names and the organisation's domain", () => {
    expect(passwordProblem('teacher2026', hints)).toBe(
      "is too easy to guess (it contains your name, your user name or the organisation's domain). Add more words that are less common.",
    );
    expect(passwordProblem('demo2026', hints)).toMatch(/organisation's domain/);
    // Strong enough for a stranger, not for Wang Fang or for the user s2026001.
    expect(passwordProblem('wangfang1990', [])).toBeNull();
    expect(passwordProblem('wangfang1990', ['wfang', 'Wang Fang', 'demo'])).toMatch(/your name/);
    expect(passwordProblem('s2026001pw', [])).toBeNull();
    expect(passwordProblem('s2026001pw', ['s2026001', 'Sam Student', 'demo'])).toMatch(/your user name/);
  });

  it('hints never make a password acceptable', () => {
    for (const p of ['12345678', 'password123', 'teacher2026', 'lyceum2026', 'Summer2024!', 'demo-pass-2026']) {
      if (passwordProblem(p, []) !== null) expect(passwordProblem(p, hints), p).not.toBeNull();
    }
  });

  it('accepts passphrases and strong passwords', () => {
    for (const strong of ['demo-pass-2026', 'Tr0mb0ne-Lantern-88', 'correct horse battery staple', 'x7#Kq2!vLp9@'])
      expect(passwordProblem(strong, hints), strong).toBeNull();
  });

  it('stays fast on the longest passwords allowed', () => {
    const symbols = '4@8(3€6#1!|07+$5%0'.repeat(8).slice(0, 128);
    for (const p of [symbols, 'aB3$'.repeat(32), 'Tr0mb0ne-Lantern-88']) {
      const start = performance.now();
      passwordProblem(p, hints);
      // Generous: CI machines are shared; a typical password takes milliseconds.
      expect(performance.now() - start, p).toBeLessThan(1500);
    }
  });
});

describe('assertPassword', () => {
  it('throws a 501 naming the field, and passes strong passwords', () => {
    expect(() => assertPassword('newPassword', 'Tr0mb0ne-Lantern-88', hints)).not.toThrow();
    try {
      assertPassword('newPassword', 'password', hints);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe(ResultCode.InvalidParams);
      expect((err as AppError).message).toBe(
        'newPassword: is too easy to guess (this is a heavily used password). Add more words that are less common.',
      );
    }
  });
});
