import type { StudentRecord } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { studentRecords } from '../src/modules/student-record/student-record.table';
import { ok, type Reply, type TestApp } from './harness';

// Student records' test helpers (issue 34): records for demo students, with guardians, through the
// API as staff make them. Admissions' test may use `recordWithGuardian` to have a guardian whose
// phone an applicant then gives (enrolment links them, not a second guardian).

export const call = <T>(t: TestApp, token: string, url: string, body: unknown = {}) =>
  t.call<T>('POST', url, { token, body }) as Promise<Reply<T>>;

export async function recordIdOf(t: TestApp, userId: number): Promise<number | null> {
  const [row] = await t.database.db
    .select({ id: studentRecords.id })
    .from(studentRecords)
    .where(and(eq(studentRecords.organizationId, t.ids.demo.orgId), eq(studentRecords.userId, userId)));
  return row?.id ?? null;
}

// A record for a demo student (made if missing) whose guardians become these.
export async function recordWithGuardian(
  t: TestApp,
  staffToken: string,
  userId: number,
  guardians: { name: string; phone: string; relation: string }[],
  extra: Record<string, unknown> = {},
): Promise<StudentRecord> {
  ok(await call(t, staffToken, '/api/studentRecord/createMissing', { userIds: [userId] }));
  const id = (await recordIdOf(t, userId))!;
  return ok(await call<StudentRecord>(t, staffToken, `/api/studentRecord/edit/${id}`, { guardians, ...extra }));
}
