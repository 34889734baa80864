import {
  type MyRecord,
  type Page,
  type PersonTimeline,
  type StatusChange,
  StatusChangeKind,
  StatusChangeState,
  type StudentRecord,
  StudentStatus,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDueChanges } from '../src/modules/student-record/status-change';
import {
  createStudentRecord,
  findRecordMatches,
  markGraduated,
  recordOf,
} from '../src/modules/student-record/student-record.service';
import { teamMembers } from '../src/modules/team/team.table';
import { setClock } from '../src/platform/clock';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { call, recordIdOf, recordWithGuardian } from './records-fixture';
import { makeClass } from './tuition-fixture';

// Student records (issue 34) on one app: records made for existing students, guardians shared by
// phone, the services admissions and graduation call, who reads what, and status changes: requested,
// approved by someone else, applied on their effective date by the job (once), resumption, withdrawal
// ending classes and the login.

// 15 October 2026, 10:00 in Shanghai.
const OCT_15 = '2026-10-15T02:00:00Z';
const NOV_1 = '2026-11-01T02:00:00Z';

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  setClock(OCT_15);
  orgId = t.ids.demo.orgId;
  tok = await logins(t, ['admin', 'academic', 'teacher', 'student', 's2026001', 's2026002']);
  tok.north = await t.login('north', 'admin');
  id = await userIds(t, ['admin', 'academic', 'teacher', 'student', 's2026001', 's2026002', 's2026003']);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const as = <T>(who: string, url: string, body: unknown = {}) => call<T>(t, tok[who]!, url, body);
const db = () => t.database.db;
const recordOfUser = async (who: string) => (await recordOf(db(), orgId, id[who]!))!;

describe('records', () => {
  it('are made for students without one (skipping those with one and refusing non-students)', async () => {
    const made = ok(
      await as<{ created: number }>('academic', '/api/studentRecord/createMissing', {
        userIds: [id.student, id.s2026001, id.s2026002],
        cohortYear: 2025,
      }),
    );
    expect(made).toEqual({ created: 3, skipped: 0 });
    const again = ok(await as('academic', '/api/studentRecord/createMissing', { userIds: [id.student] }));
    expect(again).toEqual({ created: 0, skipped: 1 });
    const nos = [await recordOfUser('student'), await recordOfUser('s2026001')].map((r) => r.studentNo);
    expect(nos.every((n) => /^2025\d{4}$/.test(n))).toBe(true);
    expect(new Set(nos).size).toBe(2);
    refused(
      await as('academic', '/api/studentRecord/createMissing', { userIds: [id.teacher] }),
      'notAStudent',
      'userIds',
    );
    refused(await as('academic', '/api/studentRecord/createMissing', {}), 'required', 'teamId');
  });

  it('share a guardian by phone between siblings, and check edits field by field', async () => {
    const mother = { name: 'Mary Mother', phone: '138 0000 1111', relation: 'mother' };
    const a = await recordWithGuardian(t, tok.academic!, id.student!, [mother], { idNumber: '110101200801011234' });
    const b = await recordWithGuardian(t, tok.academic!, id.s2026001!, [{ ...mother, phone: '13800001111' }]);
    expect(a.guardians[0]!.guardianId).toBe(b.guardians[0]!.guardianId);
    expect(b.guardians[0]!.siblings).toEqual(['Sam Student']);
    const rid = (await recordIdOf(t, id.s2026001!))!;
    const taken = await as('academic', `/api/studentRecord/edit/${rid}`, { studentNo: a.studentNo });
    expect(taken.code).toBe(501);
    refused(taken, 'studentNoTaken', 'studentNo');
    const badPhone = await as('academic', `/api/studentRecord/edit/${rid}`, {
      guardians: [{ name: 'X', phone: 'call me', relation: 'father' }],
    });
    expect(badPhone.code).toBe(501);
    expect(badPhone.error?.field).toBe('guardians.0.phone');
    expect((await recordOfUser('s2026001')).studentNo).toBe(b.studentNo);
  });

  it('answer admissions’ and graduation’s calls (matches, one record per user, graduated)', async () => {
    const byId = await findRecordMatches(db(), orgId, { idNumber: '110101200801011234' });
    expect(byId.map((m) => [m.userId, m.reason])).toEqual([[id.student, 'idNumber']]);
    const byPhone = await findRecordMatches(db(), orgId, { guardianPhones: ['+86 138-0000-1111'.slice(4)] });
    expect(byPhone.map((m) => m.userId).sort()).toEqual([id.student, id.s2026001].sort());
    const other = await findRecordMatches(db(), t.ids.north.orgId, { idNumber: '110101200801011234' });
    expect(other).toEqual([]);
    const twice = await db().transaction(async (tx) => {
      const first = await createStudentRecord(
        tx,
        orgId,
        {
          userId: id.s2026003!,
          cohortYear: 2026,
          guardians: [{ name: 'M', phone: '13800001111', relation: 'mother' }],
        },
        id.academic!,
      );
      const second = await createStudentRecord(tx, orgId, { userId: id.s2026003!, guardians: [] }, id.academic!);
      return [first, second];
    });
    expect(twice[1]!.recordId).toBe(twice[0]!.recordId);
    expect(twice[0]!.linkedGuardianIds).toHaveLength(1);
    expect(twice[0]!.studentNo).toMatch(/^2026\d{4}$/);
    await db().transaction((tx) => markGraduated(tx, orgId, [id.s2026003!], id.admin!, 'Class of 2026'));
    expect((await recordOfUser('s2026003')).status).toBe(StudentStatus.Graduated);
  });

  it('are read by academic staff only; a student reads their own without staff-only fields', async () => {
    const page = ok(
      await as<Page<StudentRecord>>('academic', '/api/studentRecord/page', { pageIndex: 1, pageSize: 20 }),
    );
    expect(page.total).toBe(4);
    expect(page.list.find((r) => r.userId === id.student)?.idNumber).toBe('110101200801011234');
    const rid = (await recordIdOf(t, id.student!))!;
    expect((await as('teacher', '/api/studentRecord/page', { pageIndex: 1, pageSize: 20 })).code).toBe(403);
    expect((await as('student', `/api/studentRecord/select/${rid}`)).code).toBe(403);
    expect((await as('north', `/api/studentRecord/select/${rid}`)).code).not.toBe(1);
    const mine = ok(await as<MyRecord>('student', '/api/studentRecord/my'))!;
    expect(mine.userId).toBe(id.student);
    expect(mine).not.toHaveProperty('idNumber');
    expect(mine).not.toHaveProperty('note');
    expect(ok(await as('teacher', '/api/studentRecord/my'))).toBeNull();
    expect((await as('student', `/api/studentRecord/timeline/${id.s2026001}`)).code).toBe(403);
    expect((await as('north', `/api/studentRecord/timeline/${id.student}`)).code).not.toBe(1);
    const own = ok(await as<PersonTimeline>('s2026001', '/api/studentRecord/myTimeline'));
    expect(own.list.map((e) => e.kind)).toEqual(['enrolled']);
  });
});

describe('status changes', () => {
  let suspension: StatusChange;

  it('check their input and the standing they start from', async () => {
    const bad = async (body: Record<string, unknown>, key: string, field: string) => {
      const res = await as('academic', '/api/statusChange/request', {
        userId: id.student,
        kind: StatusChangeKind.Suspension,
        effectiveDate: '2026-11-01',
        reason: 'Illness',
        ...body,
      });
      expect(res.code, res.message).toBe(501);
      refused(res, key, field);
    };
    await bad({ effectiveDate: '2026-02-31' }, 'invalidFormat', 'effectiveDate');
    await bad({ kind: StatusChangeKind.Resumption }, 'statusChangeNotFrom', 'kind');
    await bad({ userId: id.teacher }, 'noStudentRecord', 'userId');
    await bad({ kind: StatusChangeKind.ClassTransfer }, 'required', 'toTeamId');
    await bad({ kind: 99 }, 'notOneOf', 'kind');
    expect((await as('teacher', '/api/statusChange/request', { userId: id.student })).code).toBe(403);
  });

  it('allow one open change per student, even requested in parallel', async () => {
    const body = {
      userId: id.student,
      kind: StatusChangeKind.Suspension,
      effectiveDate: '2026-11-01',
      reason: 'Illness',
    };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => as<StatusChange>('academic', '/api/statusChange/request', body)),
    );
    const made = replies.filter((r) => r.code === 1);
    expect(made).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 1)) refused(r, 'statusChangeOpen');
    suspension = made[0]!.response;
    expect(suspension).toMatchObject({ state: StatusChangeState.Requested, fromStatus: StudentStatus.Enrolled });
    expect(suspension.toStatus).toBe(StudentStatus.Suspended);
  });

  it('are decided by someone else with statusChange:approve', async () => {
    const url = `/api/statusChange/approve/${suspension.id}`;
    refused(await as('academic', url), 'statusChangeOwnRequest');
    expect((await as('teacher', url)).code).toBe(403);
    expect((await as('student', url)).code).toBe(403);
    expect((await as('north', url)).code).not.toBe(1);
    const approved = ok(await as<StatusChange>('admin', url, { note: 'Doctor’s letter seen' }));
    expect(approved).toMatchObject({ state: StatusChangeState.Approved, decidedByName: 'Alice Admin' });
    refused(await as('admin', url), 'statusChangeDecided');
    expect((await recordOfUser('student')).status).toBe(StudentStatus.Enrolled);
  });

  it('apply on their effective date when the job runs, once however often it runs', async () => {
    expect(await applyDueChanges(db())).toBe(0);
    setClock(NOV_1);
    const runs = await Promise.all([applyDueChanges(db()), applyDueChanges(db()), applyDueChanges(db())]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await applyDueChanges(db())).toBe(0);
    expect((await recordOfUser('student')).status).toBe(StudentStatus.Suspended);
    const row = ok(await as<StatusChange>('academic', `/api/statusChange/select/${suspension.id}`));
    expect(row.state).toBe(StatusChangeState.Applied);
    expect(row.appliedAt).not.toBeNull();
    const line = ok(await as<PersonTimeline>('student', '/api/studentRecord/myTimeline')).list;
    expect(line.filter((e) => e.kind === 'statusChange').map((e) => e.detail.state)).toEqual([
      StatusChangeState.Requested,
      StatusChangeState.Applied,
    ]);
  });

  it('resume at once when the date has come; an administrator may approve their own', async () => {
    const req = ok(
      await as<StatusChange>('admin', '/api/statusChange/request', {
        userId: id.student,
        kind: StatusChangeKind.Resumption,
        effectiveDate: '2026-11-01',
        reason: 'Recovered',
      }),
    );
    const done = ok(await as<StatusChange>('admin', `/api/statusChange/approve/${req.id}`));
    expect(done.state).toBe(StatusChangeState.Applied);
    expect((await recordOfUser('student')).status).toBe(StudentStatus.Enrolled);
    await t.login('demo', 'student');
  });

  it('withdraw a student: classes end, the login is disabled; rejected and cancelled ones change nothing', async () => {
    const teamId = await makeClass(t, tok.academic!, [id.s2026002!]);
    const rejectMe = ok(
      await as<StatusChange>('academic', '/api/statusChange/request', {
        userId: id.s2026002,
        kind: StatusChangeKind.TransferOut,
        effectiveDate: '2026-11-01',
        reason: 'Moving',
      }),
    );
    ok(await as('admin', `/api/statusChange/reject/${rejectMe.id}`, { note: 'No papers' }));
    const cancelMe = ok(
      await as<StatusChange>('academic', '/api/statusChange/request', {
        userId: id.s2026002,
        kind: StatusChangeKind.Withdrawal,
        effectiveDate: '2026-11-01',
        reason: 'Wrong',
      }),
    );
    ok(await as('academic', `/api/statusChange/cancel/${cancelMe.id}`));
    refused(await as('admin', `/api/statusChange/approve/${cancelMe.id}`), 'statusChangeDecided');
    expect((await recordOfUser('s2026002')).status).toBe(StudentStatus.Enrolled);
    const w = ok(
      await as<StatusChange>('academic', '/api/statusChange/request', {
        userId: id.s2026002,
        kind: StatusChangeKind.Withdrawal,
        effectiveDate: '2026-10-30',
        reason: 'Family reasons',
      }),
    );
    ok(await as('admin', `/api/statusChange/approve/${w.id}`));
    expect((await recordOfUser('s2026002')).status).toBe(StudentStatus.Withdrawn);
    const left = await db()
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, id.s2026002!)));
    expect(left).toEqual([]);
    const session = await as('s2026002', '/api/studentRecord/my');
    expect(session.code).not.toBe(1);
    const page = ok(
      await as<Page<StatusChange>>('academic', '/api/statusChange/page', {
        pageIndex: 1,
        pageSize: 50,
        userId: id.s2026002,
      }),
    );
    expect(page.list.map((c) => c.state).sort()).toEqual(
      [StatusChangeState.Rejected, StatusChangeState.Cancelled, StatusChangeState.Applied].sort(),
    );
  });
});
