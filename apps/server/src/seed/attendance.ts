import { AlertRuleKind, AttendanceKind, attendanceAlertRuleSchemas, LessonStatus, RoleKind } from '@lyceum/contract';
import { asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { attendanceAlertRuleResource } from '../modules/attendance/attendance-alerts.resource';
import { checkAlerts } from '../modules/attendance/attendance-alerts.service';
import { rollupDay } from '../modules/attendance/attendance-rollup.service';
import { ensureStatuses, statusesOf, statusOfKind } from '../modules/attendance/attendance-statuses';
import { take } from '../modules/attendance/attendance-take';
import { createLeave } from '../modules/attendance/leave.service';
import { approveLeave } from '../modules/attendance/leave-decide';
import { teamMembers, teams } from '../modules/team/team.table';
import { addDays, zonedInstant } from '../modules/timetable/local-time';
import { lessons } from '../modules/timetable/timetable.table';
import { clock } from '../platform/clock';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';
import type { SeededTimetable } from './timetable';

// A week of attendance for the two 2024 classes (issue 31), taken by each lesson's own teacher through
// the taking service: mostly present, a few late or absent (one student three times running, so the
// early-warning rule has written to the class teacher), and `student` excused for a day by an approved
// leave request. The extra lesson started today is left untaken. Then the days are rolled up.
export async function seedAttendance(db: Db, orgId: number, tt: SeededTimetable): Promise<void> {
  await ensureStatuses(db, orgId);
  const statuses = await statusesOf(db, orgId);
  const kind = (k: AttendanceKind) => statusOfKind(statuses, k)!.id;
  const [a, b] = tt.teamIds as [number, number];
  const members = async (teamId: number) =>
    (
      await db
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .where(inOrg(teamMembers, orgId, [eq(teamMembers.teamId, teamId)]))
        .orderBy(asc(teamMembers.userId))
    ).map((m) => m.id);
  const [classA, classB] = [await members(a), await members(b)];
  const student = tt.people.student!;
  const classTeacher = async (teamId: number) =>
    (
      await db
        .select({ id: teams.classTeacherId })
        .from(teams)
        .where(inOrg(teams, orgId, [eq(teams.id, teamId)]))
    )[0]?.id;

  // The student is excused for the day three days ago, asked for and approved before the lessons.
  const leaveDay = addDays(tt.today, -3);
  const asStudent = { ...seedContext(db, orgId, student, ['myAttendance:page']), roleKind: RoleKind.Student };
  const leave = await createLeave(asStudent, {
    fromAt: zonedInstant(leaveDay, '00:00', tt.timeZone).toISOString(),
    toAt: zonedInstant(leaveDay, '23:59', tt.timeZone).toISOString(),
    reason: 'Dental appointment 看牙医',
    fileIds: [],
    lessonIds: [],
  });
  const teacherA = (await classTeacher(a)) ?? tt.people.teacher!;
  const asClassTeacher = {
    ...seedContext(db, orgId, teacherA, ['attendance:page', 'leave:approve']),
    roleKind: RoleKind.Teacher,
  };
  await approveLeave(asClassTeacher, leave.id, 'Get well soon 早日康复').catch(() => undefined);

  // The past six days' held lessons of both classes, taken by their teachers.
  const now = clock.date();
  const held = await db
    .select({ id: lessons.id, teamId: lessons.teamId, teacherId: lessons.teacherId, day: lessons.day })
    .from(lessons)
    .where(
      inOrg(lessons, orgId, [
        inArray(lessons.teamId, [a, b]),
        gte(lessons.day, addDays(tt.today, -6)),
        lt(lessons.endsAt, now),
        inArray(lessons.status, [LessonStatus.Scheduled, LessonStatus.Moved, LessonStatus.Substituted]),
      ]),
    )
    .orderBy(asc(lessons.startsAt));
  const absentee = classA[2];
  let absences = 0;
  for (const [i, l] of held.entries()) {
    const roster = l.teamId === a ? classA : classB;
    const marks = roster.map((studentId, j) => {
      if (studentId === student && l.day === leaveDay)
        return { studentId, statusId: kind(AttendanceKind.Excused), reason: 'Leave 请假' };
      // Three lessons running absent for one student of the demo class (the alert rule's case).
      if (studentId === absentee && l.teamId === a && absences < 3 && i >= held.length / 2) {
        absences++;
        return { studentId, statusId: kind(AttendanceKind.Absent), reason: null };
      }
      if ((i + j) % 17 === 0) return { studentId, statusId: kind(AttendanceKind.Late), reason: null };
      if ((i * 3 + j) % 29 === 0) return { studentId, statusId: kind(AttendanceKind.Absent), reason: null };
      if ((i + 2 * j) % 37 === 0)
        return { studentId, statusId: kind(AttendanceKind.LeftEarly), reason: 'Felt unwell 身体不适' };
      return { studentId, statusId: kind(AttendanceKind.Present), reason: null };
    });
    const asTeacher = {
      ...seedContext(db, orgId, l.teacherId, ['attendance:page', 'attendance:take']),
      roleKind: RoleKind.Teacher,
    };
    await take(asTeacher, { lessonId: l.id, marks }).catch(() => undefined);
  }

  // The early-warning rules, the days rolled up, and last night's alerts.
  const office = {
    ...seedContext(db, orgId, tt.people.admin ?? tt.people.teacher!, ['attendance:page', 'attendance:settings']),
    roleKind: RoleKind.AcademicStaff,
  };
  for (const rule of [
    { kind: AlertRuleKind.ConsecutiveAbsences, threshold: 3, days: 30, enabled: true },
    { kind: AlertRuleKind.RateBelow, threshold: 80, days: 30, enabled: true },
  ]) {
    await attendanceAlertRuleResource.create(office, attendanceAlertRuleSchemas.create.parse(rule));
  }
  for (let d = -6; d <= -1; d++) await rollupDay(db, orgId, addDays(tt.today, d));
  await checkAlerts(db, orgId, addDays(tt.today, -1));
}
