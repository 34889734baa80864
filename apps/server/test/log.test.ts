import {
  isOperationAction,
  isOperationEntity,
  type LoginLog,
  type OperationLog,
  type Page,
  ResultCode,
} from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeSubject } from '../src/platform/operation-log';
import { createTestApp, type TestApp } from './harness';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

let t: TestApp;
let admin: string;
let degreeId: number;
beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  admin = await t.login('demo', 'admin');
  const created = await t.call<{ id: number }>('POST', '/api/degree/create', {
    token: admin,
    body: { name: 'Bachelor of Logs', code: 'BL', sort: 9 },
  });
  expect(created.code).toBe(ResultCode.Success);
  degreeId = created.response.id;
  const updated = await t.call('POST', '/api/degree/update', {
    token: admin,
    body: { id: degreeId, name: 'Bachelor of Logs II', code: 'BL', sort: 9 },
  });
  expect(updated.code).toBe(ResultCode.Success);
  const refused = await t.call('POST', '/api/degree/create', { token: admin, body: { name: '', code: 'X' } });
  expect(refused.code).toBe(ResultCode.InvalidParams);
  const deleted = await t.call('POST', `/api/degree/delete/${degreeId}`, { token: admin });
  expect(deleted.code).toBe(ResultCode.Success);
  const teacher = await t.login('demo', 'teacher');
  await t.call('POST', '/api/degree/create', {
    token: teacher,
    body: { name: 'Teacher degree', code: 'TD' },
    headers: { 'user-agent': IPHONE },
  });
  await t.call('POST', '/api/user/login', {
    body: { domain: 'demo', userName: 'admin', password: 'not-the-password' },
    headers: { 'user-agent': IPHONE },
  });
  await t.app.operationLog.flush();
});
afterAll(() => t.close());

async function operations(body: Record<string, unknown>, token = admin) {
  return t.call<Page<OperationLog>>('POST', '/api/log/page', { token, body: { pageIndex: 1, pageSize: 50, ...body } });
}
async function logins(body: Record<string, unknown>, token = admin) {
  return t.call<Page<LoginLog>>('POST', '/api/loginLog/page', {
    token,
    body: { pageIndex: 1, pageSize: 50, ...body },
  });
}

describe('operation log', () => {
  it('says who did what to which record, with the result and the refusal message', async () => {
    const res = await operations({ entity: 'degree' });
    expect(res.code).toBe(ResultCode.Success);
    const rows = res.response.list.map((r) => [r.userName, r.action, r.recordLabel, r.success, r.recordIds]);
    expect(rows).toEqual([
      ['teacher', 'create', null, false, []],
      ['admin', 'delete', 'Bachelor of Logs II', true, [degreeId]],
      ['admin', 'create', null, false, []],
      ['admin', 'update', 'Bachelor of Logs II', true, [degreeId]],
      ['admin', 'create', 'Bachelor of Logs', true, [degreeId]],
    ]);
    const [forbidden, , invalid, , created] = res.response.list;
    expect(invalid).toMatchObject({ responseCode: ResultCode.InvalidParams, entity: 'degree' });
    expect(invalid.message).toMatch(/^name: /);
    // Coded too, so the log reads the refusal in the reader's language.
    expect(invalid.error).toMatchObject({ key: 'required', field: 'name' });
    expect(created.error).toBeNull();
    expect(forbidden).toMatchObject({ responseCode: ResultCode.Forbidden, mobile: true });
    expect(forbidden.message).toBeTruthy();
    expect(created).toMatchObject({ message: null, mobile: false, realName: 'Alice Admin', method: 'POST' });
  });

  it('names what a refused create tried to create', async () => {
    const twice = await t.call('POST', '/api/userCategory/create', { token: admin, body: { name: 'Exchange' } });
    expect(twice.code).toBe(ResultCode.Success);
    const again = await t.call('POST', '/api/userCategory/create', { token: admin, body: { name: 'exchange' } });
    expect(again.code).toBe(ResultCode.InvalidParams);
    await t.app.operationLog.flush();
    const [row] = (await operations({ entity: 'userCategory', result: 'failure' })).response.list;
    expect(row).toMatchObject({ action: 'create', recordLabel: 'exchange', recordIds: [] });
    expect(row.message).toMatch(/already exists/);
  });

  it('names the records of calls that carry only ids (a user whose status changed)', async () => {
    const users = await t.call<Page<{ id: number; userName: string; realName: string }>>('POST', '/api/user/page', {
      token: admin,
      body: { pageIndex: 1, pageSize: 50, userName: 'teacher' },
    });
    const teacher = users.response.list.find((u) => u.userName === 'teacher');
    if (!teacher) throw new Error('no teacher');
    const res = await t.call('POST', `/api/user/changeStatus/${teacher.id}`, { token: admin, body: { status: 1 } });
    expect(res.code).toBe(ResultCode.Success);
    await t.app.operationLog.flush();
    const [row] = (await operations({ action: 'changeStatus' })).response.list;
    expect(row).toMatchObject({
      entity: 'user',
      recordIds: [teacher.id],
      recordLabel: `${teacher.realName} (teacher)`,
      success: true,
    });
  });

  it('records exports, though they change nothing: data leaving the system', async () => {
    const sheet = await t.call('POST', '/api/degree/export', { token: admin, body: {} });
    expect(sheet.message).toBe('file');
    const reads = await t.call('POST', '/api/degree/page', { token: admin, body: {} });
    expect(reads.code).toBe(ResultCode.Success);
    await t.app.operationLog.flush();
    const [row] = (await operations({})).response.list;
    expect(row).toMatchObject({ entity: 'degree', action: 'export', success: true, userName: 'admin' });
  });

  it('filters by user, action, result, device, record name and time', async () => {
    const pick = async (body: Record<string, unknown>) =>
      (await operations({ entity: 'degree', ...body })).response.list.map((r) => `${r.userName} ${r.action}`);
    expect(await pick({ result: 'failure' })).toEqual(['teacher create', 'admin create']);
    expect(await pick({ result: 'success', action: 'delete' })).toEqual(['admin delete']);
    expect(await pick({ user: 'TEACH' })).toEqual(['teacher create']);
    expect(await pick({ user: 'alice admin', result: 'success' })).toHaveLength(4);
    expect(await pick({ mobile: true })).toEqual(['teacher create']);
    expect(await pick({ keyword: 'logs ii' })).toEqual(['admin delete', 'admin update']);
    expect(await pick({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await pick({ to: new Date(Date.now() + 60_000).toISOString() })).toHaveLength(6);
    const page = await operations({ entity: 'degree', pageSize: 2, pageIndex: 2 });
    expect(page.response).toMatchObject({ total: 6, pageNum: 2, pageSize: 2, pages: 3 });
    const slowest = (await operations({ entity: 'degree', sortField: 'durationMs', sortOrder: 'descend' })).response
      .list;
    expect(slowest.map((r) => r.durationMs)).toEqual(slowest.map((r) => r.durationMs).sort((a, b) => b - a));
    expect((await operations({ sortField: 'path' })).message).toBe('sortField: cannot sort by "path"');
    expect((await operations({ to: '9999-12-31T23:59:59-14:00' })).code).toBe(ResultCode.InvalidParams);
    expect((await operations({ entity: 'nothing' })).code).toBe(ResultCode.InvalidParams);
    expect((await operations({ from: 'yesterday' })).message).toMatch(/^from: /);
  });

  it('gives every route that changes data an entity and an action with labels in both languages', () => {
    const unlabelled = t.app.routeCatalog
      .filter((r) => r.mutates || r.audited)
      .map((r) => ({ url: r.url, ...routeSubject(r.url) }))
      .filter((r) => !isOperationEntity(r.entity) || !isOperationAction(r.action));
    expect(unlabelled).toEqual([]);
  });
});

describe('login log', () => {
  it('lists attempts with result, reason, address and device', async () => {
    const res = await logins({ user: 'admin' });
    expect(res.code).toBe(ResultCode.Success);
    const [failed, ok] = res.response.list;
    expect(failed).toMatchObject({ userName: 'admin', success: false, reason: 'wrong password', mobile: true });
    expect(ok).toMatchObject({ userName: 'admin', realName: 'Alice Admin', success: true, reason: null });
    expect(ok.ip).toBe('127.0.0.1');
  });

  it('filters by result, reason, address, device and time', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await logins(body)).response.list.map((r) => `${r.userName} ${r.success}`);
    expect(await names({ result: 'failure' })).toEqual(['admin false']);
    expect(await names({ reason: 'wrong password' })).toEqual(['admin false']);
    expect(await names({ mobile: true })).toEqual(['admin false']);
    expect(await names({ mobile: false, result: 'success' })).toEqual(['teacher true', 'admin true']);
    expect(await names({ ip: '127.0' })).toHaveLength(3);
    expect(await names({ ip: '10.9.' })).toEqual([]);
    expect(await names({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect((await logins({ reason: 'bored' })).code).toBe(ResultCode.InvalidParams);
  });
});

describe('Excel exports of the logs', () => {
  it('write the sentences people read on screen, in the language asked for', async () => {
    const res = await t.call<unknown[][]>('POST', '/api/log/export', {
      token: admin,
      body: { entity: 'degree', action: 'delete' },
      query: { lang: 'zh' },
    });
    expect(res.response[0]).toEqual(['时间', '用户名', '操作', '结果', '提示信息', '设备', 'IP 地址', '耗时（毫秒）']);
    expect(res.response.slice(1).map((r) => r.slice(1, 4))).toEqual([
      ['admin', 'Alice Admin 删除学历层次「Bachelor of Logs II」', '成功'],
    ]);
    const attempts = await t.call<unknown[][]>('POST', '/api/loginLog/export', {
      token: admin,
      body: { result: 'failure' },
    });
    expect(attempts.response.slice(1).map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['admin', 'Failed', 'Wrong password', 'Mobile'],
    ]);
  });
});

describe('who may read the logs', () => {
  it('refuses teachers and students on both pages and their exports', async () => {
    for (const user of ['teacher', 'student', 'academic']) {
      const token = await t.login('demo', user);
      expect((await operations({}, token)).code, user).toBe(ResultCode.Forbidden);
      expect((await logins({}, token)).code, user).toBe(ResultCode.Forbidden);
      for (const url of ['/api/log/export', '/api/loginLog/export']) {
        expect((await t.call('POST', url, { token, body: {} })).code, `${user} ${url}`).toBe(ResultCode.Forbidden);
      }
    }
  });

  it("shows another organisation's administrator none of these rows", async () => {
    const north = await t.login('north', 'admin');
    const ops = await operations({}, north);
    expect(ops.code).toBe(ResultCode.Success);
    expect(ops.response.list.filter((r) => r.entity === 'degree')).toEqual([]);
    const attempts = await logins({}, north);
    expect(attempts.response.list.map((r) => r.userName)).toEqual(['admin']);
    expect(attempts.response.total).toBe(1);
  });

  it('keeps the dashboard\'s "recent operations" for those who may read the log', async () => {
    await t.app.operationLog.flush();
    const mine = await t.call<{ recentOperations: OperationLog[] }>('GET', '/api/dashboard/summary', { token: admin });
    const latest = (await operations({ pageSize: 10 })).response.list;
    expect(mine.response.recentOperations.map((r) => r.id)).toEqual(latest.map((r) => r.id));
    expect(latest.map((r) => `${r.userName} ${r.action} ${r.entity} ${r.success}`)).toContain(
      'teacher export log false',
    );
    const teacher = await t.login('demo', 'teacher');
    const theirs = await t.call<{ recentOperations: OperationLog[] }>('GET', '/api/dashboard/summary', {
      token: teacher,
    });
    expect(theirs.response.recentOperations).toEqual([]);
  });
});
