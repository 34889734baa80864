import { errorMessage, ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './harness';

// Every refusal carries `error` {key, field, params} beside its English message, and the message is
// the catalogue's English for that code: what the web translates is what the API says.

let t: TestApp;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('demo', 'admin');
  teacher = await t.login('demo', 'teacher');
});
afterAll(() => t.close());

function expectCoded(reply: { code: number; message: string; error?: unknown }) {
  expect(reply.error, reply.message).toBeDefined();
  expect(reply.message).toBe(errorMessage(reply.error as Parameters<typeof errorMessage>[0]));
}

describe('coded refusals', () => {
  it('a wrong current password is wrongPassword on oldPassword', async () => {
    const res = await t.call('POST', '/api/user/changePassword', {
      token: teacher,
      body: { oldPassword: 'not-the-password', newPassword: 'another-pass-2026' },
    });
    expect(res).toMatchObject({
      code: ResultCode.InvalidParams,
      message: 'oldPassword: the current password is not correct',
      error: { key: 'wrongPassword', field: 'oldPassword' },
    });
    const same = await t.call('POST', '/api/user/changePassword', {
      token: teacher,
      body: { oldPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect(same).toMatchObject({ error: { key: 'samePassword', field: 'newPassword' } });
  });

  it('validation issues carry the rule and its limit, on the field path', async () => {
    const cases: [unknown, object][] = [
      [
        { id: null, name: 'x'.repeat(300) },
        { key: 'tooLong', field: 'name', params: { max: 64 } },
      ],
      [
        { id: null, name: '   ' },
        { key: 'required', field: 'name' },
      ],
      [{ id: null }, { key: 'required', field: 'name' }],
      [
        { id: null, name: 'Ok', sort: 1.5 },
        { key: 'notInteger', field: 'sort' },
      ],
    ];
    for (const [body, error] of cases) {
      const res = await t.call('POST', '/api/degree/create', { token: admin, body });
      expect(res.code, JSON.stringify(body)).toBe(ResultCode.InvalidParams);
      expect(res.error, res.message).toMatchObject(error);
      expectCoded(res);
    }
    const email = await t.call('POST', '/api/user/create', {
      token: admin,
      body: { id: null, userName: 'coded1', realName: 'C', password: 'first-pass-1', roleIds: [1], email: 'nope' },
    });
    expect(email).toMatchObject({
      message: 'email: not an e-mail address',
      error: { key: 'invalidFormat', field: 'email', params: { format: 'email' } },
    });
    const noRole = await t.call('POST', '/api/user/create', {
      token: admin,
      body: { id: null, userName: 'coded2', realName: 'C', password: 'first-pass-1', roleIds: [] },
    });
    expect(noRole.error).toEqual({ key: 'needsRole', field: 'roleIds' });
  });

  it('the contract’s own refinements come out coded, with their parameters', async () => {
    const res = await t.call('POST', '/api/question/create', {
      token: teacher,
      body: { type: 1, stem: 'Pick', score: 2, options: [{ label: 'A', content: 'a' }], answer: 'A' },
    });
    expect(res).toMatchObject({ code: ResultCode.InvalidParams, error: { key: 'twoOptions', field: 'options' } });
    expectCoded(res);
  });

  it('access, sessions and references have their codes too', async () => {
    const denied = await t.call('POST', '/api/role/create', { token: teacher, body: { id: null, name: 'X', kind: 3 } });
    expect(denied).toMatchObject({ code: ResultCode.Forbidden, error: { key: 'forbidden' } });
    expect(denied.message).toBe('You do not have permission for this');
    const anonymous = await t.call('POST', '/api/role/list');
    expect(anonymous).toMatchObject({ code: ResultCode.NotLoggedIn, error: { key: 'notLoggedIn' } });
    const roles = await t.call<{ id: number; code: string }[]>('POST', '/api/role/list', { token: admin });
    const role = roles.response.find((r) => r.code !== 'admin');
    const unknown = await t.call('POST', '/api/role/grant', {
      token: admin,
      body: { roleId: role?.id, permissionIds: [99999] },
    });
    expect(unknown).toMatchObject({
      message: 'permissionIds: no permission with id 99999',
      error: { key: 'noSuchReference', field: 'permissionIds', params: { entity: 'permission', ids: '99999' } },
    });
    const wrong = await t.call('POST', '/api/user/login', {
      body: { domain: 'demo', userName: 'admin', password: 'wrong-password-1' },
    });
    expect(wrong).toMatchObject({ code: ResultCode.WrongCredentials, error: { key: 'wrongCredentials' } });
  });
});
