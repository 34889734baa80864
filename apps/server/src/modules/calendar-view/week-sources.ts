import { CandidateStatus, ExamState, LessonStatus, TaskRange, TaskStatus, type WeekEntry } from '@lyceum/contract';
import { and, eq, exists, gt, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { examCandidates, examInvigilators, exams } from '../exam/exam.table';
import { tasks, taskTeams, taskUsers } from '../task/task.table';
import { teamMembers, teams } from '../team/team.table';
import { lessons } from '../timetable/timetable.table';
import { users } from '../user/user.table';
import { spansDays } from './week-time';

// What a week shows, read from the tables of the modules that own it (boundaries.test.ts lists
// each reach): lessons, the published exams a person sits, invigilates or made (or a class sits, or
// a venue holds), and the due times of published tasks. Live classes are in week-live.ts.

// Whose week: a class, a teacher (what they teach, assist or were substituted from), a venue, or a
// person (a student's classes, exams and homework together with what they teach).
export type WeekSubject =
  | { kind: 'team'; id: number; gradeYear: number }
  | { kind: 'teacher'; id: number }
  | { kind: 'venue'; id: number }
  | { kind: 'person'; id: number };

export interface WeekRange {
  fromDay: string;
  toDay: string;
  // The first instant of `fromDay` and of the day after `toDay`, in the organisation's zone.
  start: Date;
  end: Date;
  timeZone: string;
}

// An entry with what the feed needs beside it.
export interface WeekItem extends WeekEntry {
  created: Date;
  updated: Date;
}

const teacher = alias(users, 'teacher');
const original = alias(users, 'original_teacher');

// Where a moved lesson was (timetable.table.ts): anything else is read as "moved, from unknown".
const zMovedFromRow = z.object({
  day: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  venueId: z.number().nullish(),
});

const blank = { allDay: false, teamName: null, teacherName: null, originalTeacherName: null, handedOver: false };

function lessonsOf(subject: WeekSubject, db: DbOrTx): SQL | undefined {
  const teaches = (id: number) =>
    or(eq(lessons.teacherId, id), eq(lessons.assistantId, id), eq(lessons.originalTeacherId, id));
  switch (subject.kind) {
    case 'team':
      return eq(lessons.teamId, subject.id);
    case 'teacher':
      return teaches(subject.id);
    case 'venue':
      return eq(lessons.venueId, subject.id);
    case 'person': {
      const classes = db
        .select({ id: teamMembers.teamId })
        .from(teamMembers)
        .where(and(eq(teamMembers.organizationId, lessons.organizationId), eq(teamMembers.userId, subject.id)));
      return or(teaches(subject.id), inArray(lessons.teamId, classes));
    }
  }
}

export async function weekLessons(db: DbOrTx, orgId: number, subject: WeekSubject, r: WeekRange) {
  const found = await db
    .select({
      id: lessons.id,
      title: lessons.title,
      startsAt: lessons.startsAt,
      endsAt: lessons.endsAt,
      status: lessons.status,
      teamName: teams.name,
      teacherId: lessons.teacherId,
      teacherName: teacher.realName,
      originalTeacherId: lessons.originalTeacherId,
      originalTeacherName: original.realName,
      venueName: teachVenues.name,
      movedFrom: lessons.movedFrom,
      periodFrom: lessons.periodFrom,
      periodTo: lessons.periodTo,
      created: lessons.createTime,
      updated: lessons.updateTime,
    })
    .from(lessons)
    .leftJoin(teams, sameOrg(teams, lessons, [eq(teams.id, lessons.teamId)]))
    .leftJoin(teacher, sameOrg(teacher, lessons, [eq(teacher.id, lessons.teacherId)]))
    .leftJoin(original, sameOrg(original, lessons, [eq(original.id, lessons.originalTeacherId)]))
    .leftJoin(teachVenues, sameOrg(teachVenues, lessons, [eq(teachVenues.id, lessons.venueId)]))
    .where(inOrg(lessons, orgId, [gte(lessons.day, r.fromDay), lte(lessons.day, r.toDay), lessonsOf(subject, db)]))
    .orderBy(lessons.startsAt, lessons.id);
  const moved = found.map((l) => zMovedFromRow.safeParse(l.movedFrom).data ?? null);
  const venueIds = [...new Set(moved.flatMap((m) => (m?.venueId ? [m.venueId] : [])))];
  const venueNames = new Map(
    venueIds.length
      ? (
          await db
            .select({ id: teachVenues.id, name: teachVenues.name })
            .from(teachVenues)
            .where(inOrg(teachVenues, orgId, [inArray(teachVenues.id, venueIds)]))
        ).map((v) => [v.id, v.name])
      : [],
  );
  const person = subject.kind === 'teacher' || subject.kind === 'person' ? subject.id : null;
  return found.map((l, i): WeekItem => {
    const from = moved[i];
    return {
      kind: 'lesson',
      id: l.id,
      title: l.title,
      startsAt: l.startsAt.toISOString(),
      endsAt: l.endsAt.toISOString(),
      allDay: spansDays(l.startsAt, l.endsAt, r.timeZone),
      status: l.status,
      teamName: l.teamName,
      teacherName: l.teacherName,
      originalTeacherName: l.originalTeacherId ? l.originalTeacherName : null,
      handedOver:
        person !== null &&
        l.status === LessonStatus.Substituted &&
        l.originalTeacherId === person &&
        l.teacherId !== person,
      venueName: l.venueName,
      movedFrom: from
        ? {
            day: from.day,
            startsAt: from.startsAt,
            endsAt: from.endsAt,
            venueName: from.venueId ? (venueNames.get(from.venueId) ?? null) : null,
          }
        : null,
      periodFrom: l.periodFrom,
      periodTo: l.periodTo,
      created: l.created,
      updated: l.updated,
    };
  });
}

function examsOf(subject: WeekSubject, db: DbOrTx): SQL | undefined {
  const approved = and(
    eq(examCandidates.organizationId, exams.organizationId),
    eq(examCandidates.examId, exams.id),
    eq(examCandidates.status, CandidateStatus.Approved),
  );
  const invigilates = (id: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(examInvigilators)
        .where(
          and(
            eq(examInvigilators.organizationId, exams.organizationId),
            eq(examInvigilators.ownerId, exams.id),
            eq(examInvigilators.targetId, id),
          ),
        ),
    );
  switch (subject.kind) {
    case 'team':
      return exists(
        db
          .select({ one: sql`1` })
          .from(examCandidates)
          .innerJoin(teamMembers, sameOrg(teamMembers, examCandidates, [eq(teamMembers.userId, examCandidates.userId)]))
          .where(and(approved, eq(teamMembers.teamId, subject.id))),
      );
    case 'teacher':
      return invigilates(subject.id);
    case 'venue':
      return eq(exams.venueId, subject.id);
    case 'person':
      return or(
        exists(
          db
            .select({ one: sql`1` })
            .from(examCandidates)
            .where(and(approved, eq(examCandidates.userId, subject.id))),
        ),
        invigilates(subject.id),
        eq(exams.creatorId, subject.id),
      );
  }
}

// Published exams (not homework's hidden ones) meeting the range.
export async function weekExams(db: DbOrTx, orgId: number, subject: WeekSubject, r: WeekRange) {
  const found = await db
    .select({
      id: exams.id,
      name: exams.name,
      windowStart: exams.windowStart,
      windowEnd: exams.windowEnd,
      state: exams.state,
      venueName: teachVenues.name,
      created: exams.createTime,
      updated: exams.updateTime,
    })
    .from(exams)
    .leftJoin(teachVenues, sameOrg(teachVenues, exams, [eq(teachVenues.id, exams.venueId)]))
    .where(
      inOrg(exams, orgId, [
        eq(exams.state, ExamState.Published),
        eq(exams.homework, false),
        lt(exams.windowStart, r.end),
        gt(exams.windowEnd, r.start),
        examsOf(subject, db),
      ]),
    )
    .orderBy(exams.windowStart, exams.id);
  return found.map(
    (e): WeekItem => ({
      ...blank,
      kind: 'exam',
      id: e.id,
      title: e.name,
      startsAt: e.windowStart.toISOString(),
      endsAt: e.windowEnd.toISOString(),
      allDay: spansDays(e.windowStart, e.windowEnd, r.timeZone),
      status: e.state,
      venueName: e.venueName,
      movedFrom: null,
      periodFrom: null,
      periodTo: null,
      created: e.created,
      updated: e.updated,
    }),
  );
}

function tasksOf(subject: WeekSubject, db: DbOrTx): SQL | undefined {
  switch (subject.kind) {
    case 'team':
      return or(
        exists(
          db
            .select({ one: sql`1` })
            .from(taskTeams)
            .where(
              and(
                eq(taskTeams.organizationId, tasks.organizationId),
                eq(taskTeams.ownerId, tasks.id),
                eq(taskTeams.targetId, subject.id),
              ),
            ),
        ),
        and(eq(tasks.rangeType, TaskRange.Grade), sql`${subject.gradeYear} = any(${tasks.gradeYears})`),
      );
    case 'person':
      return exists(
        db
          .select({ one: sql`1` })
          .from(taskUsers)
          .where(
            and(
              eq(taskUsers.organizationId, tasks.organizationId),
              eq(taskUsers.taskId, tasks.id),
              eq(taskUsers.userId, subject.id),
            ),
          ),
      );
    default:
      return undefined;
  }
}

// Due times of published tasks (homework, courses and articles to study) given to the subject.
export async function weekHomework(db: DbOrTx, orgId: number, subject: WeekSubject, r: WeekRange) {
  const who = tasksOf(subject, db);
  if (!who) return [];
  const found = await db
    .select({
      id: tasks.id,
      name: tasks.name,
      due: tasks.dueTime,
      created: tasks.createTime,
      updated: tasks.updateTime,
    })
    .from(tasks)
    .where(
      inOrg(tasks, orgId, [
        eq(tasks.status, TaskStatus.Published),
        gte(tasks.dueTime, r.start),
        lt(tasks.dueTime, r.end),
        who,
      ]),
    )
    .orderBy(tasks.dueTime, tasks.id);
  return found.map(
    (t): WeekItem => ({
      ...blank,
      kind: 'homework',
      id: t.id,
      title: t.name,
      startsAt: t.due.toISOString(),
      endsAt: t.due.toISOString(),
      status: null,
      venueName: null,
      movedFrom: null,
      periodFrom: null,
      periodTo: null,
      created: t.created,
      updated: t.updated,
    }),
  );
}
