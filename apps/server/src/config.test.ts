import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  it('is off unless set, on with 1 or true, and refused otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });
});

describe('LYCEUM_TEST_CLOCK', () => {
  it('is off unless set to 1: a real server never takes clock changes', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ LYCEUM_TEST_CLOCK: 'true' }).testClock).toBe(false);
    expect(loadConfig({ LYCEUM_TEST_CLOCK: '1' }).testClock).toBe(true);
  });
});
