import { CourseStatus, EnrolmentSource, LearnerStatus, PaperStatus } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { courseEnrolments, courses } from '../src/modules/course/course.table';
import { examAttempts } from '../src/modules/exam/attempt.table';
import { exams } from '../src/modules/exam/exam.table';
import { createStudentRecord } from '../src/modules/student-record/student-record.service';
import { onePaper } from './exam-fixture';
import { ok, type TestApp } from './harness';

// Graduation's test situation: a degree, student records of a cohort, courses with credit hours
// (completed by writing the enrolment's standing, as the course module does when the last lesson
// is done), an exam whose confirmed score a student passed, written as marking leaves it.

let made = 0;

export async function makeDegree(t: TestApp, token: string, name: string): Promise<number> {
  made++;
  return ok(await t.call<{ id: number }>('POST', '/api/degree/create', { token, body: { name, code: `G${made}` } })).id;
}

export async function makeRecord(t: TestApp, orgId: number, userId: number, degreeId: number, cohortYear: number) {
  return t.database.db.transaction((tx) =>
    createStudentRecord(tx, orgId, { userId, degreeId, cohortYear, guardians: [] }, null),
  );
}

export async function makeCourse(t: TestApp, orgId: number, title: string, creditHours: number): Promise<number> {
  made++;
  const [row] = await t.database.db
    .insert(courses)
    .values({
      organizationId: orgId,
      code: `GRAD-${made}`,
      title,
      creditHours,
      status: CourseStatus.Published,
      version: 1,
    })
    .returning({ id: courses.id });
  return row!.id;
}

// The learner's enrolment in a course, completed now (or just enrolled).
export async function enrolment(t: TestApp, orgId: number, courseId: number, userId: number, completed: boolean) {
  const db = t.database.db;
  const standing = {
    status: completed ? LearnerStatus.Completed : LearnerStatus.InProgress,
    progress: completed ? 100 : 10,
    completedAt: completed ? new Date() : null,
  };
  const [had] = await db
    .select({ userId: courseEnrolments.userId })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)));
  if (had) {
    await db
      .update(courseEnrolments)
      .set(standing)
      .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)));
  } else {
    await db
      .insert(courseEnrolments)
      .values({ organizationId: orgId, courseId, userId, source: EnrolmentSource.Assignment, ...standing });
  }
}

// An exam of a one-question paper (2 points) with confirmed scores, and a marked attempt of each
// student with the score given.
export async function examWithScores(t: TestApp, token: string, orgId: number, scores: Record<number, number>) {
  const paperId = await onePaper(t, token, { name: `Graduation paper ${++made}`, score: 10 });
  const start = new Date(Date.now() - 86_400_000);
  const [exam] = await t.database.db
    .insert(exams)
    .values({
      organizationId: orgId,
      name: `Final exam ${made}`,
      paperId,
      windowStart: start,
      windowEnd: new Date(start.getTime() + 3_600_000),
      durationMinutes: 60,
      scoresConfirmedAt: new Date(),
    })
    .returning({ id: exams.id });
  for (const [userId, score] of Object.entries(scores)) {
    await t.database.db.insert(examAttempts).values({
      organizationId: orgId,
      examId: exam!.id,
      userId: Number(userId),
      status: PaperStatus.Marked,
      paper: {},
      view: {},
      questionIds: [],
      totalScore: 10,
      scoreMax: 10,
      score,
      startedAt: start,
      deadline: start,
      closesAt: start,
    });
  }
  return exam!.id;
}
