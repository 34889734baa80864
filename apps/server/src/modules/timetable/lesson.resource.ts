import { BookingOwner, lessonActions, lessonDecl, lessonMeta } from '@lyceum/contract';
import { and, asc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { semesters, teachVenues } from '../calendar/calendar.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';
import { bookLesson } from './lesson-booking';
import { cancelLesson, moveLesson, restoreLesson, substituteLesson } from './lesson-changes';
import { lessonsChanged } from './lesson-events';
import { wallClock, weekdayOf } from './local-time';
import { semesterSpan } from './term-day.resource';
import { bookings, lessons } from './timetable.table';
import { checkTeachers, namesOf } from './timetable-lessons';
import { readSettings, timesOf } from './timetable-settings';

// Lesson occurrences: every staff member reads them (teaching:page); the office (teaching:change)
// adds extra lessons and changes them through the actions. An extra lesson books its teacher,
// assistant, room and class in the clash engine in its own transaction: a clash is 501 naming the
// field and the lesson, exam or live class in the way.

// The semester an extra lesson belongs to: the one named (the day inside it), else the one holding the day.
async function semesterOfDay(ctx: RequestContext, day: string, named: number | null | undefined): Promise<number> {
  if (named != null) {
    const s = await semesterSpan(ctx.db, ctx.orgId, named);
    if (s && (day < s.startDate || day > s.endDate))
      throw invalidParams('day', 'outsideSemester', { from: s.startDate, to: s.endDate });
    return named;
  }
  const [s] = await ctx.db
    .select({ id: semesters.id })
    .from(semesters)
    .where(inOrg(semesters, ctx.orgId, [lte(semesters.startDate, day), gte(semesters.endDate, day)]))
    .orderBy(asc(semesters.startDate))
    .limit(1);
  if (!s) throw invalidParams('day', 'noSemesterOnDay');
  return s.id;
}

export const lessonResource = createResource({
  ...fromDecl(lessonDecl),
  meta: lessonMeta,
  table: lessons,
  search: [lessons.title],
  sort: {
    default: [asc(lessons.startsAt), asc(lessons.id)],
    fields: { day: lessons.startsAt, title: lessons.title, status: lessons.status },
  },
  references: {
    semesterId: { table: semesters, label: 'semester' },
    teamId: { table: teams, label: 'class' },
    teacherId: { table: users, label: 'user', labelColumn: 'realName' },
    assistantId: { table: users, label: 'user', labelColumn: 'realName' },
    venueId: { table: teachVenues, label: 'teaching venue' },
  },
  filters: {
    teacherId: (id) => or(eq(lessons.teacherId, id), eq(lessons.assistantId, id), eq(lessons.originalTeacherId, id)),
    from: (day) => gte(lessons.day, day),
    to: (day) => lte(lessons.day, day),
  },
  actions: {
    move: implement(lessonActions.move, moveLesson),
    cancel: implement(lessonActions.cancel, cancelLesson),
    restore: implement(lessonActions.restore, restoreLesson),
    substitute: implement(lessonActions.substitute, substituteLesson),
  },
  hooks: {
    // An extra lesson's semester and times (written onto the input the save reads its columns from).
    async validate(input, ctx, mode) {
      if (mode !== 'create' || !('day' in input)) return;
      await checkTeachers(ctx.db, ctx.orgId, [
        { field: 'teacherId', id: input.teacherId },
        { field: 'assistantId', id: input.assistantId ?? null },
      ]);
      const semesterId = await semesterOfDay(ctx, input.day, input.semesterId);
      const timed = timesOf(await readSettings(ctx.db, ctx.orgId), input.day, input);
      Object.assign(input, { semesterId, ...timed });
    },
    async afterSave(tx, id, input, ctx, mode) {
      if (mode !== 'create' || !('day' in input)) return;
      const l = input as typeof input & { startsAt: Date; endsAt: Date };
      await bookLesson(tx, ctx.orgId, id, {
        teacherId: l.teacherId,
        assistantId: l.assistantId ?? null,
        venueId: l.venueId ?? null,
        teamId: l.teamId,
        startsAt: l.startsAt,
        endsAt: l.endsAt,
      });
      await lessonsChanged(tx, ctx.orgId, [id], 'created');
    },
    // Only extra lessons go; the timetable's are cancelled (generating again would bring them back).
    async beforeDelete(_ctx, _ids, rows) {
      if (rows.some((r) => r.assignmentId != null)) throw businessError('generatedLesson');
    },
    async afterDelete(ctx, ids, tx) {
      await tx
        .delete(bookings)
        .where(
          and(
            inOrg(bookings, ctx.orgId, [eq(bookings.ownerKind, BookingOwner.Lesson)]),
            inArray(bookings.ownerId, ids),
          ),
        );
    },
    decorate: decorateLessons,
  },
});

// Names beside the ids, and the day and times as the organisation's clock shows them.
export async function decorateLessons(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const pick = (k: string) => rows.map((r) => r[k]);
  const [teamNames, people, venues, settings] = await Promise.all([
    namesOf(ctx.db, ctx.orgId, teams, teams.name, pick('teamId')),
    namesOf(ctx.db, ctx.orgId, users, users.realName, [
      ...pick('teacherId'),
      ...pick('assistantId'),
      ...pick('originalTeacherId'),
    ]),
    namesOf(ctx.db, ctx.orgId, teachVenues, teachVenues.name, pick('venueId')),
    readSettings(ctx.db, ctx.orgId),
  ]);
  const name = (m: Map<number, string>, id: unknown) => (typeof id === 'number' ? (m.get(id) ?? null) : null);
  return rows.map((r) => {
    const startTime = wallClock(new Date(String(r.startsAt)), settings.timeZone).time;
    const endTime = wallClock(new Date(String(r.endsAt)), settings.timeZone).time;
    return {
      ...r,
      teamName: name(teamNames, r.teamId) ?? '',
      teacherName: name(people, r.teacherId) ?? '',
      assistantName: name(people, r.assistantId),
      originalTeacherName: name(people, r.originalTeacherId),
      venueName: name(venues, r.venueId),
      weekday: weekdayOf(String(r.day)),
      startTime,
      endTime,
      timeRange: `${startTime}–${endTime}`,
    };
  });
}
