import { describe, expect, it } from 'vitest';
import { cachedSession, forgetSessions, keepSession, lookupStarts, type SessionFacts } from './session-cache';

const facts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  orgId: 1,
  domain: 'demo',
  userId: 7,
  userName: 'student',
  realName: 'Student',
  roleId: 4,
  expireTime: Date.now() + 3_600_000,
  lastSeen: Date.now(),
  ...over,
});

describe('the session cache', () => {
  it('serves a lookup for seconds, then asks again', () => {
    const now = Date.now();
    keepSession('a', facts(), lookupStarts(), now);
    expect(cachedSession('a', now + 1_000)?.userId).toBe(7);
    expect(cachedSession('a', now + 11_000)).toBeNull();
    // Gone once it expired, too.
    expect(cachedSession('a', now + 1_000)).toBeNull();
  });

  it('never serves a session past its expiry', () => {
    const now = Date.now();
    keepSession('b', facts({ expireTime: now + 500 }), lookupStarts(), now);
    expect(cachedSession('b', now + 100)).not.toBeNull();
    expect(cachedSession('b', now + 600)).toBeNull();
  });

  it('does not store a lookup that started before a drop (it may have read what the drop announced gone)', () => {
    const now = Date.now();
    const started = lookupStarts();
    forgetSessions();
    keepSession('c', facts(), started, now);
    expect(cachedSession('c', now)).toBeNull();
    keepSession('c', facts(), lookupStarts(), now);
    expect(cachedSession('c', now)).not.toBeNull();
    forgetSessions();
    expect(cachedSession('c', now)).toBeNull();
  });
});
