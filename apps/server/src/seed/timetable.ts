import {
  DEFAULT_PERIODS,
  DEFAULT_TIME_ZONE,
  LessonStatus,
  RoleKind,
  type SlotInput,
  TermDayKind,
  WeekParity,
  zLessonCreate,
  zTeachingAssignmentCreate,
  zTermDayCreate,
} from '@lyceum/contract';
import { and, asc, eq, gte, like, lte } from 'drizzle-orm';
import { semesters, teachVenues } from '../modules/calendar/calendar.table';
import { teams } from '../modules/team/team.table';
import { lessonResource } from '../modules/timetable/lesson.resource';
import { addDays, mondayOf, todayIn } from '../modules/timetable/local-time';
import { teachingAssignmentResource } from '../modules/timetable/teaching-assignment.resource';
import { termDayResource } from '../modules/timetable/term-day.resource';
import { lessons } from '../modules/timetable/timetable.table';
import { generate } from '../modules/timetable/timetable-generation';
import { saveSettings } from '../modules/timetable/timetable-settings';
import { users } from '../modules/user/user.table';
import { clock } from '../platform/clock';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

// This term's timetable for the three demo classes (issue 31): the periods, the term's holidays and a
// make-up day, teaching assignments with weekly slots (odd weeks too), generated through the same
// service the office uses, then the changes a real term has: one clash the office resolved by giving a
// slot another room, a lesson moved, one cancelled, one taught by a substitute, and an extra lesson
// that has started today (attendance not yet taken). Returns what the attendance demo builds on.

const P = (weekday: number, from: number, to = from + 1, extra: Partial<SlotInput> = {}): SlotInput => ({
  weekday,
  periodFrom: from,
  periodTo: to,
  ...extra,
});

export interface SeededTimetable {
  semesterId: number;
  timeZone: string;
  today: string;
  teamIds: number[];
  people: Record<string, number>;
}

export async function seedTimetable(db: Db, orgId: number, adminId: number): Promise<SeededTimetable | null> {
  const office = {
    ...seedContext(db, orgId, adminId, ['teaching:page', 'teaching:update', 'teaching:change', 'teaching:settings']),
    roleKind: RoleKind.AcademicStaff,
  };
  const timeZone = DEFAULT_TIME_ZONE;
  await saveSettings(office, { timeZone, periods: DEFAULT_PERIODS });
  const today = todayIn(timeZone, clock.date());
  const [semester] = await db
    .select()
    .from(semesters)
    .where(inOrg(semesters, orgId, [eq(semesters.current, true)]));
  if (!semester) return null;
  // The demo is for trying now: a term that has ended (or not begun) is stretched over today.
  if (semester.endDate < addDays(today, 28) || semester.startDate > addDays(today, -21)) {
    const startDate = semester.startDate > addDays(today, -21) ? addDays(mondayOf(today), -42) : semester.startDate;
    const endDate = semester.endDate < addDays(today, 28) ? addDays(today, 70) : semester.endDate;
    await db
      .update(semesters)
      .set({ startDate, endDate })
      .where(inOrg(semesters, orgId, [eq(semesters.id, semester.id)]));
    Object.assign(semester, { startDate, endDate });
  }
  const semesterId = semester.id;

  const people: Record<string, number> = {};
  for (const u of await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(eq(users.organizationId, orgId))) {
    people[u.userName] = u.id;
  }
  const venue: Record<string, number> = {};
  for (const v of await db
    .select({ id: teachVenues.id, name: teachVenues.name })
    .from(teachVenues)
    .where(eq(teachVenues.organizationId, orgId))) {
    venue[v.name.split(' ')[0]!.toLowerCase()] = v.id;
  }
  const classIds = async (prefix: string) =>
    (
      await db
        .select({ id: teams.id })
        .from(teams)
        .where(inOrg(teams, orgId, [like(teams.name, `${prefix}%`)]))
    )[0]?.id;
  const [a, b, c] = [await classIds('Class 2024-1'), await classIds('Class 2024-2'), await classIds('Class 2023-1')];
  if (!a || !b || !c) return null;

  // National Day week off, the Sunday before worked as a Wednesday (调休), New Year's Day off.
  const termDays = [
    ...['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07'].map((day) => ({
      day,
      kind: TermDayKind.Holiday,
      note: 'National Day 国庆节',
    })),
    { day: '2026-09-27', kind: TermDayKind.MakeUp, followsWeekday: 3, note: 'Make-up day for National Day 国庆调休' },
    { day: '2027-01-01', kind: TermDayKind.Holiday, note: "New Year's Day 元旦" },
  ].filter((d) => d.day >= semester.startDate && d.day <= semester.endDate);
  for (const d of termDays) await termDayResource.create(office, zTermDayCreate.parse({ semesterId, ...d }));

  const assign = async (
    teamId: number,
    subject: string,
    teacher: string,
    room: string | null,
    slots: SlotInput[],
    note?: string,
  ) =>
    teachingAssignmentResource.create(
      office,
      zTeachingAssignmentCreate.parse({
        semesterId,
        subject,
        teamId,
        teacherId: people[teacher],
        venueId: room ? venue[room] : null,
        periodsPerWeek: slots.reduce((n, s) => n + ((s.periodTo ?? 0) - (s.periodFrom ?? 0) + 1), 0),
        note: note ?? null,
        slots,
      }),
    );
  await assign(a, 'Programming 程序设计', 'teacher', 'computer', [
    P(1, 1),
    P(3, 3),
    P(5, 1, 2, { parity: WeekParity.Odd }),
  ]);
  await assign(a, 'Calculus 微积分', 'wang.fang', 'main', [P(2, 1), P(4, 3)]);
  await assign(a, 'College English 大学英语', 'emma.clark', 'main', [P(1, 3), P(4, 1)]);
  await assign(a, 'Physics 大学物理', 'li.wei', 'lecture', [P(3, 1), P(5, 5)]);
  await assign(a, 'Data structures 数据结构', 'david.nguyen', 'computer', [
    P(2, 5),
    P(4, 5, 6, { parity: WeekParity.Even }),
  ]);
  await assign(a, 'Physical education 体育', 'omar.haddad', null, [P(5, 3)]);
  await assign(b, 'Calculus 微积分', 'wang.fang', 'main', [P(1, 1), P(3, 1)]);
  // A clash the office resolved before generating: Main Building 101 is 2024-1's English room on
  // Thursday mornings, so this slot has a room of its own.
  await assign(
    b,
    'Linear algebra 线性代数',
    'zhang.min',
    'main',
    [P(2, 3), P(4, 1, 2, { venueId: venue.lecture })],
    'Thursdays in the Lecture Hall: Main Building 101 is taken by 2024-1 English 周四主楼101被占用，改在报告厅',
  );
  await assign(b, 'College English 大学英语', 'emma.clark', 'training', [P(2, 1), P(5, 1)]);
  await assign(b, 'Probability 概率论', 'chen.jing', 'main', [P(3, 5), P(5, 3)]);
  await assign(c, 'Linguistics 语言学', 'sofia.rossi', 'training', [P(1, 1), P(3, 3)]);
  await assign(c, 'English literature 英美文学', 'emma.clark', 'training', [P(3, 5), P(4, 5)]);
  await assign(c, 'Translation 翻译', 'zhao.lei', 'main', [P(1, 5), P(4, 7)]);

  // The whole term, from its first day. Occurrences in the way of an exam (the final's invigilator)
  // are left out and listed; the office gives them a substitute below.
  const result = await generate(office, { semesterId, from: semester.startDate, skipClashes: true });
  for (const clash of result.clashes) {
    // The teacher invigilates: a colleague takes the lesson. The room is an exam's: the lesson moves
    // to the Lecture Hall. The class sits an exam: no lesson.
    const fix =
      clash.field === 'teacherId'
        ? { teacherId: people['liu.yang'], note: 'Substitute: the teacher invigilates an exam 代课：原任课教师监考' }
        : clash.field === 'venueId'
          ? { venueId: venue.lecture, note: 'In the Lecture Hall: the room holds an exam 教室用于考试，改在报告厅' }
          : null;
    const assignment = fix && (await teachingAssignmentResource.get(office, clash.assignmentId ?? 0).catch(() => null));
    if (!fix || !assignment) continue;
    await tryCreate(office, {
      title: clash.subject,
      teamId: clash.teamId,
      teacherId: assignment.teacherId,
      venueId: assignment.venueId,
      day: clash.day,
      startTime: clash.startTime,
      endTime: clash.endTime,
      ...fix,
    });
  }

  // Next week: a lesson moved, one cancelled, one taught by a substitute.
  const nextMonday = addDays(mondayOf(today), 7);
  const lessonOn = async (teamId: number, title: string, day: string) =>
    (
      await db
        .select({ id: lessons.id })
        .from(lessons)
        .where(
          inOrg(lessons, orgId, [
            eq(lessons.teamId, teamId),
            like(lessons.title, `${title}%`),
            eq(lessons.day, day),
            eq(lessons.status, LessonStatus.Scheduled),
          ]),
        )
        .orderBy(asc(lessons.startsAt))
    )[0]?.id;
  const act = async (
    name: 'move' | 'cancel' | 'substitute',
    id: number | undefined,
    input: Record<string, unknown>,
  ) => {
    if (id) await lessonResource.runAction(office, name, id, input).catch(() => undefined);
  };
  await act('move', await lessonOn(a, 'Calculus', addDays(nextMonday, 1)), {
    day: addDays(nextMonday, 1),
    periodFrom: 7,
    periodTo: 8,
    reason: 'Teaching research meeting in the morning 上午教研活动',
  });
  await act('cancel', await lessonOn(a, 'Physical education', addDays(nextMonday, 4)), {
    reason: 'Sports day 校运动会',
  });
  await act('substitute', await lessonOn(a, 'Programming', addDays(nextMonday, 2)), {
    teacherId: people['liu.yang'],
    reason: 'Tom Teacher is at a conference 任课教师参加会议',
  });

  // Today: an extra lesson of the demo class that has started and whose attendance nobody has taken
  // (unless the class already has one under way).
  const now = clock.date();
  const started = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      inOrg(lessons, orgId, [
        eq(lessons.teamId, a),
        eq(lessons.day, today),
        lte(lessons.startsAt, now),
        gte(lessons.endsAt, now),
      ]),
    );
  if (!started.length) {
    const start = new Date(Math.floor((now.getTime() - 20 * 60_000) / 300_000) * 300_000);
    const hm = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    const end = new Date(start.getTime() + 45 * 60_000);
    if (todayIn(timeZone, end) === today && hm(start) < hm(end)) {
      await tryCreate(office, {
        title: 'Programming lab (extra) 程序设计实验（加课）',
        teamId: a,
        teacherId: people.teacher,
        venueId: venue.computer,
        day: today,
        startTime: hm(start),
        endTime: hm(end),
      });
    }
  }
  return { semesterId, timeZone, today, teamIds: [a, b, c], people };
}

async function tryCreate(ctx: Parameters<typeof lessonResource.create>[0], input: Record<string, unknown>) {
  const parsed = zLessonCreate.safeParse(input);
  if (!parsed.success) return;
  await lessonResource.create(ctx, parsed.data).catch(() => undefined);
}

export const seededBetween = (from: string, to: string) => and(gte(lessons.day, from), lte(lessons.day, to));
