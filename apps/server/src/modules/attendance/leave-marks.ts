import { AttendanceKind, LeaveStatus, LessonStatus, MarkSource } from '@lyceum/contract';
import { type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { num, typedRows } from '../../platform/sql-rows';
import { teamMembers } from '../team/team.table';
import { type LessonChange, onLessonChange } from '../timetable/lesson-events';
import { lessons } from '../timetable/timetable.table';
import { attendanceMarks, attendanceSessions, leaveRequestLessons, leaveRequests } from './attendance.table';
import { ensureLessonSessions, followLessons } from './attendance-sessions';
import { defaultStatus, statusesOf, statusOfKind } from './attendance-statuses';

// What approved leave does to the log. Approval marks Excused (source Leave, with the leave's id)
// every lesson of the student's classes that overlaps it and every lesson it names, future ones
// included (their sessions made now). Rejecting or withdrawing it after approval appends, for the
// sessions not yet held whose latest mark is still its excuse, the mark from before (or the default
// status): the log keeps both. A lesson that moves keeps its session; moved into approved leave it
// is excused, moved out of it (and not named by it) its excuse is taken back.

export interface LeaveFacts {
  id: number;
  studentId: number;
  fromAt: Date;
  toAt: Date;
}

// The student's classes' lessons the leave covers (alias l for the lesson; r for the leave).
const coveredBy = (orgId: number) => sql`l.status <> ${LessonStatus.Cancelled} and (
    (l.team_id in (select team_id from ${teamMembers} where organization_id = ${orgId} and user_id = r.student_id)
      and l.starts_at < r.to_at and l.ends_at > r.from_at)
    or exists (select 1 from ${leaveRequestLessons} x where x.organization_id = ${orgId} and x.leave_id = r.id
      and x.lesson_id = l.id))`;

// The latest mark of a student in a session other than an office mark (alias m over the log).
const latestOwn = (orgId: number, student: SQL) => sql`select distinct on (m.session_id) m.session_id, m.id, m.leave_id
  from ${attendanceMarks} m
  where m.organization_id = ${orgId} and m.student_id = ${student} and m.source <> ${MarkSource.Office}
  order by m.session_id, m.id desc`;

// Marks Excused the sessions the leave covers (narrowed to `onlyLessons`, a query of lesson ids)
// whose latest mark is not already its excuse. Returns how many marks were written.
export async function excuse(
  db: DbOrTx,
  orgId: number,
  leave: LeaveFacts,
  markedBy: number,
  onlyLessons?: SQL,
): Promise<number> {
  const statuses = await statusesOf(db, orgId);
  const excused = statusOfKind(statuses, AttendanceKind.Excused) ?? defaultStatus(statuses);
  const narrowed = onlyLessons ? sql`and l.id in (${onlyLessons})` : sql``;
  const leaveRow = sql`(select ${leave.id}::bigint as id, ${leave.studentId}::bigint as student_id,
    ${leave.fromAt.toISOString()}::timestamptz as from_at, ${leave.toAt.toISOString()}::timestamptz as to_at) r`;
  const lessonIds = sql`select l.id from ${lessons} l, ${leaveRow}
    where l.organization_id = ${orgId} and ${coveredBy(orgId)} ${narrowed}`;
  await ensureLessonSessions(db, orgId, lessonIds);
  const adHoc = onlyLessons
    ? sql`false`
    : sql`(s.lesson_id is null and s.team_id in (select team_id from ${teamMembers}
        where organization_id = ${orgId} and user_id = ${leave.studentId})
        and s.starts_at < ${leave.toAt.toISOString()}::timestamptz and s.ends_at > ${leave.fromAt.toISOString()}::timestamptz)`;
  const written = await typedRows(
    db,
    sql`insert into ${attendanceMarks}
        (organization_id, session_id, student_id, status_id, source, leave_id, evidence, marked_by, create_time)
      select ${orgId}, s.id, ${leave.studentId}, ${excused.id}, ${MarkSource.Leave}, ${leave.id}, '{}'::jsonb,
        ${markedBy}, ${clock.date().toISOString()}::timestamptz
      from ${attendanceSessions} s
      left join (${latestOwn(orgId, sql`${leave.studentId}`)}) own on own.session_id = s.id
      where s.organization_id = ${orgId} and (s.lesson_id in (${lessonIds}) or ${adHoc})
        and own.leave_id is distinct from ${leave.id}
      returning id`,
    { id: num },
  );
  return written.length;
}

// Takes the leave's excuse back from sessions not yet held (narrowed to `onlySessions`) whose
// latest mark is still the excuse: the mark before it is appended again, or the default status.
export async function restore(
  db: DbOrTx,
  orgId: number,
  leave: LeaveFacts,
  markedBy: number,
  onlySessions?: SQL,
): Promise<number> {
  const statuses = await statusesOf(db, orgId);
  const fallback = defaultStatus(statuses);
  const now = clock.date().toISOString();
  const narrowed = onlySessions ? sql`and own.session_id in (${onlySessions})` : sql``;
  const written = await typedRows(
    db,
    sql`insert into ${attendanceMarks}
        (organization_id, session_id, student_id, status_id, source, evidence, marked_by, create_time)
      select ${orgId}, own.session_id, ${leave.studentId}, coalesce(prev.status_id, ${fallback.id}), ${MarkSource.Leave},
        jsonb_build_object('restoredFrom', ${leave.id}::bigint, 'previous', prev.id), ${markedBy}, ${now}::timestamptz
      from (${latestOwn(orgId, sql`${leave.studentId}`)}) own
      join ${attendanceSessions} s on s.organization_id = ${orgId} and s.id = own.session_id
      left join lateral (select p.id, p.status_id from ${attendanceMarks} p
        where p.organization_id = ${orgId} and p.session_id = own.session_id and p.student_id = ${leave.studentId}
          and p.source <> ${MarkSource.Office} and p.id < own.id and p.leave_id is distinct from ${leave.id}
        order by p.id desc limit 1) prev on true
      where own.leave_id = ${leave.id} and s.starts_at > ${now}::timestamptz ${narrowed}
      returning id`,
    { id: num },
  );
  return written.length;
}

// ---- lessons that change ----

const facts = (r: { id: number; studentId: number; fromAt: Date; toAt: Date }): LeaveFacts => r;

// Inside the lesson change's transaction: sessions follow their lessons, approved leave covers a
// lesson moved (or made, or restored) into it, and a lesson moved out of it loses the excuse.
async function onLessons(tx: DbOrTx, orgId: number, lessonIds: number[], change: LessonChange) {
  // One array parameter, however many lessons a term's generation makes at once.
  const ids = sql`select unnest(${`{${lessonIds.join(',')}}`}::bigint[])`;
  await followLessons(tx, orgId, ids);
  if (change === 'cancelled' || change === 'substituted') return;
  const leaveShape = {
    id: num,
    studentId: num,
    fromAt: leaveRequests.fromAt,
    toAt: leaveRequests.toAt,
    reviewedBy: num,
  };
  const covering = await typedRows(
    tx,
    sql`select distinct r.id, r.student_id as "studentId", r.from_at as "fromAt", r.to_at as "toAt",
        coalesce(r.reviewed_by, r.created_by) as "reviewedBy"
      from ${leaveRequests} r join ${lessons} l on l.organization_id = r.organization_id and l.id in (${ids})
      where r.organization_id = ${orgId} and r.status = ${LeaveStatus.Approved} and ${coveredBy(orgId)}`,
    leaveShape,
  );
  for (const r of covering) await excuse(tx, orgId, facts(r), r.reviewedBy, ids);
  if (change !== 'moved') return;
  // Excuses of leave that no longer covers the moved lesson (its time changed, it was not named).
  const stale = await typedRows(
    tx,
    sql`select distinct r.id, r.student_id as "studentId", r.from_at as "fromAt", r.to_at as "toAt",
        coalesce(r.reviewed_by, r.created_by) as "reviewedBy", s.id as "sessionId"
      from ${attendanceSessions} s
      join ${lessons} l on l.organization_id = s.organization_id and l.id = s.lesson_id
      join ${attendanceMarks} m on m.organization_id = s.organization_id and m.session_id = s.id
      join ${leaveRequests} r on r.organization_id = m.organization_id and r.id = m.leave_id
      where s.organization_id = ${orgId} and s.lesson_id in (${ids}) and not (${coveredBy(orgId)})`,
    { ...leaveShape, sessionId: num },
  );
  for (const r of stale) await restore(tx, orgId, facts(r), r.reviewedBy, sql`${r.sessionId}`);
}

// Registered once per process (lesson-events keeps a listener once).
export function followLessonChanges(): void {
  onLessonChange(onLessons);
}
