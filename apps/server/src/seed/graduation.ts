import { CourseStatus, zGraduationBatchCreate, zGraduationRequirementCreate } from '@lyceum/contract';
import { and, asc, eq } from 'drizzle-orm';
import { courses } from '../modules/course/course.table';
import { exams } from '../modules/exam/exam.table';
import { graduationBatchResource } from '../modules/graduation/graduation-batch.resource';
import { addStudents } from '../modules/graduation/graduation-batch-students';
import { graduationRequirementResource } from '../modules/graduation/graduation-requirement.resource';
import { recordOf } from '../modules/student-record/student-record.service';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

// Graduation (issue 34) so Academic affairs › Graduation has something to show after `npm start`,
// made the way the API makes it: a requirement set for the degree and cohort of `student`'s record
// (two of the demo's published courses, 8 credit hours, the first exam passed, attendance of at
// least 80 %, tuition cleared), and a batch under review holding `student` and s2026001, each with
// an audit that lists what they still miss (an unfinished course, the overdue fee, ...). Needs the
// records (seedRecords), courses, exams, attendance and tuition (seedPayments) before it.
export async function seedGraduation(db: Db, orgId: number, officeId: number) {
  const people = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inOrg(users, orgId))
    .orderBy(asc(users.id));
  const idOf = (name: string) => people.find((p) => p.userName === name)?.id;
  const studentId = idOf('student');
  const record = studentId ? await recordOf(db, orgId, studentId) : null;
  if (!record?.degreeId || !record.cohortYear) return;
  const published = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.organizationId, orgId), eq(courses.status, CourseStatus.Published)))
    .orderBy(asc(courses.id))
    .limit(2);
  const [exam] = await db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.organizationId, orgId), eq(exams.homework, false)))
    .orderBy(asc(exams.id))
    .limit(1);
  const ctx = seedContext(db, orgId, officeId, ['educational:page', 'graduation:manage']);
  const cohort = record.cohortYear;
  await graduationRequirementResource.create(
    ctx,
    zGraduationRequirementCreate.parse({
      name: `Graduation requirements, cohort ${cohort}`,
      degreeId: record.degreeId,
      cohortYear: cohort,
      requiredCourseIds: published.map((c) => c.id),
      minCredits: 8,
      requiredExamIds: exam ? [exam.id] : [],
      minAttendancePct: 80,
      tuitionCleared: true,
      note: 'Seeded for the demo / 演示数据',
    }),
  );
  const batch = await graduationBatchResource.create(
    ctx,
    zGraduationBatchCreate.parse({
      name: `Class of ${cohort + 4} 毕业批次`,
      degreeId: record.degreeId,
      cohortYear: cohort,
      conferDate: `${cohort + 4}-07-01`,
    }),
  );
  const second = idOf('s2026001');
  const classmates = second && (await recordOf(db, orgId, second))?.degreeId === record.degreeId ? [second] : [];
  await addStudents(ctx, Number(batch.id), { userIds: [studentId!, ...classmates] });
  await graduationBatchResource.runAction(ctx, 'submit', Number(batch.id), {});
}
