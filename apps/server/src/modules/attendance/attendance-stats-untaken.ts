import { randomUUID } from 'node:crypto';
import {
  LessonStatus,
  MessageAssociation,
  type RemindUntakenResult,
  type UntakenBoard,
  type UntakenLesson,
  type UntakenTeacher,
} from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { once } from '../../platform/idempotency';
import { idempotencyKeys } from '../../platform/idempotency.table';
import { orNull, typedRows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { idsQuery, sendNotice } from '../message/message-delivery';
import { teams } from '../team/team.table';
import { localTime } from '../timetable/booking.service';
import { lessons } from '../timetable/timetable.table';
import { users } from '../user/user.table';
import { attendanceSessions } from './attendance.table';
import { dayIn, orgDays, seesAll } from './attendance-stats-scope';

// "Who hasn't taken attendance today?": the lessons of a day that have started, are not cancelled
// and have no submitted roll call, by teacher; and one reminder per teacher and day.

const REMINDER_SCOPE = 'attendance.untakenReminder';
const reminderKey = (day: string, teacherId: number) => `${day}:${teacherId}`;

async function untakenLessons(ctx: RequestContext, day: string, mineOnly: boolean) {
  const now = clock.date();
  const l = lessons;
  const rowsOf = await typedRows(
    ctx.db,
    sql`select l.id, l.title, l.status, l.team_id, t.name as team_name, v.name as venue_name, l.starts_at,
        l.ends_at, l.teacher_id, u.real_name, u.user_name, s.id as session_id
      from ${l} l
      join ${teams} t on t.organization_id = l.organization_id and t.id = l.team_id
      join ${users} u on u.organization_id = l.organization_id and u.id = l.teacher_id
      left join ${teachVenues} v on v.organization_id = l.organization_id and v.id = l.venue_id
      left join ${attendanceSessions} s on s.organization_id = l.organization_id and s.lesson_id = l.id
      where l.organization_id = ${ctx.orgId} and l.day = ${day} and l.status <> ${LessonStatus.Cancelled}
        and l.starts_at <= ${now.toISOString()}::timestamptz and (s.id is null or s.taken_at is null)
        ${mineOnly ? sql`and l.teacher_id = ${ctx.userId}` : sql``}
      order by u.real_name, u.id, l.starts_at, l.id`,
    {
      id: l.id,
      title: l.title,
      status: l.status,
      team_id: l.teamId,
      team_name: teams.name,
      venue_name: orNull(teachVenues.name),
      starts_at: l.startsAt,
      ends_at: l.endsAt,
      teacher_id: l.teacherId,
      real_name: users.realName,
      user_name: users.userName,
      session_id: orNull(attendanceSessions.id),
    },
  );
  return { rows: rowsOf, now };
}

// The board of a day (today in the organisation's zone by default): a teacher without
// attendance:all sees their own lessons only.
export async function untakenBoard(ctx: RequestContext, day: string | undefined): Promise<UntakenBoard> {
  const { zone } = await orgDays(ctx.db, ctx.orgId);
  const theDay = day ?? dayIn(clock.date(), zone);
  const { rows: found, now } = await untakenLessons(ctx, theDay, !seesAll(ctx));
  const byTeacher = new Map<number, UntakenTeacher>();
  for (const r of found) {
    let teacher = byTeacher.get(r.teacher_id);
    if (!teacher) {
      teacher = {
        teacherId: r.teacher_id,
        teacherName: r.real_name,
        userName: r.user_name,
        lessons: [],
        reminded: false,
      };
      byTeacher.set(r.teacher_id, teacher);
    }
    const lesson: UntakenLesson = {
      lessonId: r.id,
      sessionId: r.session_id,
      title: r.title,
      status: r.status as UntakenLesson['status'],
      teamId: r.team_id,
      teamName: r.team_name,
      venueName: r.venue_name,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      startTime: localTime(r.starts_at, zone).slice(11),
      endTime: localTime(r.ends_at, zone).slice(11),
    };
    teacher.lessons.push(lesson);
  }
  const teachers = [...byTeacher.values()];
  if (teachers.length) {
    const sent = await ctx.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.organizationId, ctx.orgId),
          eq(idempotencyKeys.scope, REMINDER_SCOPE),
          inArray(
            idempotencyKeys.key,
            teachers.map((t) => reminderKey(theDay, t.teacherId)),
          ),
        ),
      );
    const keys = new Set(sent.map((s) => s.key));
    for (const t of teachers) t.reminded = keys.has(reminderKey(theDay, t.teacherId));
  }
  return {
    day: theDay,
    asOf: now.toISOString(),
    asOfTime: localTime(now, zone).slice(11),
    lessons: found.length,
    teachers,
  };
}

// Sends every teacher on the day's board one notice naming their untaken lessons, once per teacher
// and day: a second press (or two offices at once) sends nothing new.
export async function remindUntaken(ctx: RequestContext, day: string): Promise<RemindUntakenResult> {
  const { zone } = await orgDays(ctx.db, ctx.orgId);
  if (day > dayIn(clock.date(), zone)) throw invalidParams('day', 'afterToday');
  const board = await untakenBoard(ctx, day);
  const mark = randomUUID();
  let reminded = 0;
  let already = 0;
  for (const teacher of board.teachers) {
    const name = teacher.lessons.map((l) => `${l.title} (${l.teamName}) ${l.startTime}`).join('; ');
    const answer = await once(
      ctx.db,
      { orgId: ctx.orgId, scope: REMINDER_SCOPE, key: reminderKey(day, teacher.teacherId) },
      async (tx) => {
        await sendNotice(tx, ctx.orgId, {
          kind: 'attendanceUntaken',
          params: { day, name },
          about: { type: MessageAssociation.Lesson, id: teacher.lessons[0]!.lessonId },
          to: idsQuery([teacher.teacherId]),
        });
        return { by: mark };
      },
    );
    if (answer.by === mark) reminded++;
    else already++;
  }
  return { reminded, already };
}
