import { LessonType, LiveClassStatus, LiveProviderKind, type zLiveClassCreate } from '@lyceum/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { courseChapters, courseLessons, courses, courseTeachers } from '../course/course.table';
import { checkOwnClasses } from '../team/reach';
import { checkTeachers } from '../timetable/timetable-lessons';
import { liveProviders } from './live-class.table';

// The rules of a live class's input beyond its own fields: who teaches it, whom it is for, which
// course lesson and which server; and when it may still be changed.

type Input = Omit<z.output<typeof zLiveClassCreate>, 'id'>;

export const seesAllLive = (ctx: RequestContext) => allows(ctx, ['liveClass:all']);

// Draft: freely; scheduled: until it starts (its people are told of a new time); after that the
// actions (cancel, end) are the only changes.
export function checkChangeable(current: Values | null, now = clock.date()): void {
  if (!current || current.status === LiveClassStatus.Draft) return;
  const started = now >= new Date(String(current.startsAt));
  if (current.status !== LiveClassStatus.Scheduled || started) throw invalidParams('status', 'liveStarted');
}

export async function checkLiveInput(ctx: RequestContext, input: Input, current: Values | null): Promise<void> {
  checkChangeable(current);
  if (current?.status === LiveClassStatus.Scheduled && new Date(input.endsAt) <= clock.date())
    throw invalidParams('endsAt', 'liveOver');
  await checkTeachers(
    ctx.db,
    ctx.orgId,
    input.teacherIds.map((id, i) => ({ field: `teacherIds.${i}`, id })),
  );
  // Publishing tells every student of its classes: without liveClass:all a teacher reaches only the
  // classes they lead (the rule of messages, exams and homework) and the courses they teach.
  if (!seesAllLive(ctx)) await checkOwnClasses(ctx, { teams: { field: 'teamIds', ids: input.teamIds } });
  if (input.courseId != null) await checkCourse(ctx, input.courseId, input.courseLessonId ?? null);
  if (input.providerKind === LiveProviderKind.BigBlueButton && input.providerId != null) {
    const [account] = await ctx.db
      .select({ id: liveProviders.id })
      .from(liveProviders)
      .where(
        inOrg(liveProviders, ctx.orgId, [
          eq(liveProviders.id, input.providerId),
          eq(liveProviders.enabled, true),
          eq(liveProviders.kind, LiveProviderKind.BigBlueButton),
        ]),
      );
    if (!account)
      throw invalidParams('providerId', 'noSuchReference', {
        entity: 'enabled live-class server',
        ids: String(input.providerId),
      });
  }
}

async function checkCourse(ctx: RequestContext, courseId: number, lessonId: number | null): Promise<void> {
  if (!seesAllLive(ctx)) {
    const coTeaches = sql`exists (select 1 from ${courseTeachers} k where k.organization_id = ${courses.organizationId}
      and k.course_id = ${courses.id} and k.user_id = ${ctx.userId})`;
    const [mine] = await ctx.db
      .select({ id: courses.id })
      .from(courses)
      .where(inOrg(courses, ctx.orgId, [eq(courses.id, courseId), or(eq(courses.ownerId, ctx.userId), coTeaches)]));
    if (!mine) throw invalidParams('courseId', 'notYourCourse');
  }
  if (lessonId === null) return;
  // A live lesson of the course's draft (ids stay stable across versions).
  const [lesson] = await ctx.db
    .select({ type: courseLessons.lessonType })
    .from(courseLessons)
    .innerJoin(courseChapters, sameOrg(courseChapters, courseLessons, [eq(courseChapters.id, courseLessons.chapterId)]))
    .where(
      and(inOrg(courseLessons, ctx.orgId, [eq(courseLessons.id, lessonId)]), eq(courseChapters.courseId, courseId)),
    );
  if (lesson?.type !== LessonType.Live) throw invalidParams('courseLessonId', 'notLiveLesson');
}
