import {
  type Assignment,
  CourseRange,
  CourseStatus,
  EnrolmentSource,
  LearnerStatus,
  RoleKind,
  UserStatus,
  type zAssignmentInput,
} from '@lyceum/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import type { Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { num, typedRows } from '../../platform/sql-rows';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { departments } from '../department/department.table';
import { checkOwnClasses, wideRefused } from '../team/reach';
import { notStudents } from '../team/team.resource';
import { teamMembers, teams } from '../team/team.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import {
  assignmentDepartments,
  assignmentStudents,
  assignmentTeams,
  courseAssignments,
  courseEnrolments,
  courses,
} from './course.table';
import { enrolUsers } from './course-enrol';
import { refreshEnrolments } from './course-progress';

// Who takes a course: assignments to grades, classes, departments (with every sub-department) or
// named students, each resolved to the enabled students it reaches. A published course enrols them
// at once; a draft's assignments are resolved when it is first published.

type Input = z.output<typeof zAssignmentInput>;
const a = courseAssignments;

// The enabled students one assignment reaches now, as a query of `id`s. Only the range type's targets
// are kept on an assignment, so the four branches never mix.
export function assignedStudents(orgId: number, assignmentId: number): SQL {
  return sql`select ${users.id} as id from ${users} where ${users.organizationId} = ${orgId}
    and ${users.status} = ${UserStatus.Enabled} and ${withRoleKind(RoleKind.Student)} and (
    ${users.id} in (select m.user_id from ${teamMembers} m join ${assignmentTeams} x
        on x.organization_id = m.organization_id and x.team_id = m.team_id
      where x.organization_id = ${orgId} and x.assignment_id = ${assignmentId})
    or ${users.id} in (select m.user_id from ${teamMembers} m join ${teams} t
        on t.organization_id = m.organization_id and t.id = m.team_id
      join ${courseAssignments} ca on ca.organization_id = t.organization_id and ca.id = ${assignmentId}
      where t.organization_id = ${orgId} and t.grade_year = any(ca.grade_years))
    or ${users.departmentId} in (with recursive d(id) as (
        select department_id from ${assignmentDepartments} where organization_id = ${orgId} and assignment_id = ${assignmentId}
        union select c.id from ${departments} c join d on c.parent_id = d.id where c.organization_id = ${orgId})
      select id from d)
    or ${users.id} in (select user_id from ${assignmentStudents}
      where organization_id = ${orgId} and assignment_id = ${assignmentId}))`;
}

// Enrols an assignment's students (source: that assignment), then measures the ones it changed.
async function enrolAssignment(db: DbOrTx, orgId: number, courseId: number, row: typeof a.$inferSelect) {
  return enrolUsers(db, orgId, courseId, assignedStudents(orgId, row.id), {
    source: EnrolmentSource.Assignment,
    sourceId: row.id,
    required: row.required,
    dueTime: row.dueTime,
  });
}

// On the first publish: every assignment made while the course was a draft, oldest first (so an
// enrolment's source is the first assignment that reached the student).
export async function enrolAssignments(db: DbOrTx, orgId: number, courseId: number): Promise<number[]> {
  const rows = await db
    .select()
    .from(a)
    .where(inOrg(a, orgId, [eq(a.courseId, courseId)]))
    .orderBy(asc(a.id));
  const changed = new Set<number>();
  for (const row of rows) for (const id of await enrolAssignment(db, orgId, courseId, row)) changed.add(id);
  return [...changed];
}

// Classes and departments gain students after a course was assigned: every hour each published
// course's assignments are resolved again, and whom they newly reach is enrolled (and measured).
export const ASSIGNMENT_SYNC_JOB = 'course.assignmentSync';
export async function syncAssignments(db: Db): Promise<{ enrolled: number }> {
  const live = await db
    .selectDistinct({ orgId: a.organizationId, courseId: a.courseId })
    .from(a)
    .innerJoin(courses, sameOrg(courses, a, [eq(courses.id, a.courseId)]))
    .where(eq(courses.status, CourseStatus.Published));
  let enrolled = 0;
  for (const c of live) {
    enrolled += await db.transaction(async (tx) => {
      const changed = await enrolAssignments(tx, c.orgId, c.courseId);
      await refreshEnrolments(tx, c.orgId, c.courseId, changed);
      return changed.length;
    });
  }
  return { enrolled };
}
export function registerAssignmentJob(runner: JobRunner, db: Db): void {
  runner.register(ASSIGNMENT_SYNC_JOB, { run: () => syncAssignments(db) });
  runner.every(ASSIGNMENT_SYNC_JOB, 3600_000);
}

// Only the range type's targets count; the others are emptied (as tasks and messages do).
function onlyRange(input: Input): Input {
  const t = input.rangeType;
  const unique = (ids: number[]) => [...new Set(ids)];
  return {
    ...input,
    gradeYears: t === CourseRange.Grade ? unique(input.gradeYears) : [],
    teamIds: t === CourseRange.Class ? unique(input.teamIds) : [],
    departmentIds: t === CourseRange.Department ? unique(input.departmentIds) : [],
    studentIds: t === CourseRange.Individual ? unique(input.studentIds) : [],
  };
}

async function checkExist(ctx: RequestContext, field: string, ids: number[], table: typeof teams | typeof departments) {
  if (!ids.length) return;
  const found = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(inOrg(table, ctx.orgId, [inArray(table.id, ids)]));
  const known = new Set(found.map((f) => f.id));
  const i = ids.findIndex((id) => !known.has(id));
  const entity = table === teams ? 'class' : 'department';
  if (i >= 0) throw invalidParams(`${field}.${i}`, 'noSuchReference', { entity, ids: String(ids[i]) });
}

// The targets must be there, students must be students, and without course:all a teacher assigns
// only their own classes and those classes' students (tasks and messages take the same rule).
async function checkTargets(ctx: RequestContext, input: Input) {
  const need: Record<CourseRange, [string, unknown[]]> = {
    [CourseRange.Grade]: ['gradeYears', input.gradeYears],
    [CourseRange.Class]: ['teamIds', input.teamIds],
    [CourseRange.Department]: ['departmentIds', input.departmentIds],
    [CourseRange.Individual]: ['studentIds', input.studentIds],
  };
  const [field, targets] = need[input.rangeType];
  if (!targets.length) throw invalidParams(field, 'required');
  await checkExist(ctx, 'teamIds', input.teamIds, teams);
  await checkExist(ctx, 'departmentIds', input.departmentIds, departments);
  const wrong = await notStudents(ctx.db, ctx, input.studentIds);
  const i = input.studentIds.findIndex((id) => wrong.has(id));
  if (i >= 0) throw invalidParams(`studentIds.${i}`, 'notAStudent', { name: String(input.studentIds[i]) });
  if (allows(ctx, ['course:all'])) return;
  if (input.rangeType === CourseRange.Grade || input.rangeType === CourseRange.Department) {
    throw wideRefused('rangeType', 'course:all');
  }
  await checkOwnClasses(ctx, {
    teams: { field: 'teamIds', ids: input.teamIds },
    people: { field: 'studentIds', ids: input.studentIds },
  });
}

// Assigns a course (the row loaded in the caller's write scope): the assignment and its targets,
// and on a published course its students enrolled now.
export async function assign(ctx: RequestContext, course: Values, body: Input): Promise<Assignment> {
  const input = onlyRange(body);
  if (course.status === CourseStatus.Archived) throw businessError('courseArchived');
  await checkTargets(ctx, input);
  const courseId = Number(course.id);
  const org = ctx.orgId;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(a)
      .values({
        organizationId: org,
        courseId,
        rangeType: input.rangeType,
        gradeYears: input.gradeYears,
        required: input.required,
        dueTime: input.dueTime ? new Date(input.dueTime) : null,
        creatorId: ctx.userId,
      })
      .returning();
    const rows = (targets: number[]) => targets.map((t) => ({ organizationId: org, ownerId: row!.id, targetId: t }));
    if (input.teamIds.length) await tx.insert(assignmentTeams).values(rows(input.teamIds));
    if (input.departmentIds.length) await tx.insert(assignmentDepartments).values(rows(input.departmentIds));
    if (input.studentIds.length) await tx.insert(assignmentStudents).values(rows(input.studentIds));
    if (course.status === CourseStatus.Published) {
      const changed = await enrolAssignment(tx, org, courseId, row!);
      await refreshEnrolments(tx, org, courseId, changed);
    }
    return row!.id;
  });
  const [out] = await assignments(ctx, courseId, id);
  return out!;
}

// The course an assignment belongs to (its organisation's only).
export async function assignmentCourse(ctx: RequestContext, id: number): Promise<number> {
  const [row] = await ctx.db
    .select({ courseId: a.courseId })
    .from(a)
    .where(inOrg(a, ctx.orgId, [eq(a.id, id)]));
  if (!row) throw notFound('Assignment');
  return row.courseId;
}

// Removes an assignment: its learners who never started leave the course, unless another assignment
// of the course reaches them (their enrolment then comes from that one); the others keep their records.
export async function unassign(ctx: RequestContext, course: Values, id: number): Promise<{ removed: number }> {
  const courseId = Number(course.id);
  const org = ctx.orgId;
  const e = courseEnrolments;
  return ctx.db.transaction(async (tx) => {
    const others = (
      await tx
        .select({ id: a.id })
        .from(a)
        .where(inOrg(a, org, [eq(a.courseId, courseId), ne(a.id, id)]))
        .orderBy(asc(a.id))
    ).map((r) => r.id);
    const fromThis = inOrg(e, org, [
      eq(e.courseId, courseId),
      eq(e.source, EnrolmentSource.Assignment),
      eq(e.sourceId, id),
    ]);
    for (const other of others) {
      await tx
        .update(e)
        .set({ sourceId: other })
        .where(and(fromThis, sql`${e.userId} in (${assignedStudents(org, other)})`));
    }
    const gone = await tx
      .delete(e)
      .where(and(fromThis, eq(e.status, LearnerStatus.NotStarted)))
      .returning({ userId: e.userId });
    await tx.delete(a).where(inOrg(a, org, [eq(a.id, id)]));
    return { removed: gone.length };
  });
}

// A course's assignments (or one of them) with their targets' names and the students each reaches now.
export async function assignments(ctx: RequestContext, courseId: number, onlyId?: number): Promise<Assignment[]> {
  const org = ctx.orgId;
  const rows = await ctx.db
    .select()
    .from(a)
    .where(inOrg(a, org, [eq(a.courseId, courseId), onlyId === undefined ? undefined : eq(a.id, onlyId)]))
    .orderBy(asc(a.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  // Raw: the three target lists with their names in one statement (UNION ALL of three joins).
  const idSet = sql`any(${`{${ids.join(',')}}`}::bigint[])`;
  const names = await typedRows(
    ctx.db,
    sql`select x.assignment_id as owner, 1 as kind, x.team_id as id, t.name as name
        from ${assignmentTeams} x join ${teams} t on t.organization_id = x.organization_id and t.id = x.team_id
        where x.organization_id = ${org} and x.assignment_id = ${idSet}
      union all select x.assignment_id, 2, x.department_id, d.name
        from ${assignmentDepartments} x join ${departments} d on d.organization_id = x.organization_id and d.id = x.department_id
        where x.organization_id = ${org} and x.assignment_id = ${idSet}
      union all select x.assignment_id, 3, x.user_id, u.real_name || ' (' || u.user_name || ')'
        from ${assignmentStudents} x join ${users} u on u.organization_id = x.organization_id and u.id = x.user_id
        where x.organization_id = ${org} and x.assignment_id = ${idSet}
      order by 2, 3`,
    { owner: num, kind: num, id: num, name: String },
  );
  const out: Assignment[] = [];
  for (const r of rows) {
    const mine = names.filter((x) => x.owner === r.id);
    const of = (kind: number) => mine.filter((x) => x.kind === kind).map((x) => x.id);
    // One count per assignment: a course has a handful of them.
    const [reached] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`(${assignedStudents(org, r.id)}) s`);
    out.push({
      id: r.id,
      courseId: r.courseId,
      rangeType: r.rangeType as CourseRange,
      gradeYears: r.gradeYears,
      teamIds: of(1),
      departmentIds: of(2),
      studentIds: of(3),
      targets: [...r.gradeYears.map(String), ...mine.map((x) => x.name)],
      required: r.required,
      dueTime: r.dueTime ? r.dueTime.toISOString() : null,
      students: reached?.n ?? 0,
      createTime: r.createTime.toISOString(),
    });
  }
  return out;
}
