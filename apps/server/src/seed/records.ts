import { RoleKind, StatusChangeKind, StatusChangeState, StudentStatus } from '@lyceum/contract';
import { asc, eq, inArray, min } from 'drizzle-orm';
import { degrees } from '../modules/education/education.table';
import { personEvents } from '../modules/student-record/person-events.table';
import { createStudentRecord } from '../modules/student-record/student-record.service';
import { statusChanges, studentRecords } from '../modules/student-record/student-record.table';
import { teamMembers, teams } from '../modules/team/team.table';
import { withRoleKind } from '../modules/user/user.service';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';

const DAY = 86_400_000;
const GIVEN = ['Wei', 'Fang', 'Li', 'Jun', 'Hui', 'Ming'];
const dayText = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

// Student records (issue 34) for every demo student, made as enrolment makes them: a number from
// their class's grade year (2025 without a class), the first degree, their department, one guardian
// each (s2026001 and s2026002 are siblings sharing one mother, so a phone matches two records), and
// `student`'s suspension last month (approved by the administrator, applied on its date) followed by
// the resumption a week later, both on the timeline. Needs the classes (seedClasses) before it.
export async function seedRecords(db: Db, orgId: number, officeId: number, adminId: number) {
  const students = await db
    .select({ id: users.id, userName: users.userName, realName: users.realName, departmentId: users.departmentId })
    .from(users)
    .where(inOrg(users, orgId, [withRoleKind(RoleKind.Student)]))
    .orderBy(asc(users.id));
  if (!students.length) return;
  const ids = students.map((s) => s.id);
  const years = await db
    .select({ userId: teamMembers.userId, year: min(teams.gradeYear) })
    .from(teamMembers)
    .innerJoin(teams, inOrg(teams, orgId, [eq(teams.id, teamMembers.teamId)]))
    .where(inOrg(teamMembers, orgId, [inArray(teamMembers.userId, ids)]))
    .groupBy(teamMembers.userId);
  const yearOf = new Map(years.map((y) => [y.userId, y.year ?? 2025]));
  const [degree] = await db
    .select({ id: degrees.id })
    .from(degrees)
    .where(inOrg(degrees, orgId))
    .orderBy(asc(degrees.sort), asc(degrees.id))
    .limit(1);
  await db.transaction(async (tx) => {
    for (const [i, s] of students.entries()) {
      const sibling = s.userName === 's2026002';
      const n = sibling ? students.findIndex((x) => x.userName === 's2026001') : i;
      const surname = s.realName.length <= 3 ? s.realName.slice(0, 1) : s.realName.split(' ').at(-1)!;
      await createStudentRecord(
        tx,
        orgId,
        {
          userId: s.id,
          cohortYear: yearOf.get(s.id) ?? 2025,
          degreeId: degree?.id ?? null,
          departmentId: s.departmentId,
          enrolDate: `${yearOf.get(s.id) ?? 2025}-09-01`,
          birthDate: `${2006 + (i % 3)}-0${1 + (i % 9)}-1${i % 10}`,
          priorSchool: i % 2 ? 'No. 2 Middle School' : '第一中学',
          idNumber: `11010120${String(6 + (i % 3)).padStart(2, '0')}0101${String(1000 + i).slice(-4)}`,
          guardians: [
            {
              name: `${surname} ${GIVEN[n % GIVEN.length]}`,
              phone: `1390000${String(1000 + n).slice(-4)}`,
              relation: n % 2 ? 'father' : 'mother',
            },
          ],
        },
        officeId,
      );
      // Enrolled on their enrolment day, so the timeline starts there.
      await tx
        .update(personEvents)
        .set({ createTime: new Date(`${yearOf.get(s.id) ?? 2025}-09-01T01:00:00Z`) })
        .where(inOrg(personEvents, orgId, [eq(personEvents.userId, s.id), eq(personEvents.kind, 'enrolled')]));
    }
  });
  const sam = students.find((s) => s.userName === 'student');
  if (sam) await suspendedAndResumed(db, orgId, sam.id, officeId, adminId);
}

// A suspension 35 days ago (applied on its date) and the resumption 28 days ago: both applied, so
// the record reads enrolled and the timeline tells the story.
async function suspendedAndResumed(db: Db, orgId: number, userId: number, officeId: number, adminId: number) {
  const at = (days: number) => new Date(Date.now() - days * DAY);
  const steps = [
    { kind: StatusChangeKind.Suspension, from: StudentStatus.Enrolled, to: StudentStatus.Suspended, asked: 40, on: 35 },
    { kind: StatusChangeKind.Resumption, from: StudentStatus.Suspended, to: StudentStatus.Enrolled, asked: 30, on: 28 },
  ];
  const reasons = ['Illness (doctor’s letter on file) / 因病休学', 'Recovered / 病愈复学'];
  await db.transaction(async (tx) => {
    for (const [i, s] of steps.entries()) {
      const [row] = await tx
        .insert(statusChanges)
        .values({
          organizationId: orgId,
          userId,
          kind: s.kind,
          state: StatusChangeState.Applied,
          fromStatus: s.from,
          toStatus: s.to,
          effectiveDate: dayText(-s.on),
          reason: reasons[i]!,
          requestedBy: officeId,
          decidedBy: adminId,
          decidedAt: at(s.asked - 1),
          appliedAt: at(s.on),
          createTime: at(s.asked),
          updateTime: at(s.on),
        })
        .returning({ id: statusChanges.id });
      const base = { organizationId: orgId, userId, kind: 'statusChange', refType: 'statusChange', refId: row!.id };
      await tx.insert(personEvents).values([
        {
          ...base,
          detail: { kind: s.kind, state: StatusChangeState.Requested, effectiveDate: dayText(-s.on) },
          actorId: officeId,
          createTime: at(s.asked),
        },
        {
          ...base,
          detail: {
            kind: s.kind,
            state: StatusChangeState.Applied,
            from: s.from,
            to: s.to,
            effectiveDate: dayText(-s.on),
          },
          actorId: adminId,
          createTime: at(s.on),
        },
      ]);
    }
    await tx
      .update(studentRecords)
      .set({ status: StudentStatus.Enrolled })
      .where(inOrg(studentRecords, orgId, [eq(studentRecords.userId, userId)]));
  });
}
