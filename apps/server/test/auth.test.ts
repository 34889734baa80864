import { ResultCode, sessionCookieName } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, sessions } from '../src/modules/auth/auth.table';
import { flushTouches, forgetSessions } from '../src/modules/auth/session-cache';
import { THROTTLE } from '../src/modules/auth/throttle.service';
import { setOrganizationStatus } from '../src/modules/organization/organization.service';
import { ajax, createTestApp, PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('returns userName, realName and a fresh token, and sets the organisation cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 'admin', password: PASSWORD, domain: 'demo' },
    });
    const body = res.json();
    expect(body.code).toBe(ResultCode.Success);
    expect(body.response).toMatchObject({ userName: 'admin', realName: 'Alice Admin' });
    expect(body.response.token.length).toBeGreaterThanOrEqual(43);
    const cookie = res.cookies.find((c) => c.name === sessionCookieName('demo'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const again = await t.login('demo', 'admin');
    expect(again).not.toBe(body.response.token);
  });

  it('stores only the hash of the token', async () => {
    const token = await t.login('demo', 'teacher');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('gives 402 for a wrong password or unknown user, and logs the failure', async () => {
    const wrong = await t.call('POST', '/api/user/login', {
      body: { userName: 'teacher', password: 'nope-nope', domain: 'demo' },
    });
    expect(wrong.code).toBe(ResultCode.WrongCredentials);
    const unknown = await t.call('POST', '/api/user/login', {
      body: { userName: 'ghost', password: 'nope-nope', domain: 'demo' },
    });
    expect(unknown.code).toBe(ResultCode.WrongCredentials);
    expect(unknown.message).toBe(wrong.message);
    const failures = await t.database.db.select().from(loginLogs).where(eq(loginLogs.success, false));
    expect(failures.map((f) => f.userName)).toEqual(expect.arrayContaining(['teacher', 'ghost']));
  });

  it('names an unknown organisation and rejects missing fields with 501', async () => {
    const res = await t.call('POST', '/api/user/login', {
      body: { userName: 'admin', password: PASSWORD, domain: 'nowhere' },
    });
    expect(res.code).toBe(ResultCode.Error);
    expect(res.message).toContain('nowhere');
    const missing = await t.call('POST', '/api/user/login', { body: { userName: 'admin', domain: 'demo' } });
    expect(missing).toMatchObject({ code: ResultCode.InvalidParams, message: 'password: is required' });
    const wrongType = await t.call('POST', '/api/user/login', {
      body: { userName: 5, password: PASSWORD, domain: 'demo' },
    });
    expect(wrongType.code).toBe(ResultCode.InvalidParams);
    expect(wrongType.message).toMatch(/^userName: /);
  });

  it('user names match regardless of case', async () => {
    expect(await t.login('demo', 'ADMIN')).toBeTruthy();
  });
});

describe('sessions', () => {
  it('401 without a token, with a garbage token, and after expiry', async () => {
    expect((await t.call('GET', '/api/user/menu')).code).toBe(ResultCode.NotLoggedIn);
    expect((await t.call('GET', '/api/user/menu', { token: 'garbage' })).code).toBe(ResultCode.NotLoggedIn);
    const token = await t.login('demo', 'teacher');
    expect((await t.call('GET', '/api/user/menu', { token })).code).toBe(ResultCode.Success);
    await t.database.db.update(sessions).set({ expireTime: new Date(Date.now() - 1000) });
    // Changed behind the server's back: a process that looked it up within seconds still trusts it.
    forgetSessions();
    const expired = await t.call('GET', '/api/user/menu', { token });
    expect(expired.code).toBe(ResultCode.NotLoggedIn);
    expect(expired.message).toMatch(/expired/);
  });

  it('every call slides the 4-hour expiry forward', async () => {
    const token = await t.login('demo', 'teacher');
    const old = new Date(Date.now() - 3 * 3600_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenTime: old, expireTime: new Date(Date.now() + 3600_000) })
      .where(sql`true`);
    await t.call('GET', '/api/user/menu', { token });
    // "Last seen" goes out in batches, a second apart.
    await flushTouches();
    const [row] = await t.database.db.select().from(sessions).where(sql`last_seen_time > ${old}`);
    expect(row.expireTime.getTime()).toBeGreaterThan(Date.now() + 3.9 * 3600_000);
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const token = await t.login('demo', 'teacher');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/logout', headers: { token } });
    expect(res.json().code).toBe(ResultCode.Success);
    expect(res.cookies.find((c) => c.name === sessionCookieName('demo'))?.value).toBe('');
    expect((await t.call('GET', '/api/user/menu', { token })).code).toBe(ResultCode.NotLoggedIn);
  });

  it('cookie sessions need the ajax header to change data (CSRF)', async () => {
    const token = await t.login('demo', 'admin');
    const cookie = `${sessionCookieName('demo')}=${token}`;
    const read = await t.call('GET', '/api/user/menu', { headers: { cookie } });
    expect(read.code).toBe(ResultCode.Success);
    const body = { realName: 'Alice Admin', sex: 2 };
    const noHeader = await t.call('POST', '/api/user/updateProfile', { headers: { cookie }, body });
    expect(noHeader.code).toBe(ResultCode.Forbidden);
    const withHeader = await t.call('POST', '/api/user/updateProfile', { headers: { cookie, ...ajax }, body });
    expect(withHeader.code).toBe(ResultCode.Success);
  });

  it('public routes that change data need the ajax header too: logout and handoff by cookie', async () => {
    const token = await t.login('demo', 'admin');
    const cookie = `${sessionCookieName('demo')}=${token}`;
    const forged = await t.call('GET', '/api/user/logout', { headers: { cookie } });
    expect(forged.code).toBe(ResultCode.Forbidden);
    const handoff = await t.call('POST', '/api/user/handoff', { headers: { cookie }, body: {} });
    expect(handoff.code).toBe(ResultCode.Forbidden);
    // The session survived the forged logout; the real one (with the header) ends it.
    expect((await t.call('GET', '/api/user/current', { headers: { cookie } })).code).toBe(ResultCode.Success);
    expect((await t.call('GET', '/api/user/logout', { headers: { cookie, ...ajax } })).code).toBe(ResultCode.Success);
    expect((await t.call('GET', '/api/user/current', { headers: { cookie } })).code).toBe(ResultCode.NotLoggedIn);
  });

  it('a token presented for another organisation gives 502', async () => {
    const token = await t.login('north', 'admin');
    const res = await t.call('GET', '/api/user/menu', { token, headers: { organization: 'demo' } });
    expect(res.code).toBe(ResultCode.SessionInvalid);
  });

  it('disabling a user ends their sessions at once; they cannot log in again', async () => {
    const admin = await t.login('demo', 'admin');
    const studentToken = await t.login('demo', 's2026002');
    const page = await t.call<{ list: { id: number }[] }>('POST', '/api/user/page', {
      token: admin,
      body: { userName: 's2026002' },
    });
    const id = page.response.list[0].id;
    const off = await t.call('POST', `/api/user/changeStatus/${id}`, { token: admin, body: { status: 2 } });
    expect(off.code).toBe(ResultCode.Success);
    expect((await t.call('GET', '/api/user/menu', { token: studentToken })).code).toBe(ResultCode.NotLoggedIn);
    const again = await t.call('POST', '/api/user/login', {
      body: { userName: 's2026002', password: PASSWORD, domain: 'demo' },
    });
    expect(again.code).toBe(ResultCode.SessionInvalid);
    expect(again.message).toMatch(/disabled/);
    await t.call('POST', `/api/user/changeStatus/${id}`, { token: admin, body: { status: 1 } });
  });

  it('disabling an organisation ends its sessions at once', async () => {
    const token = await t.login('north', 'teacher');
    await setOrganizationStatus(t.database.db, 'north', 2);
    expect((await t.call('GET', '/api/user/menu', { token })).code).toBe(ResultCode.NotLoggedIn);
    expect((await t.call('GET', '/api/common/organization/north')).code).toBe(ResultCode.Error);
    const login = await t.call('POST', '/api/user/login', {
      body: { userName: 'admin', password: PASSWORD, domain: 'north' },
    });
    expect(login.code).toBe(ResultCode.SessionInvalid);
    await setOrganizationStatus(t.database.db, 'north', 1);
  });
});

describe('staff handoff', () => {
  it('exchanges a secret once; a replay gets 401', async () => {
    const token = await t.login('demo', 'teacher');
    const h = await t.call<{ secret: string; expiresIn: number }>('POST', '/api/user/handoff', { token });
    expect(h.code).toBe(ResultCode.Success);
    expect(h.response.expiresIn).toBe(60);
    const first = await t.call<{ userName: string; token: string }>('GET', '/api/user/login', {
      query: { secret: h.response.secret },
    });
    expect(first.code).toBe(ResultCode.Success);
    expect(first.response.userName).toBe('teacher');
    expect((await t.call('GET', '/api/user/menu', { token: first.response.token })).code).toBe(ResultCode.Success);
    const replay = await t.call('GET', '/api/user/login', { query: { secret: h.response.secret } });
    expect(replay.code).toBe(ResultCode.NotLoggedIn);
  });

  it('an expired secret gets 401, and students cannot create one', async () => {
    const token = await t.login('demo', 'teacher');
    const h = await t.call<{ secret: string }>('POST', '/api/user/handoff', { token });
    await t.database.db.execute(sql`update handoff_secrets set expire_time = now() - interval '1 second'`);
    expect((await t.call('GET', '/api/user/login', { query: { secret: h.response.secret } })).code).toBe(
      ResultCode.NotLoggedIn,
    );
    const student = await t.login('demo', 'student');
    expect((await t.call('POST', '/api/user/handoff', { token: student })).code).toBe(ResultCode.Forbidden);
    expect((await t.call('POST', '/api/user/handoff')).code).toBe(ResultCode.NotLoggedIn);
  });

  it('a trusted system hands over a staff user with the organisation API key', async () => {
    const { createApiKey } = await import('../src/modules/organization/organization.service');
    const key = await createApiKey(t.database.db, 'demo', 'portal');
    const h = await t.call<{ secret: string }>('POST', '/api/user/handoff', {
      headers: { 'x-api-key': key },
      body: { userName: 'teacher' },
    });
    expect(h.code).toBe(ResultCode.Success);
    const s = await t.call<{ userName: string }>('GET', '/api/user/login', { query: { secret: h.response.secret } });
    expect(s.response.userName).toBe('teacher');
    const student = await t.call('POST', '/api/user/handoff', {
      headers: { 'x-api-key': key },
      body: { userName: 'student' },
    });
    expect(student.code).toBe(ResultCode.Forbidden);
    const badKey = await t.call('POST', '/api/user/handoff', {
      headers: { 'x-api-key': 'lyk_wrong' },
      body: { userName: 'teacher' },
    });
    expect(badKey.code).toBe(ResultCode.NotLoggedIn);
  });
});

describe('brute force', () => {
  it('pauses an account after repeated failures, but not a browser that logged in as the user before', async () => {
    // A browser that logged in before carries the device cookie.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { userName: 's2026005', password: PASSWORD, domain: 'demo' },
      remoteAddress: '10.0.0.1',
    });
    const device = ok.cookies.find((c) => c.name === 'lyceum_device')!.value;
    const attempt = (password: string, ip: string, cookie?: string) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { userName: 's2026005', password, domain: 'demo' },
          remoteAddress: ip,
          headers: cookie ? { cookie: `lyceum_device=${cookie}` } : {},
        })
        .then((r) => r.json());
    // The free attempts, from different addresses; the next one starts the account pause.
    for (let i = 0; i < THROTTLE.accountFree; i++) await attempt('wrong-guess', `10.0.1.${i}`);
    const paused = await attempt(PASSWORD, '10.0.2.1');
    expect(paused.code).toBe(ResultCode.Error);
    expect(paused.message).toMatch(/try again in \d+ s/);
    const trusted = await attempt(PASSWORD, '10.0.0.1', device);
    expect(trusted.code).toBe(ResultCode.Success);
  });

  it('pauses an address that guesses across many accounts', async () => {
    const ip = '10.9.9.9';
    let last: { code: number; message: string } = { code: 0, message: '' };
    for (let i = 0; i < THROTTLE.addressFree + 2; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { userName: `nobody${i}`, password: 'wrong-guess', domain: 'demo' },
          remoteAddress: ip,
        })
      ).json();
    }
    expect(last.code).toBe(ResultCode.Error);
    expect(last.message).toMatch(/try again/);
  });
});
