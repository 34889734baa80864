import {
  api,
  BookingResource,
  type FreeTeacher,
  LessonStatus,
  RoleKind,
  UserStatus,
  type zLessonSwapResult,
} from '@lyceum/contract';
import { asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { noteSubject } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { lessonResource } from './lesson.resource';
import { lessonNames } from './lesson-booking';
import { swapLessons } from './lesson-changes';
import { teachingAssignmentResource } from './teaching-assignment.resource';
import { semesterSpan, termDayResource } from './term-day.resource';
import { bookings, lessons } from './timetable.table';
import { check, generate } from './timetable-generation';
import { readSettings, saveSettings } from './timetable-settings';

// Teaching management's routes (issue 31): the three resources (term days, teaching assignments,
// lessons with their actions), the settings, generation and its check, swap and free teachers.
export function timetableRoutes(app: FastifyInstance) {
  registerResource(app, termDayResource);
  registerResource(app, teachingAssignmentResource);
  registerResource(app, lessonResource);
  const tt = api.timetable;
  const semesterLabel = async (ctx: RequestContext, id: number) =>
    (await semesterSpan(ctx.db, ctx.orgId, id))?.name ?? `#${id}`;

  defineEndpoint(app, tt.settings, ({ ctx }) => readSettings(ctx.db, ctx.orgId));
  defineEndpoint(app, tt.saveSettings, ({ ctx, body }) => saveSettings(ctx, body));
  defineEndpoint(app, tt.generate, async ({ ctx, body, req }) => {
    noteSubject(req, { label: await semesterLabel(ctx, body.semesterId) });
    return generate(ctx, body);
  });
  defineEndpoint(app, tt.check, ({ ctx, body }) => check(ctx, body));

  defineEndpoint(app, api.lesson.swap, async ({ ctx, body, req }) => {
    // Locked in id order, so two swaps of one pair wait for each other rather than deadlock.
    const [first, second] = [body.aId, body.bId].sort((x, y) => x - y) as [number, number];
    await ctx.db.transaction(async (tx) => {
      const one = await lessonResource.loadForWrite(tx, ctx, first, true);
      const two = await lessonResource.loadForWrite(tx, ctx, second, true);
      const [a, b] = first === body.aId ? [one, two] : [two, one];
      await swapLessons(tx, ctx, [a, b], body);
    });
    const names = await lessonNames(ctx.db, ctx.orgId, [body.aId, body.bId]);
    noteSubject(req, { ids: [body.aId, body.bId], label: [...names.values()].join(', ') });
    const [a, b] = await Promise.all([lessonResource.get(ctx, body.aId), lessonResource.get(ctx, body.bId)]);
    return { a, b } as z.input<typeof zLessonSwapResult>;
  });
  defineEndpoint(app, api.lesson.freeTeachers, async ({ ctx, params }) => freeTeachers(ctx, params.id));
}

// Teachers with no booking overlapping the lesson's time (its own teacher excluded), fewest lessons that day first.
async function freeTeachers(ctx: RequestContext, id: number): Promise<FreeTeacher[]> {
  const l = await lessonResource.readable(ctx, id);
  const startsAt = String(l.startsAt);
  const endsAt = String(l.endsAt);
  const busy = sql`exists (select 1 from ${bookings} b where b.organization_id = ${users.organizationId}
    and b.resource = ${BookingResource.Teacher} and b.resource_id = ${users.id}
    and tstzrange(b.starts_at, b.ends_at) && tstzrange(${startsAt}::timestamptz, ${endsAt}::timestamptz))`;
  const thatDay = sql<number>`(select count(*) from ${lessons} x where x.organization_id = ${users.organizationId}
    and x.day = ${String(l.day)} and x.status <> ${LessonStatus.Cancelled}
    and (x.teacher_id = ${users.id} or x.assistant_id = ${users.id}))`;
  const found = await ctx.db
    .select({ id: users.id, userName: users.userName, realName: users.realName, lessonsThatDay: thatDay })
    .from(users)
    .where(
      inOrg(users, ctx.orgId, [
        eq(users.status, UserStatus.Enabled),
        withRoleKind(RoleKind.Teacher),
        ne(users.id, Number(l.teacherId)),
        l.assistantId == null ? undefined : ne(users.id, Number(l.assistantId)),
        sql`not ${busy}`,
      ]),
    )
    .orderBy(asc(thatDay), asc(users.realName));
  return found.map((r) => ({ ...r, lessonsThatDay: Number(r.lessonsThatDay) }));
}
