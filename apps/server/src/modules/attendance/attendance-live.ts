import { AttendanceKind, LeaveStatus, MarkSource } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { num, orNull, typedRows } from '../../platform/sql-rows';
import type { DerivedMark, LiveAttendance, LiveMark, LiveOverride, LiveRoll } from '../live-class/live-attendance';
import { teamMembers } from '../team/team.table';
import { attendanceMarks, attendanceSessions, attendanceStatuses, leaveRequests } from './attendance.table';
import { currentMarks } from './attendance-marks';
import { QR_SECRET } from './attendance-sessions';
import { defaultStatus, type StatusRow, statusesOf, statusOfKind } from './attendance-statuses';

// A live class in the register (issue 32): one roll call per class it is for, made when its report
// is written (or a teacher corrects a mark first), following the live class's title, times and
// first teacher. Its report's derived statuses are marks of source Live; a teacher's, the office's
// or approved leave's mark stands over them, so the report never undoes what a person decided.

const arr = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const ofLive = (orgId: number, liveClassId: number) =>
  sql`select id from ${attendanceSessions} where organization_id = ${orgId} and live_class_id = ${liveClassId}`;

async function ensureSessions(tx: DbOrTx, orgId: number, roll: LiveRoll): Promise<void> {
  if (!roll.teamIds.length) return;
  const title = roll.title.slice(0, 64);
  await tx.execute(sql`insert into ${attendanceSessions} as s
      (organization_id, live_class_id, team_id, teacher_id, title, starts_at, ends_at, qr_secret)
    select ${orgId}, ${roll.liveClassId}, t.id, ${roll.teacherId}, ${title}, ${roll.startsAt.toISOString()}::timestamptz,
      ${roll.endsAt.toISOString()}::timestamptz, ${QR_SECRET}
    from unnest(${arr(roll.teamIds)}) t(id)
    on conflict (organization_id, live_class_id, team_id) do update set teacher_id = excluded.teacher_id,
      title = excluded.title, starts_at = excluded.starts_at, ends_at = excluded.ends_at, update_time = now()
      where (s.teacher_id, s.title, s.starts_at, s.ends_at)
        is distinct from (excluded.teacher_id, excluded.title, excluded.starts_at, excluded.ends_at)`);
}

// Approved leave covering the live class excuses its students in roll calls made after the leave
// was approved (an approval covers the ad hoc sessions that exist then: leave-marks.ts). Once per
// student and roll call: a mark of any leave there already is the excuse, or what came after it.
async function excuseLeave(tx: DbOrTx, orgId: number, liveClassId: number, statuses: StatusRow[]) {
  const excused = statusOfKind(statuses, AttendanceKind.Excused) ?? defaultStatus(statuses);
  await tx.execute(sql`insert into ${attendanceMarks}
      (organization_id, session_id, student_id, status_id, source, leave_id, evidence, marked_by, create_time)
    select distinct on (s.id, r.student_id) ${orgId}, s.id, r.student_id, ${excused.id}, ${MarkSource.Leave}, r.id,
      '{}'::jsonb, coalesce(r.reviewed_by, r.created_by), ${clock.date().toISOString()}::timestamptz
    from ${attendanceSessions} s
    join ${teamMembers} tm on tm.organization_id = s.organization_id and tm.team_id = s.team_id
    join ${leaveRequests} r on r.organization_id = s.organization_id and r.student_id = tm.user_id
      and r.status = ${LeaveStatus.Approved} and r.from_at < s.ends_at and r.to_at > s.starts_at
    where s.organization_id = ${orgId} and s.live_class_id = ${liveClassId}
      and not exists (select 1 from ${attendanceMarks} m where m.organization_id = s.organization_id
        and m.session_id = s.id and m.student_id = r.student_id and m.leave_id is not null)
    order by s.id, r.student_id, r.id desc`);
}

// Marks a person made stand over the report's: a teacher's, the office's, an approved leave's (a
// leave's restored mark carries no leave and is no decision about this session).
const held = (source: number | null, leaveId: number | null) =>
  source === MarkSource.Teacher || source === MarkSource.Office || (source === MarkSource.Leave && leaveId !== null);

// The status of a derived kind: the organisation's first of that kind, or the nearest it keeps.
function statusFor(statuses: StatusRow[], kind: AttendanceKind): StatusRow | undefined {
  const fallback: Partial<Record<AttendanceKind, AttendanceKind>> = {
    [AttendanceKind.LeftEarly]: AttendanceKind.Late,
    [AttendanceKind.Late]: AttendanceKind.Present,
  };
  let k: AttendanceKind | undefined = kind;
  while (k !== undefined) {
    const found = statusOfKind(statuses, k);
    if (found) return found;
    k = fallback[k];
  }
  return undefined;
}

async function record(
  tx: DbOrTx,
  orgId: number,
  roll: LiveRoll,
  marks: DerivedMark[],
  markedBy: number,
): Promise<number> {
  await ensureSessions(tx, orgId, roll);
  const statuses = await statusesOf(tx, orgId);
  await excuseLeave(tx, orgId, roll.liveClassId, statuses);
  // Every member of each roll call's class with their current mark there.
  const standing = await typedRows(
    tx,
    sql`select s.id as "sessionId", tm.user_id as "studentId", c.status_id as "statusId", c.source, c.leave_id as "leaveId"
      from ${attendanceSessions} s
      join ${teamMembers} tm on tm.organization_id = s.organization_id and tm.team_id = s.team_id
      left join (${currentMarks(orgId, ofLive(orgId, roll.liveClassId))}) c
        on c.session_id = s.id and c.student_id = tm.user_id
      where s.organization_id = ${orgId} and s.live_class_id = ${roll.liveClassId}`,
    {
      sessionId: num,
      studentId: num,
      statusId: orNull(attendanceMarks.statusId),
      source: orNull(attendanceMarks.source),
      leaveId: orNull(attendanceMarks.leaveId),
    },
  );
  const derived = new Map(marks.map((m) => [m.studentId, m]));
  const now = clock.date();
  const values = standing.flatMap((s) => {
    const mark = derived.get(s.studentId);
    const status = mark && statusFor(statuses, mark.kind);
    if (!mark || !status || held(s.source, s.leaveId) || s.statusId === status.id) return [];
    return [
      {
        organizationId: orgId,
        sessionId: s.sessionId,
        studentId: s.studentId,
        statusId: status.id,
        source: MarkSource.Live,
        evidence: mark.evidence,
        markedBy,
        createTime: now,
      },
    ];
  });
  if (values.length) await tx.insert(attendanceMarks).values(values);
  // The report took the roll: the sessions count as taken (by the live class's creator).
  await tx.execute(sql`update ${attendanceSessions} set taken_at = ${now.toISOString()}::timestamptz,
      taken_by = ${markedBy}, update_time = now()
    where organization_id = ${orgId} and live_class_id = ${roll.liveClassId} and taken_at is null`);
  return values.length;
}

// Each student's current mark (a student in two of its classes: the first roll call's).
async function current(db: DbOrTx, orgId: number, liveClassIds: number[], studentId?: number): Promise<LiveMark[]> {
  if (!liveClassIds.length) return [];
  const sessions = sql`select id from ${attendanceSessions}
    where organization_id = ${orgId} and live_class_id = any(${arr(liveClassIds)})`;
  return typedRows(
    db,
    sql`select distinct on (s.live_class_id, c.student_id) s.live_class_id as "liveClassId",
        c.student_id as "studentId", c.status_id as "statusId", st.name as "statusName", st.kind, c.source, c.reason
      from (${currentMarks(orgId, sessions)}) c
      join ${attendanceSessions} s on s.organization_id = ${orgId} and s.id = c.session_id
      join ${attendanceStatuses} st on st.organization_id = ${orgId} and st.id = c.status_id
      ${studentId === undefined ? sql`` : sql`where c.student_id = ${studentId}`}
      order by s.live_class_id, c.student_id, c.session_id`,
    {
      liveClassId: num,
      studentId: num,
      statusId: num,
      statusName: attendanceStatuses.name,
      kind: (v: unknown) => Number(v) as AttendanceKind,
      source: num,
      reason: attendanceMarks.reason,
    },
  );
}

async function override(tx: DbOrTx, orgId: number, roll: LiveRoll, o: LiveOverride): Promise<number> {
  await ensureSessions(tx, orgId, roll);
  const statuses = await statusesOf(tx, orgId);
  if (!statuses.some((s) => s.id === o.statusId))
    throw invalidParams('statusId', 'noSuchReference', { entity: 'attendance status', ids: String(o.statusId) });
  await excuseLeave(tx, orgId, roll.liveClassId, statuses);
  const [session] = await typedRows(
    tx,
    sql`select id from ${attendanceSessions}
      where organization_id = ${orgId} and live_class_id = ${roll.liveClassId} and team_id = ${o.teamId}`,
    { id: num },
  );
  if (!session) throw invalidParams('studentId', 'notInClass', { name: String(o.studentId) });
  const [made] = await tx
    .insert(attendanceMarks)
    .values({
      organizationId: orgId,
      sessionId: session.id,
      studentId: o.studentId,
      statusId: o.statusId,
      source: MarkSource.Teacher,
      reason: o.reason,
      evidence: { liveClassId: roll.liveClassId, override: true },
      markedBy: o.markedBy,
      createTime: clock.date(),
    })
    .returning({ id: attendanceMarks.id });
  return (made as { id: number }).id;
}

export const attendanceForLive: LiveAttendance = { record, current, override };
