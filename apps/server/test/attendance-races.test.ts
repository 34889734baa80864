import { AttendanceKind, LeaveStatus } from '@lyceum/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attendanceMarks, attendanceSessions } from '../src/modules/attendance/attendance.table';
import { setClock } from '../src/platform/clock';
import {
  type AttendanceWorld,
  addLesson,
  at,
  attendanceWorld,
  DAY,
  HOUR,
  MINUTE,
  MONDAY,
  rosterOf,
  statusId,
} from './attendance-fixture';
import { ok } from './harness';

// Attendance under races (issue 31), on PostgreSQL and on the embedded database: a lesson's roll
// call made once however many open it at once, two devices taking one session at once (both in
// the log, one current, taken once), and ten approvals of one leave at once (one decides).

let w: AttendanceWorld;
let lesson: number;
const START = MONDAY + 4 * DAY + HOUR;

beforeAll(async () => {
  w = await attendanceWorld(['teacher', 's2026001']);
  lesson = await addLesson(w, { teamId: w.teamA, teacherId: w.ids.teacher, startsAt: START });
});
afterEach(() => setClock(null));
afterAll(() => w.t.close());

const orgId = () => w.t.ids.demo.orgId;

describe('attendance races', () => {
  it('makes one session however many open the lesson at once', async () => {
    setClock(START - 5 * MINUTE);
    const rosters = await Promise.all(
      Array.from({ length: 8 }, () => rosterOf(w, w.tokens.teacher, { lessonId: lesson })),
    );
    expect(new Set(rosters.map((r) => r.session.sessionId)).size).toBe(1);
    const [{ n }] = (await w.t.database.db
      .select({ n: count() })
      .from(attendanceSessions)
      .where(and(eq(attendanceSessions.organizationId, orgId()), eq(attendanceSessions.lessonId, lesson)))) as [
      { n: number },
    ];
    expect(Number(n)).toBe(1);
  });

  it('keeps both of two takes at once in the log, one current, taken once', async () => {
    setClock(START + 5 * MINUTE);
    const r = await rosterOf(w, w.tokens.teacher, { lessonId: lesson });
    const student = w.ids.s2026001;
    const [late, absent] = [statusId(r, AttendanceKind.Late), statusId(r, AttendanceKind.Absent)];
    const marks = (statusId: number) => [{ studentId: student, statusId }];
    const replies = await Promise.all(
      [late, absent].map((s) =>
        w.t.call<{ takenAt: string }>('POST', '/api/attendance/take', {
          token: w.tokens.teacher,
          body: { sessionId: r.session.sessionId, marks: marks(s) },
        }),
      ),
    );
    const [a, b] = replies.map(ok);
    expect(a?.takenAt).toBe(b?.takenAt);
    const log = await w.t.database.db
      .select({ id: attendanceMarks.id, statusId: attendanceMarks.statusId })
      .from(attendanceMarks)
      .where(
        and(
          eq(attendanceMarks.organizationId, orgId()),
          eq(attendanceMarks.sessionId, r.session.sessionId),
          eq(attendanceMarks.studentId, student),
        ),
      )
      .orderBy(attendanceMarks.id);
    expect(log.map((m) => m.statusId).sort()).toEqual([late, absent].sort());
    const after = await rosterOf(w, w.tokens.teacher, { lessonId: lesson });
    const current = after.students.find((s) => s.studentId === student)?.current;
    expect(current?.statusId).toBe(log.at(-1)?.statusId);
  });

  it('lets one of ten approvals of one leave at once decide it', async () => {
    setClock(MONDAY);
    const leave = ok(
      await w.t.call<{ id: number }>('POST', '/api/leave/create', {
        token: w.tokens.s2026001,
        body: { fromAt: at(START - HOUR), toAt: at(START + HOUR), reason: 'Family' },
      }),
    );
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        w.t.call<{ status: number }>('POST', `/api/leave/approve/${leave.id}`, {
          token: i % 2 ? w.tokens.teacher : w.tokens.academic,
          body: {},
        }),
      ),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 1).map((r) => (r as { error?: { key: string } }).error?.key)).toEqual(
      Array(9).fill('leaveNotPending'),
    );
    expect(replies.find((r) => r.code === 1)?.response.status).toBe(LeaveStatus.Approved);
    // One excuse written, by the one approval.
    const excused = await w.t.database.db
      .select({ n: count() })
      .from(attendanceMarks)
      .where(and(eq(attendanceMarks.organizationId, orgId()), eq(attendanceMarks.leaveId, leave.id)));
    expect(Number(excused[0]?.n)).toBe(1);
  });
});
