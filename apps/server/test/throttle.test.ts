import { ResultCode } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginLogs, loginThrottle } from '../src/modules/auth/auth.table';
import { accountKey, addressKey, THROTTLE } from '../src/modules/auth/throttle.service';
import { createTestApp, PASSWORD, type TestApp } from './harness';

// Login throttling under parallel bursts, on the real database (PGlite and PostgreSQL). A burst is
// judged by its replies: 402 means the password was checked, 500 "try again in N s" means the
// attempt was refused before that. The server's clock (Date) is held still during each test: a
// burst is many attempts at one instant, and a busy machine serving it slowly must not let the
// first pause run out half-way (the database still runs every statement concurrently).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

interface Reply {
  code: number;
  message: string;
  device: string | undefined;
}

function attempt(userName: string, password: string, ip: string, device?: string): Promise<Reply> {
  return t.app
    .inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName, password, domain: 'demo' },
      remoteAddress: ip,
      headers: device ? { cookie: `lyceum_device=${device}` } : {},
    })
    .then((r) => ({ ...r.json(), device: r.cookies.find((c) => c.name === 'lyceum_device')?.value }));
}

const PAUSED = /^Too many failed attempts\. Please try again in (\d+) s\.$/;
const waitOf = (r: Reply) => Number(PAUSED.exec(r.message)?.[1]);

// How many replies checked the password, and that every other one was refused by the throttle.
function evaluated(replies: Reply[]): number {
  const checked = replies.filter((r) => r.code === ResultCode.WrongCredentials || r.code === ResultCode.Success);
  for (const r of replies) {
    if (!checked.includes(r)) {
      expect(r.code).toBe(ResultCode.Error);
      expect(r.message).toMatch(PAUSED);
    }
  }
  return checked.length;
}

const burst = (n: number, make: (i: number) => Promise<Reply>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

async function logReasons(userName: string) {
  const rows = await t.database.db
    .select({ reason: loginLogs.reason })
    .from(loginLogs)
    .where(and(eq(loginLogs.organizationId, t.ids.demo.orgId), eq(loginLogs.userName, userName)));
  const count = (reason: string) => rows.filter((r) => r.reason === reason).length;
  return { wrong: count('wrong password'), throttled: count('throttled') };
}

// A key that has already failed `failures` times within the window, with no pause running.
async function failedBefore(key: string, failures: number) {
  await t.database.db.insert(loginThrottle).values({ key, failures, lastFailureTime: new Date(), lockedUntil: null });
}

const throttleRow = async (key: string) =>
  (await t.database.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0];

describe('login throttling under bursts', () => {
  it('300 parallel wrong logins for one account from one address: at most the free attempts are checked', async () => {
    const replies = await burst(300, () => attempt('s2026001', 'wrong-guess', '10.1.0.1'));
    const checked = evaluated(replies);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THROTTLE.accountFree);
    // The login log agrees: only the checked attempts read "wrong password"; the rest are logged as throttled.
    const logs = await logReasons('s2026001');
    expect(logs.wrong).toBe(checked);
    expect(logs.throttled).toBe(300 - checked);
  });

  it('the right password sent while a burst is in flight does not log in', async () => {
    const wrong = burst(100, () => attempt('s2026002', 'wrong-guess', '10.2.0.1'));
    // Send the right password, from another address, as soon as the account pause has started.
    const key = accountKey(t.ids.demo.orgId, 's2026002');
    while (!(await throttleRow(key))?.lockedUntil) await new Promise((r) => setImmediate(r));
    const right = await attempt('s2026002', PASSWORD, '10.2.0.2');
    expect(right.code).toBe(ResultCode.Error);
    expect(right.message).toMatch(PAUSED);
    expect(right.device).toBeUndefined();
    expect(evaluated(await wrong)).toBeLessThanOrEqual(THROTTLE.accountFree);
    const [log] = await t.database.db.select().from(loginLogs).where(eq(loginLogs.ip, '10.2.0.2'));
    expect(log).toMatchObject({ success: false, reason: 'throttled' });
  });

  it('the right password among 100 parallel guesses is checked only within the free attempts', async () => {
    const replies = await burst(101, (i) => attempt('s2026006', i === 50 ? PASSWORD : 'wrong-guess', '10.7.0.1'));
    // Either it was refused unseen, with at most the free attempts checked, or (unlikely: it would
    // have to be counted among the first few) it was one of them, logged in and cleared the counter.
    if (replies[50].code !== ResultCode.Success) {
      expect(replies[50].message).toMatch(PAUSED);
      expect(evaluated(replies)).toBeLessThanOrEqual(THROTTLE.accountFree);
    }
  });

  it("a real user on a known browser logs in at once while someone else's burst pauses the account", async () => {
    const first = await attempt('s2026003', PASSWORD, '10.3.0.1');
    expect(first.code).toBe(ResultCode.Success);
    const device = first.device!;
    expect(device).toBeTruthy();
    expect(evaluated(await burst(100, () => attempt('s2026003', 'wrong-guess', '10.3.9.9')))).toBeLessThanOrEqual(
      THROTTLE.accountFree,
    );
    // A new browser is paused...
    expect((await attempt('s2026003', PASSWORD, '10.3.0.2')).message).toMatch(PAUSED);
    // ...the known one is not, from its own address or even from the guesser's paused address.
    expect((await attempt('s2026003', PASSWORD, '10.3.0.1', device)).code).toBe(ResultCode.Success);
    expect((await attempt('s2026003', PASSWORD, '10.3.9.9', device)).code).toBe(ResultCode.Success);
  });

  it('a stolen device cookie cannot brute-force: it is counted on its own key', async () => {
    const device = (await attempt('s2026007', PASSWORD, '10.8.0.1')).device!;
    const replies = await burst(100, () => attempt('s2026007', 'wrong-guess', '10.8.9.9', device));
    const checked = evaluated(replies);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THROTTLE.deviceFree);
    expect((await attempt('s2026007', PASSWORD, '10.8.9.9', device)).message).toMatch(PAUSED);
    // The account and address counters were not touched: the user logs in from a new browser.
    expect((await attempt('s2026007', PASSWORD, '10.8.0.2')).code).toBe(ResultCode.Success);
  });

  it('a new-browser account pause stays short; an address pause can grow long', async () => {
    for (let i = 0; i < THROTTLE.accountFree; i++) {
      expect((await attempt('s2026004', 'wrong-guess', `10.4.0.${i}`)).code).toBe(ResultCode.WrongCredentials);
    }
    const firstPause = await attempt('s2026004', PASSWORD, '10.4.1.0');
    expect(waitOf(firstPause)).toBe(THROTTLE.firstPauseMs / 1000);
    // A guesser that has kept the account paused for a long while: many failures, the last pause over.
    const acct = accountKey(t.ids.demo.orgId, 's2026004');
    await t.database.db
      .update(loginThrottle)
      .set({ failures: 500, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottle.key, acct));
    expect((await attempt('s2026004', 'wrong-guess', '10.4.2.0')).code).toBe(ResultCode.WrongCredentials);
    const capped = waitOf(await attempt('s2026004', PASSWORD, '10.4.2.1'));
    expect(capped).toBeGreaterThan(THROTTLE.accountMaxPauseMs / 1000 - 10);
    expect(capped).toBeLessThanOrEqual(THROTTLE.accountMaxPauseMs / 1000);

    // The same history on an address pauses it for up to 15 minutes.
    await t.database.db.insert(loginThrottle).values({
      key: addressKey('10.4.9.9'),
      failures: 500,
      lastFailureTime: new Date(),
      lockedUntil: new Date(Date.now() - 1000),
    });
    expect((await attempt('nobody', 'wrong-guess', '10.4.9.9')).code).toBe(ResultCode.WrongCredentials);
    const long = waitOf(await attempt('nobody-else', 'wrong-guess', '10.4.9.9'));
    expect(long).toBeGreaterThan(THROTTLE.maxPauseMs / 1000 - 10);
    expect(long).toBeLessThanOrEqual(THROTTLE.maxPauseMs / 1000);
  });

  it('the address pause applies across user names, real or not, from one address', async () => {
    // The address has failed 90 times already (each checked password costs an argon2 hash, so the
    // burst does not pay for them): 300 parallel guesses over many names leave at most 10 checked.
    const before = THROTTLE.addressFree - 10;
    await failedBefore(addressKey('10.5.0.1'), before);
    const names = ['admin', 'teacher', 'student', 'academic'];
    const replies = await burst(300, (i) => attempt(names[i] ?? `nobody${i}`, 'wrong-guess', '10.5.0.1'));
    const checked = evaluated(replies);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(THROTTLE.addressFree - before);
    expect((await attempt('s2026008', PASSWORD, '10.5.0.1')).message).toMatch(PAUSED);
    expect((await attempt('s2026008', PASSWORD, '10.5.0.2')).code).toBe(ResultCode.Success);
  });

  it('an unknown user name is paused exactly like a real one', async () => {
    const run = async (userName: string, ip: string) => {
      const replies: Reply[] = [];
      for (let i = 0; i <= THROTTLE.accountFree; i++) replies.push(await attempt(userName, 'wrong-guess', ip));
      return replies.map((r) => [r.code, r.message]);
    };
    expect(await run('ghost', '10.6.0.1')).toEqual(await run('s2026009', '10.6.0.2'));
  });

  it('a successful login clears the account counter', async () => {
    const key = accountKey(t.ids.demo.orgId, 's2026005');
    for (let i = 0; i < THROTTLE.accountFree - 1; i++) await attempt('s2026005', 'wrong-guess', `10.9.0.${i}`);
    expect((await throttleRow(key))?.failures).toBe(THROTTLE.accountFree - 1);
    expect((await attempt('s2026005', PASSWORD, '10.9.1.0')).code).toBe(ResultCode.Success);
    expect(await throttleRow(key)).toBeUndefined();
    // All the free attempts are available again.
    for (let i = 0; i < THROTTLE.accountFree; i++) {
      expect((await attempt('s2026005', 'wrong-guess', `10.9.2.${i}`)).code).toBe(ResultCode.WrongCredentials);
    }
  });

  it('successful logins from one address do not add up (many users behind one NAT)', async () => {
    // One failure short of the address pause: were successes counted, the second would start it.
    const key = addressKey('10.10.0.1');
    await failedBefore(key, THROTTLE.addressFree - 1);
    const names = ['admin', 'teacher', 'student', 'academic', 's2026010', 's2026011', 's2026012'];
    for (const name of names) expect((await attempt(name, PASSWORD, '10.10.0.1')).code).toBe(ResultCode.Success);
    expect((await throttleRow(key))?.failures).toBe(THROTTLE.addressFree - 1);
  });
});
