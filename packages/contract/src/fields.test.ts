import { describe, expect, it } from 'vitest';
import { userStatusLabels } from './enums/user-status';
import { zDomain, zEmail, zEnum, zPassword, zPhone, zUserName } from './fields';

describe('field rules', () => {
  it('enumerations accept only their labelled values', () => {
    const status = zEnum(userStatusLabels);
    expect(status.parse(1)).toBe(1);
    expect(status.safeParse(3).success).toBe(false);
    expect(status.safeParse('1').success).toBe(false);
  });

  it('optional text turns empty into null and checks the pattern otherwise', () => {
    expect(zPhone.parse('')).toBeNull();
    expect(zPhone.parse(undefined)).toBeNull();
    expect(zPhone.parse('+86 139 0000 0000')).toBe('+86 139 0000 0000');
    expect(zPhone.safeParse('call me').success).toBe(false);
    expect(zEmail.safeParse('a@b').success).toBe(false);
  });

  it('passwords are 8..128 characters; user names and domains are url-safe', () => {
    expect(zPassword.safeParse('1234567').success).toBe(false);
    expect(zPassword.safeParse('x'.repeat(129)).success).toBe(false);
    expect(zPassword.safeParse('x'.repeat(128)).success).toBe(true);
    expect(zUserName.safeParse('wang fang').success).toBe(false);
    expect(zUserName.parse(' s2026001 ')).toBe('s2026001');
    expect(zDomain.parse('North')).toBe('north');
    expect(zDomain.safeParse('-north').success).toBe(false);
  });
});
