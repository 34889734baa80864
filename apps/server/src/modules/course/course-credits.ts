import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { courseEnrolments, courses } from './course.table';

// What other modules read of a student's courses (graduation's audit): the courses they have
// completed (an enrolment whose standing is completed now) with their credit hours, and course
// titles by id.

export interface CourseCredit {
  id: number;
  title: string;
  creditHours: number;
}

export async function completedCourses(db: DbOrTx, orgId: number, userId: number): Promise<CourseCredit[]> {
  const e = courseEnrolments;
  return db
    .select({ id: courses.id, title: courses.title, creditHours: courses.creditHours })
    .from(e)
    .innerJoin(courses, sameOrg(courses, e, [eq(courses.id, e.courseId)]))
    .where(inOrg(e, orgId, [eq(e.userId, userId), isNotNull(e.completedAt)]));
}

export async function coursesByIds(db: DbOrTx, orgId: number, ids: number[]): Promise<CourseCredit[]> {
  if (!ids.length) return [];
  return db
    .select({ id: courses.id, title: courses.title, creditHours: courses.creditHours })
    .from(courses)
    .where(and(eq(courses.organizationId, orgId), inArray(courses.id, ids)));
}
