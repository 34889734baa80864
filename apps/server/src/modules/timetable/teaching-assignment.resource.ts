import { teachingAssignmentDecl, teachingAssignmentMeta } from '@lyceum/contract';
import { asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { semesters, teachVenues } from '../calendar/calendar.table';
import { courses } from '../course/course.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';
import { semesterSpan } from './term-day.resource';
import { lessons, teachingAssignments, timetableSlots } from './timetable.table';
import { type GenSlot, scheduledPerWeek } from './timetable-generate';
import { checkTeachers, namesOf, regenerableOf, removeLessons } from './timetable-lessons';
import { periodOf, readSettings } from './timetable-settings';

// Teaching assignments (who teaches what to which class, where, how often) with their weekly slots
// as an owned collection. Every staff member reads them; the office (teaching:update) writes them.

const ta = teachingAssignments;

interface SlotIn {
  periodFrom?: number | null;
  periodTo?: number | null;
  startTime?: string | null;
  validFrom?: string | null;
  validTo?: string | null;
}

// The slots' periods exist in the day, and their dates are inside the semester ('slots.2.validTo').
export async function checkSlots(db: DbOrTx, orgId: number, semesterId: number, slots: SlotIn[], prefix = '') {
  if (!slots.length) return;
  const [settings, span] = await Promise.all([readSettings(db, orgId), semesterSpan(db, orgId, semesterId)]);
  slots.forEach((s, i) => {
    const at = `${prefix}slots.${i}.`;
    if (!s.startTime) {
      periodOf(settings.periods, s.periodFrom, `${at}periodFrom`);
      periodOf(settings.periods, s.periodTo, `${at}periodTo`);
    }
    for (const key of ['validFrom', 'validTo'] as const) {
      const day = s[key];
      if (span && day && (day < span.startDate || day > span.endDate))
        throw invalidParams(`${at}${key}`, 'outsideSemester', { from: span.startDate, to: span.endDate });
    }
  });
}

export const teachingAssignmentResource = createResource({
  ...fromDecl(teachingAssignmentDecl),
  meta: teachingAssignmentMeta,
  table: ta,
  search: [ta.subject, ta.note],
  sort: {
    default: [desc(ta.semesterId), asc(ta.teamId), asc(ta.subject), asc(ta.id)],
    fields: { subject: ta.subject, periodsPerWeek: ta.periodsPerWeek },
  },
  references: {
    semesterId: { table: semesters, label: 'semester' },
    courseId: { table: courses, label: 'course', labelColumn: 'title' },
    teamId: { table: teams, label: 'class' },
    teacherId: { table: users, label: 'user', labelColumn: 'realName' },
    assistantId: { table: users, label: 'user', labelColumn: 'realName' },
    venueId: { table: teachVenues, label: 'teaching venue' },
  },
  children: {
    slots: {
      table: timetableSlots,
      parent: timetableSlots.assignmentId,
      order: timetableSlots.sort,
      label: 'slot',
      references: { venueId: { table: teachVenues, label: 'teaching venue' } },
    },
  },
  filters: {
    teacherId: (id) => or(eq(ta.teacherId, id), eq(ta.assistantId, id)),
    venueId: (id) =>
      or(
        eq(ta.venueId, id),
        sql`exists (select 1 from ${timetableSlots} s where s.organization_id = ${ta.organizationId}
          and s.assignment_id = ${ta.id} and s.venue_id = ${id})`,
      ),
  },
  // Deleting an assignment first removes its lessons still to come that nothing hangs off; the
  // lessons already held (taken, moved, substituted, cancelled, past) keep it in use.
  usedBy: [
    {
      label: 'lessons already held or changed',
      count: async (db, ctx, ids) => {
        await removeLessons(db, ctx.orgId, await regenerableOf(db, ctx.orgId, ids, clock.date()));
        const [n] = await db
          .select({ n: count() })
          .from(lessons)
          .where(inOrg(lessons, ctx.orgId, [inArray(lessons.assignmentId, ids)]));
        return Number(n?.n ?? 0);
      },
    },
  ],
  hooks: {
    async validate(input, ctx: RequestContext) {
      await checkTeachers(ctx.db, ctx.orgId, [
        { field: 'teacherId', id: input.teacherId },
        { field: 'assistantId', id: input.assistantId ?? null },
      ]);
      await checkSlots(ctx.db, ctx.orgId, input.semesterId, input.slots);
    },
    decorate: decorateAssignments,
  },
});

// Names beside the ids, the periods a week the slots give, and the lessons generated so far.
async function decorateAssignments(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => Number(r.id));
  const pick = (k: string) => rows.map((r) => r[k]);
  const [semesterNames, courseTitles, teamNames, people, venues, settings, slotRows, counts] = await Promise.all([
    namesOf(ctx.db, ctx.orgId, semesters, semesters.name, pick('semesterId')),
    namesOf(ctx.db, ctx.orgId, courses, courses.title, pick('courseId')),
    namesOf(ctx.db, ctx.orgId, teams, teams.name, pick('teamId')),
    namesOf(ctx.db, ctx.orgId, users, users.realName, [...pick('teacherId'), ...pick('assistantId')]),
    namesOf(ctx.db, ctx.orgId, teachVenues, teachVenues.name, pick('venueId')),
    readSettings(ctx.db, ctx.orgId),
    ctx.db
      .select()
      .from(timetableSlots)
      .where(inOrg(timetableSlots, ctx.orgId, [inArray(timetableSlots.assignmentId, ids)])),
    ctx.db
      .select({ id: lessons.assignmentId, n: count() })
      .from(lessons)
      .where(inOrg(lessons, ctx.orgId, [inArray(lessons.assignmentId, ids)]))
      .groupBy(lessons.assignmentId),
  ]);
  const slotsOf = new Map<number, GenSlot[]>();
  for (const s of slotRows) slotsOf.set(s.assignmentId, [...(slotsOf.get(s.assignmentId) ?? []), s]);
  const lessonCount = new Map(counts.map((c) => [Number(c.id), Number(c.n)]));
  const name = (m: Map<number, string>, id: unknown) => (typeof id === 'number' ? (m.get(id) ?? null) : null);
  return rows.map((r) => ({
    ...r,
    semesterName: name(semesterNames, r.semesterId) ?? '',
    courseTitle: name(courseTitles, r.courseId),
    teamName: name(teamNames, r.teamId) ?? '',
    teacherName: name(people, r.teacherId) ?? '',
    assistantName: name(people, r.assistantId),
    venueName: name(venues, r.venueId),
    scheduledPerWeek: scheduledPerWeek(slotsOf.get(Number(r.id)) ?? [], settings.periods),
    lessonCount: lessonCount.get(Number(r.id)) ?? 0,
  }));
}
