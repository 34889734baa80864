import { ResultCode } from '@lyceum/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operationLogs } from '../src/modules/log/log.table';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ students: 0 });
});
afterAll(() => t.close());

it('records every call that changes data, with its result code, and not the reads', async () => {
  const admin = await t.login('demo', 'admin');
  await t.call('POST', '/api/user/page', { token: admin, body: {} });
  const ok = await t.call('POST', '/api/role/create', { token: admin, body: { name: 'Librarian', kind: 2 } });
  expect(ok.code).toBe(ResultCode.Success);
  const bad = await t.call('POST', '/api/role/create', { token: admin, body: { name: '', kind: 2 } });
  expect(bad.code).toBe(ResultCode.InvalidParams);
  const teacher = await t.login('demo', 'teacher');
  await t.call('POST', '/api/role/create', {
    token: teacher,
    body: { name: 'Nope', kind: 2 },
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
  });
  await t.app.operationLog.flush();
  const rows = await t.database.db
    .select()
    .from(operationLogs)
    .where(eq(operationLogs.organizationId, t.ids.demo.orgId))
    .orderBy(desc(operationLogs.id));
  expect(rows.map((r) => [r.userName, r.path, r.responseCode, r.mobile])).toEqual([
    ['teacher', '/api/role/create', ResultCode.Forbidden, true],
    ['admin', '/api/role/create', ResultCode.InvalidParams, false],
    ['admin', '/api/role/create', ResultCode.Success, false],
  ]);
  expect(rows[0]).toMatchObject({ method: 'POST', ip: '127.0.0.1' });
  expect(rows.every((r) => r.durationMs >= 0)).toBe(true);
});
