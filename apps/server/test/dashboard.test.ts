import { type DashboardSummary, ResultCode, RoleKind, type StudentPortal } from '@lyceum/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts users by role, logins per day for 30 days and recent operations', async () => {
  const admin = await t.login('demo', 'admin');
  await t.login('demo', 'teacher');
  await t.call('POST', '/api/user/login', { body: { domain: 'demo', userName: 'teacher', password: 'wrong-pass' } });
  await t.call('POST', '/api/role/create', { token: admin, body: { name: 'Counsellor', kind: 2 } });
  await t.app.operationLog.flush();
  const res = await t.call<DashboardSummary>('GET', '/api/dashboard/summary', { token: admin });
  expect(res.code).toBe(ResultCode.Success);
  const s = res.response;
  expect(s.userCount).toBe(26);
  expect(s.usersByRole.map((r) => [r.name, r.count])).toEqual([
    ['Administrator', 1],
    ['Academic staff', 1],
    ['Teacher', 11],
    ['Student', 13],
    ['Counsellor', 0],
  ]);
  expect(s.loginsPerDay).toHaveLength(30);
  expect(s.loginsPerDay[29]).toEqual({ date: new Date().toISOString().slice(0, 10), success: 2, failed: 1 });
  expect(s.recentOperations[0]).toMatchObject({ path: '/api/role/create', userName: 'admin', responseCode: 1 });
  expect(s.activeToday).toBe(2);
});

it('keeps the staff figures from students, and gives them their portal instead', async () => {
  const student = await t.login('demo', 'student');
  const refused = await t.call('GET', '/api/dashboard/summary', { token: student });
  expect(refused.code).toBe(ResultCode.Forbidden);
  expect(refused.response).toBeNull();

  const res = await t.call<StudentPortal>('POST', '/api/dashboard/student', { token: student });
  expect(res.code, res.message).toBe(ResultCode.Success);
  // The exam, homework and message modules fill the lists when they land; the shape is the contract's.
  expect(res.response).toEqual({
    department: 'Computer Science',
    classes: [],
    exams: [],
    homework: [],
    results: [],
    messages: [],
    live: [],
  });
});

it('refuses the student portal to every staff role', async () => {
  for (const userName of ['admin', 'academic', 'teacher']) {
    const token = await t.login('demo', userName);
    const res = await t.call('POST', '/api/dashboard/student', { token });
    expect(res.code, userName).toBe(ResultCode.Forbidden);
  }
  const anonymous = await t.call('POST', '/api/dashboard/student');
  expect(anonymous.code).toBe(ResultCode.NotLoggedIn);
});

it('follows the active role: a staff member switched to a student role gets the portal', async () => {
  const admin = await t.login('demo', 'admin');
  const roles = await t.call<{ id: number; kind: number }[]>('POST', '/api/role/list', { token: admin, body: {} });
  const studentRole = roles.response.find((r) => r.kind === RoleKind.Student);
  expect(studentRole).toBeDefined();
  const teacher = await t.login('demo', 'teacher');
  const me = await t.call<{ id: number; roles: { id: number }[] }>('GET', '/api/user/current', { token: teacher });
  const given = await t.call('POST', '/api/role/assign', {
    token: admin,
    body: { roleId: studentRole?.id, userIds: [me.response.id], mode: 'add' },
  });
  expect(given.code, given.message).toBe(ResultCode.Success);
  expect((await t.call('POST', '/api/dashboard/student', { token: teacher })).code).toBe(ResultCode.Forbidden);
  const switched = await t.call('POST', '/api/user/change', { token: teacher, body: { roleId: studentRole?.id } });
  expect(switched.code, switched.message).toBe(ResultCode.Success);
  expect((await t.call('POST', '/api/dashboard/student', { token: teacher })).code).toBe(ResultCode.Success);
  expect((await t.call('GET', '/api/dashboard/summary', { token: teacher })).code).toBe(ResultCode.Forbidden);
});
