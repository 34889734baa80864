import {
  CandidateSource,
  CandidateStatus,
  ConflictKind,
  type ExamConflict,
  ExamPaperStatus,
  ExamState,
  isOpenWindow,
  PaperStatus,
  PaperType,
  RegistrationMode,
  RoleKind,
  UserStatus,
} from '@lyceum/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { flag, num, typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { departments } from '../department/department.table';
import { examPapers } from '../exam-paper/exam-paper.table';
import { roles } from '../role/role.table';
import { teamMembers, teams } from '../team/team.table';
import { userRoles, users } from '../user/user.table';
import { examAttempts } from './attempt.table';
import {
  accommodations,
  examCandidates,
  examDepartments,
  examInvigilators,
  examStudents,
  exams,
  examTeams,
} from './exam.table';

// Other exams as `o` (the conditions below name them so).
const o = alias(exams, 'o');

// Enabled students of the organisation (the condition on `u`).
const isStudent = (orgId: number) => sql`u.organization_id = ${orgId} and u.status = ${UserStatus.Enabled}
  and exists (select 1 from ${userRoles} ur join ${roles} r on r.organization_id = ur.organization_id and r.id = ur.role_id
    where ur.organization_id = u.organization_id and ur.user_id = u.id and r.kind = ${RoleKind.Student})`;

// The students a set of targets reaches: members of the classes, members of classes of the grades,
// students of the departments (with their sub-departments) and the students named. Each target is
// a query of ids (`grades` a scalar subquery of an int[]; `departments` null when the targets have none), so
// exams and tasks resolve their targets alike.
export interface TargetQueries {
  teams: SQL;
  grades: SQL;
  departments: SQL | null;
  students: SQL;
}
export function studentsTargeted(orgId: number, q: TargetQueries) {
  const byDepartment = q.departments
    ? sql`or u.department_id in (with recursive d(id) as (${q.departments}
               union select c.id from ${departments} c join d on c.parent_id = d.id where c.organization_id = ${orgId})
             select id from d)`
    : sql``;
  return sql`select u.id from ${users} u where ${isStudent(orgId)} and (
    u.id in (select m.user_id from ${teamMembers} m where m.organization_id = ${orgId} and m.team_id in (${q.teams}))
    or u.id in (select m.user_id from ${teamMembers} m join ${teams} t
               on t.organization_id = m.organization_id and t.id = m.team_id
             where t.organization_id = ${orgId} and t.grade_year = any(${q.grades}::int[]))
    ${byDepartment}
    or u.id in (${q.students}))`;
}

// The students an exam is addressed to (its targets, above). `any` is true when the exam names no
// target at all (open registration to every student).
export function targetedStudents(orgId: number, examId: number) {
  return studentsTargeted(orgId, {
    teams: sql`select team_id from ${examTeams} where organization_id = ${orgId} and exam_id = ${examId}`,
    grades: sql`(select e.grade_years from ${exams} e where e.organization_id = ${orgId} and e.id = ${examId})`,
    departments: sql`select department_id from ${examDepartments} where organization_id = ${orgId} and exam_id = ${examId}`,
    students: sql`select user_id from ${examStudents} where organization_id = ${orgId} and exam_id = ${examId}`,
  });
}

export async function hasTargets(db: DbOrTx, orgId: number, examId: number): Promise<boolean> {
  const links = (t: typeof examTeams | typeof examDepartments | typeof examStudents) =>
    sql`(select count(*) from ${t} where ${t.organizationId} = ${orgId} and ${t.ownerId} = ${examId})`;
  const [r] = await db
    .select({
      n: sql<number>`${links(examTeams)} + ${links(examDepartments)} + ${links(examStudents)}
        + coalesce(array_length(${exams.gradeYears}, 1), 0)`.mapWith(Number),
    })
    .from(exams)
    .where(inOrg(exams, orgId, [eq(exams.id, examId)]));
  return (r?.n ?? 0) > 0;
}

// Whether a student may register for an exam with open registration (no targets: every student).
export async function isEligible(db: DbOrTx, orgId: number, examId: number, userId: number): Promise<boolean> {
  const all = !(await hasTargets(db, orgId, examId));
  const condition = all ? sql`select u.id from ${users} u where ${isStudent(orgId)}` : targetedStudents(orgId, examId);
  // Raw: the targets are one raw query shared with publishing and the conflicts (below).
  const [r] = await typedRows(db, sql`select ${userId}::bigint in (${condition}) as ok`, { ok: flag });
  return r?.ok ?? false;
}

// Publishing an assigned exam writes its candidate list from the targets (approved, no seats yet),
// raw as the targets query it reads.
export async function resolveCandidates(db: DbOrTx, orgId: number, examId: number): Promise<number> {
  await db.execute(sql`insert into ${examCandidates} (organization_id, exam_id, user_id, source, status)
    select ${orgId}, ${examId}, t.id, ${CandidateSource.Assigned}, ${CandidateStatus.Approved}
    from (${targetedStudents(orgId, examId)}) t
    on conflict do nothing`);
  return refreshCounts(db, orgId, examId);
}

// The exam's approved and pending counts, written on the row.
export async function refreshCounts(db: DbOrTx, orgId: number, examId: number): Promise<number> {
  const c = examCandidates;
  const counted = (status: CandidateStatus) =>
    sql`(select count(*) from ${c} where ${c.organizationId} = ${orgId} and ${c.examId} = ${examId} and ${c.status} = ${status})`;
  const [r] = await db
    .update(exams)
    .set({ candidateCount: counted(CandidateStatus.Approved), pendingCount: counted(CandidateStatus.Pending) })
    .where(inOrg(exams, orgId, [eq(exams.id, examId)]))
    .returning({ approved: exams.candidateCount });
  return r?.approved ?? 0;
}

// The extra minutes of a student in an exam of `duration` minutes, in SQL: the per-exam override
// (on `c`), else the student's accommodation (on `a`).
export const extraSql = (duration: SQL, c = 'c') => {
  const o = sql.raw(c);
  return sql`(ceil(${duration} * (coalesce(${o}.extra_time_factor, a.extra_time_factor, 1) - 1) - 0.000000001)::int
     + coalesce(${o}.extra_minutes, a.extra_minutes, 0))`;
};

// The moment nobody can be answering an exam any more (a timestamptz; `e` is the exams row): the
// window's end plus the longest extra time of its candidates (accommodation or override, and time
// an invigilator added) and the grace, or later, the closing time of an attempt still open (reopened
// by an invigilator, homework returned by its teacher). Homework has no extra time (decision 39).
export const closedForAllSql = (e = 'e') => {
  const x = sql.raw(e);
  return sql`greatest(
    ${x}.window_end + ${x}.grace_seconds * interval '1 second' + coalesce((
      select max(case when ${x}.homework then 0 else ${extraSql(sql`${x}.duration_minutes`)} end + c.added_minutes)
      from ${examCandidates} c left join ${accommodations} a on a.organization_id = c.organization_id
        and a.user_id = c.user_id
      where c.organization_id = ${x}.organization_id and c.exam_id = ${x}.id
        and c.status = ${CandidateStatus.Approved}), 0) * interval '1 minute',
    (select max(oa.closes_at) from ${examAttempts} oa where oa.organization_id = ${x}.organization_id
      and oa.exam_id = ${x}.id and oa.status = ${PaperStatus.Answering}))`;
};

// The latest moment a candidate may start an exam and still have its whole duration (`e` is the
// exams row): the window's end less the duration, or earlier the latest entry time.
const latestStartSql = (e: string) => {
  const x = sql.raw(e);
  return sql`least(${x}.window_end - make_interval(mins => ${x}.duration_minutes),
    ${x}.window_start + make_interval(mins => coalesce(${x}.latest_entry_minutes, ${x}.duration_minutes + 1000000)))`;
};
// Decision 43: an open-window exam leaves a candidate the choice of when to sit it (see isOpenWindow).
const openWindowSql = (e: string) =>
  sql`(${latestStartSql(e)} - ${sql.raw(e)}.window_start >= make_interval(mins => ${sql.raw(e)}.duration_minutes))`;

const en = (list: string[], n: number) =>
  n > list.length ? `${list.join(', ')} and ${n - list.length} more` : list.join(', ');
const zh = (list: string[], n: number) => (n > list.length ? `${list.join('、')} 等 ${n} 人` : list.join('、'));

// What stands in the way of an exam: a draft whose window has passed, other published exams
// overlapping it in its venue, with one of its invigilators or with one of its candidates (counting
// each candidate's extra time), more candidates than seats, no candidates, a paper not (or no longer)
// published. Decision 43: a candidate clash never refuses a publish; it is a warning only when the
// candidate could not sit both exams, and homework or a paper already ended is no clash at all.
export async function conflictsOf(db: DbOrTx, ctx: RequestContext, examId: number): Promise<ExamConflict[]> {
  const org = ctx.orgId;
  const [exam] = await db
    .select()
    .from(exams)
    .where(inOrg(exams, org, [eq(exams.id, examId)]));
  if (!exam) return [];
  const e = exam;
  const out: ExamConflict[] = [];
  const start = e.windowStart.toISOString();
  const end = e.windowEnd.toISOString();
  // Homework (decision 39) is done at home over days: it never clashes with an exam.
  const others = sql`o.organization_id = ${org} and o.id <> ${examId} and o.state = ${ExamState.Published} and not o.homework
    and o.window_start < ${end}::timestamptz and o.window_end > ${start}::timestamptz`;

  // A draft whose window is over cannot be published (the publish action refuses it on windowEnd).
  if (e.state === ExamState.Draft && clock.now() >= e.windowEnd.getTime()) {
    out.push({
      kind: ConflictKind.WindowPassed,
      severity: 'error',
      otherExamId: null,
      otherExamName: null,
      subjects: [],
      count: 0,
      message: {
        en: `The window ended at ${end.slice(0, 16).replace('T', ' ')} UTC: move it to a time to come`,
        zh: `考试时间已于 ${end.slice(0, 16).replace('T', ' ')} UTC 结束，请改到以后的时间`,
      },
    });
  }

  const [paper] = await db
    .select({
      ok: sql<boolean>`(${examPapers.status} = ${ExamPaperStatus.Published} and ${examPapers.paperType} = ${PaperType.Exam})`,
    })
    .from(examPapers)
    .where(inOrg(examPapers, org, [eq(examPapers.id, e.paperId)]));
  if (!paper?.ok) {
    out.push({
      kind: ConflictKind.PaperNotPublished,
      severity: 'error',
      otherExamId: null,
      otherExamName: null,
      subjects: [],
      count: 0,
      message: { en: 'The exam paper is not published', zh: '试卷未发布' },
    });
  }

  if (e.venueId) {
    const clash = await db
      .select({ id: o.id, name: o.name, venue: teachVenues.name })
      .from(o)
      .innerJoin(teachVenues, sameOrg(teachVenues, o, [eq(teachVenues.id, o.venueId)]))
      .where(and(others, eq(o.venueId, e.venueId)))
      .orderBy(o.windowStart)
      .limit(20);
    for (const x of clash) {
      out.push({
        kind: ConflictKind.VenueDoubleBooked,
        severity: 'error',
        otherExamId: x.id,
        otherExamName: x.name,
        subjects: [x.venue],
        count: 1,
        message: {
          en: `${x.venue} is booked by "${x.name}" at the same time`,
          zh: `${x.venue} 同一时间已安排「${x.name}」`,
        },
      });
    }
  }

  // An open-window exam does not hold its invigilators for the whole window: a clash with one is a
  // warning (decision 43).
  const mineOpen = isOpenWindow(e);
  const oi = alias(examInvigilators, 'oi');
  const mi = alias(examInvigilators, 'mi');
  const busy = await db
    .select({ id: o.id, name: o.name, who: users.realName, open: sql<boolean>`${openWindowSql('o')}` })
    .from(o)
    .innerJoin(oi, sameOrg(oi, o, [eq(oi.ownerId, o.id)]))
    .innerJoin(mi, sameOrg(mi, o, [eq(mi.ownerId, examId), eq(mi.targetId, oi.targetId)]))
    .innerJoin(users, sameOrg(users, o, [eq(users.id, oi.targetId)]))
    .where(others)
    .orderBy(o.id, users.realName)
    .limit(50);
  for (const [id, group] of groupBy(busy, (b) => b.id)) {
    const names = group.map((g) => g.who);
    out.push({
      kind: ConflictKind.InvigilatorBusy,
      severity: mineOpen || group[0].open ? 'warning' : 'error',
      otherExamId: id,
      otherExamName: group[0].name,
      subjects: names,
      count: names.length,
      message: {
        en: `${en(names, names.length)} invigilate${names.length === 1 ? 's' : ''} "${group[0].name}" at the same time`,
        zh: `${zh(names, names.length)} 同一时间在「${group[0].name}」监考`,
      },
    });
  }

  // This exam's candidates: its list once published (or registrations), its targets while a draft.
  const mine =
    e.state === ExamState.Draft && e.registrationMode === RegistrationMode.Assigned
      ? sql`select t.id as user_id from (${targetedStudents(org, examId)}) t`
      : sql`select user_id from ${examCandidates} where organization_id = ${org} and exam_id = ${examId} and status <> ${CandidateStatus.Rejected}`;
  // Raw: a window count over the targets' raw query, with the extra-time fragments naming their
  // rows (c, mc, o, me); the row still takes its types from the tables.
  const overlap = await typedRows(
    db,
    sql`with mine as (${mine}),
      hits as (
        select o.id, o.name, u.real_name as who,
          (o.window_start < ${end}::timestamptz and o.window_end > ${start}::timestamptz) as hard
        from mine m
        join ${examCandidates} c on c.organization_id = ${org} and c.user_id = m.user_id and c.exam_id <> ${examId}
          and c.status <> ${CandidateStatus.Rejected}
        join ${exams} o on o.organization_id = c.organization_id and o.id = c.exam_id and o.state = ${ExamState.Published}
          and not o.homework
        join ${exams} me on me.organization_id = ${org} and me.id = ${examId}
        join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
        left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id
        left join ${examCandidates} mc on mc.organization_id = ${org} and mc.exam_id = ${examId} and mc.user_id = c.user_id
        where o.window_start < ${end}::timestamptz + make_interval(mins => ${extraSql(sql`${e.durationMinutes}::int`, 'mc')})
          and ${start}::timestamptz < o.window_end + make_interval(mins => ${extraSql(sql`o.duration_minutes`)})
          -- A paper already ended in the other exam leaves nothing to clash with.
          and not exists (select 1 from ${examAttempts} oa where oa.organization_id = c.organization_id
            and oa.exam_id = o.id and oa.user_id = c.user_id and oa.status <> ${PaperStatus.Answering})
          -- The candidate can sit both when one fits wholly (with their extra time) before the other's
          -- latest start.
          and not (
            me.window_start + make_interval(mins => me.duration_minutes + ${extraSql(sql`me.duration_minutes`, 'mc')}) <= ${latestStartSql('o')}
            or o.window_start + make_interval(mins => o.duration_minutes + ${extraSql(sql`o.duration_minutes`)}) <= ${latestStartSql('me')})
      )
      select id, name, who, hard, count(*) over (partition by id, hard) as n from hits order by id, hard desc, who`,
    { id: exams.id, name: exams.name, who: users.realName, hard: flag, n: num },
  );
  for (const [key, group] of groupBy(overlap, (o) => `${o.id}:${o.hard}`)) {
    const [id] = key.split(':');
    const names = group.slice(0, 20).map((g) => g.who);
    const n = group[0].n;
    const hard = group[0].hard;
    out.push({
      kind: ConflictKind.CandidateOverlap,
      severity: 'warning',
      otherExamId: Number(id),
      otherExamName: group[0].name,
      subjects: names,
      count: n,
      message: hard
        ? {
            en: `${en(names, n)} also ${n === 1 ? 'sits' : 'sit'} "${group[0].name}" at the same time`,
            zh: `${zh(names, n)} 同一时间还要参加「${group[0].name}」`,
          }
        : {
            en: `With their extra time, ${en(names, n)} would still be in "${group[0].name}"`,
            zh: `计入延长时间后，${zh(names, n)} 与「${group[0].name}」时间重叠`,
          },
    });
  }

  const [counted] = await db
    .select({
      n: sql<number>`(select count(*) from (${mine}) m)`.mapWith(Number),
      seats: teachVenues.capacity,
      venue: teachVenues.name,
    })
    .from(exams)
    .leftJoin(teachVenues, sameOrg(teachVenues, exams, [eq(teachVenues.id, exams.venueId)]))
    .where(inOrg(exams, org, [eq(exams.id, examId)]));
  const n = counted?.n ?? 0;
  const seats = counted?.seats ?? null;
  if (e.registrationMode === RegistrationMode.Assigned && n === 0) {
    out.push({
      kind: ConflictKind.NoCandidates,
      severity: 'error',
      otherExamId: null,
      otherExamName: null,
      subjects: [],
      count: 0,
      message: { en: 'No student is addressed by the exam’s candidates', zh: '考生范围内没有学生' },
    });
  }
  const wanted = e.registrationMode === RegistrationMode.Open ? (e.capacity ?? n) : n;
  if (seats && wanted > seats) {
    out.push({
      kind: ConflictKind.OverCapacity,
      severity: e.registrationMode === RegistrationMode.Open ? 'warning' : 'error',
      otherExamId: null,
      otherExamName: null,
      subjects: counted?.venue ? [counted.venue] : [],
      count: wanted,
      message: {
        en: `${wanted} ${e.registrationMode === RegistrationMode.Open ? 'places' : 'candidates'} for ${seats} seats in ${counted?.venue}`,
        zh: `${counted?.venue} 只有 ${seats} 个座位，${e.registrationMode === RegistrationMode.Open ? '报名名额' : '考生'}为 ${wanted}`,
      },
    });
  }
  return out;
}

function groupBy<T, K>(list: T[], key: (t: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}
