import { describe, expect, it } from 'vitest';
import { userStatusLabels } from './enums/user-status';
import { zDomain, zEmail, zEnum, zLink, zOptionalLink, zPassword, zPhone, zUserName } from './fields';
import { menuCatalogue } from './menu-catalogue';

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
    // /log/login is the login log, not the login page of an organisation "log".
    for (const area of menuCatalogue) expect(zDomain.safeParse(area.path.slice(1)).success).toBe(false);
    expect(zDomain.safeParse('Dashboard').success).toBe(false);
  });
});

describe('links', () => {
  const message = 'must be an http(s) address or an uploaded file';
  const link = zLink(512);

  it('take http(s) addresses and the file service paths', () => {
    for (const ok of [
      'https://example.edu/docs/handbook.pdf',
      'http://example.edu',
      'HTTPS://Example.EDU/a?b=1&c=2#d',
      'https://例子.测试/资料.pdf',
      '/api/file/12',
      '/api/file/public/7',
    ])
      expect(link.parse(ok), ok).toBe(ok);
    expect(link.parse('  https://example.edu/x  ')).toBe('https://example.edu/x');
  });

  it('refuse every other scheme, relative paths and smuggled schemes, saying why', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'javascript://example.edu/%0aalert(1)',
      'data:image/png;base64,AAAA',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.edu/x',
      'mailto:a@example.edu',
      '//evil.example/x.png',
      '/api/file/12/../../../etc/passwd',
      '/api/file/0',
      '/api/file/abc',
      '/docs/handbook.pdf',
      'example.edu/x',
      'https://',
      'https://exa mple.edu/',
      'https://example.edu/\tx',
    ]) {
      const result = link.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].message, bad).toBe(message);
    }
    expect(link.safeParse('').success).toBe(false);
    expect(link.safeParse(`https://example.edu/${'x'.repeat(512)}`).success).toBe(false);
  });

  it('optional links turn empty into null and refuse the same things', () => {
    const optional = zOptionalLink(512);
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse('/api/file/public/3')).toBe('/api/file/public/3');
    const bad = optional.safeParse('javascript:alert(1)');
    expect(bad.error?.issues[0].message).toBe(message);
  });
});
