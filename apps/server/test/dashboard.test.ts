import { type DashboardSummary, ResultCode } from '@lyceum/contract';
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
  expect(s.scope).toBe('organization');
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

it('shows a student only their own logins', async () => {
  const student = await t.login('demo', 'student');
  const s = (await t.call<DashboardSummary>('GET', '/api/dashboard/summary', { token: student })).response;
  expect(s.scope).toBe('self');
  expect(s.usersByRole).toEqual([]);
  expect(s.loginsPerDay.reduce((n, d) => n + d.success, 0)).toBe(1);
});
