import {
  type Leave,
  type LeavePage,
  LeaveStatus,
  MessageAssociation,
  pageOf,
  pageOffset,
  type zLeaveCreate,
  type zLeavePageRequest,
} from '@lyceum/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { forbidden, invalidParams, notFound } from '../../platform/errors';
import { fileLinkStore } from '../../platform/ports';
import { allows } from '../../platform/route';
import { idList, num, orNull, typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { files } from '../file/file.table';
import { sendNotice } from '../message/message-delivery';
import { teamMembers, teams } from '../team/team.table';
import { orgTimeZone } from '../timetable/booking.service';
import { lessons } from '../timetable/timetable.table';
import { users } from '../user/user.table';
import { leaveRequestFiles, leaveRequestLessons, leaveRequests } from './attendance.table';
import { isOffice } from './attendance-sessions';

// Leave requests: a student asks for themselves; a class teacher for a student of their classes,
// academic staff (attendance:all) for anyone. Students read their own, class teachers their
// classes' (and those they made), academic staff all. Documents are uploads of the asker's, readable
// by the student, their class teachers and attendance staff.

export const LEAVE_FILES = 'leave';
type LeaveRow = typeof leaveRequests.$inferSelect;

const isStaff = (ctx: RequestContext) => allows(ctx, ['attendance:page']);
// Students of the classes the caller leads.
const ledStudents = (ctx: RequestContext) =>
  sql`select tm.user_id from ${teamMembers} tm join ${teams} t on t.organization_id = tm.organization_id
    and t.id = tm.team_id where tm.organization_id = ${ctx.orgId} and t.class_teacher_id = ${ctx.userId}`;

// The leave a caller reads (alias r).
export function leaveScope(ctx: RequestContext): SQL {
  if (isOffice(ctx)) return sql`true`;
  if (isStaff(ctx)) return sql`(r.student_id in (${ledStudents(ctx)}) or r.created_by = ${ctx.userId})`;
  return sql`r.student_id = ${ctx.userId}`;
}

// Whether the caller decides on a student's leave: academic staff any, a class teacher their classes'.
export async function decidesFor(ctx: RequestContext, studentId: number): Promise<boolean> {
  if (!allows(ctx, ['leave:approve'])) return false;
  return isOffice(ctx) || leadsClassOf(ctx, studentId);
}
async function leadsClassOf(ctx: RequestContext, studentId: number): Promise<boolean> {
  const rows = await typedRows(ctx.db, sql`select 1 as n where ${studentId} in (${ledStudents(ctx)})`, { n: num });
  return rows.length > 0;
}

// One leave the caller reads, or "not found".
export async function readableLeave(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<LeaveRow> {
  const query = db
    .select()
    .from(leaveRequests)
    .where(and(inOrg(leaveRequests, ctx.orgId, [eq(leaveRequests.id, id)]), scopeOn(ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Leave request');
  return row;
}
const scopeOn = (ctx: RequestContext) => sql`exists (select 1 from ${leaveRequests} r
  where r.organization_id = ${leaveRequests.organizationId} and r.id = ${leaveRequests.id} and ${leaveScope(ctx)})`;

// ---- reading ----

const SHAPE = {
  id: num,
  studentId: num,
  studentName: (v: unknown) => String(v ?? ''),
  userName: (v: unknown) => String(v ?? ''),
  fromAt: leaveRequests.fromAt,
  toAt: leaveRequests.toAt,
  reason: (v: unknown) => String(v ?? ''),
  status: num,
  createdBy: num,
  createdByName: (v: unknown) => String(v ?? ''),
  reviewedBy: (v: unknown) => (v == null ? null : Number(v)),
  reviewedByName: (v: unknown) => (v == null ? null : String(v)),
  reviewedAt: orNull(leaveRequests.reviewedAt),
  reviewNote: (v: unknown) => (v == null ? null : String(v)),
  createTime: leaveRequests.createTime,
};

async function leaveRows(ctx: RequestContext, where: SQL, page?: { limit: number; offset: number }) {
  return typedRows(
    ctx.db,
    sql`select r.id, r.student_id as "studentId", s.real_name as "studentName", s.user_name as "userName",
        r.from_at as "fromAt", r.to_at as "toAt", r.reason, r.status, r.created_by as "createdBy",
        c.real_name as "createdByName", r.reviewed_by as "reviewedBy", v.real_name as "reviewedByName",
        r.reviewed_at as "reviewedAt", r.review_note as "reviewNote", r.create_time as "createTime"
      from ${leaveRequests} r
      join ${users} s on s.organization_id = r.organization_id and s.id = r.student_id
      join ${users} c on c.organization_id = r.organization_id and c.id = r.created_by
      left join ${users} v on v.organization_id = r.organization_id and v.id = r.reviewed_by
      where r.organization_id = ${ctx.orgId} and ${leaveScope(ctx)} and ${where}
      order by r.id desc ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
    SHAPE,
  );
}

// The rows with their classes, documents and named lessons, and what the caller may do now.
async function shape(ctx: RequestContext, rows: Awaited<ReturnType<typeof leaveRows>>): Promise<Leave[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const students = [...new Set(rows.map((r) => r.studentId))];
  const [classes, docs, named] = await Promise.all([
    ctx.db
      .select({ userId: teamMembers.userId, name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, and(eq(teams.organizationId, teamMembers.organizationId), eq(teams.id, teamMembers.teamId)))
      .where(inOrg(teamMembers, ctx.orgId, [inArray(teamMembers.userId, students)])),
    ctx.db
      .select({ leaveId: leaveRequestFiles.ownerId, id: files.id, name: files.name, size: files.size })
      .from(leaveRequestFiles)
      .innerJoin(
        files,
        and(eq(files.organizationId, leaveRequestFiles.organizationId), eq(files.id, leaveRequestFiles.targetId)),
      )
      .where(inOrg(leaveRequestFiles, ctx.orgId, [inArray(leaveRequestFiles.ownerId, ids)])),
    ctx.db
      .select({
        leaveId: leaveRequestLessons.ownerId,
        id: lessons.id,
        title: lessons.title,
        startsAt: lessons.startsAt,
        endsAt: lessons.endsAt,
      })
      .from(leaveRequestLessons)
      .innerJoin(
        lessons,
        and(
          eq(lessons.organizationId, leaveRequestLessons.organizationId),
          eq(lessons.id, leaveRequestLessons.targetId),
        ),
      )
      .where(inOrg(leaveRequestLessons, ctx.orgId, [inArray(leaveRequestLessons.ownerId, ids)]))
      .orderBy(lessons.startsAt),
  ]);
  const now = clock.date();
  const deciding = new Map<number, boolean>();
  for (const s of students) deciding.set(s, await decidesFor(ctx, s));
  return rows.map((r) => {
    const status = r.status as LeaveStatus;
    const own = r.studentId === ctx.userId || r.createdBy === ctx.userId;
    const open = status === LeaveStatus.Pending || status === LeaveStatus.Approved;
    return {
      ...r,
      status,
      fromAt: r.fromAt.toISOString(),
      toAt: r.toAt.toISOString(),
      reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
      createTime: r.createTime.toISOString(),
      teamNames: classes.filter((c) => c.userId === r.studentId).map((c) => c.name),
      files: docs.filter((f) => f.leaveId === r.id).map(({ leaveId: _, ...f }) => f),
      lessons: named
        .filter((l) => l.leaveId === r.id)
        .map(({ leaveId: _, ...l }) => ({ ...l, startsAt: l.startsAt.toISOString(), endsAt: l.endsAt.toISOString() })),
      canDecide: open && (deciding.get(r.studentId) ?? false),
      canWithdraw: own && (status === LeaveStatus.Pending || (status === LeaveStatus.Approved && r.fromAt > now)),
    };
  });
}

export async function leaveById(ctx: RequestContext, id: number): Promise<Leave> {
  const [row] = await shape(ctx, await leaveRows(ctx, sql`r.id = ${id}`));
  if (!row) throw notFound('Leave request');
  return row;
}

export async function leavePage(ctx: RequestContext, req: z.output<typeof zLeavePageRequest>): Promise<LeavePage> {
  const zone = await orgTimeZone(ctx.db, ctx.orgId);
  const where: SQL[] = [];
  if (req.status !== undefined) where.push(sql`r.status = ${req.status}`);
  if (req.studentId !== undefined) where.push(sql`r.student_id = ${req.studentId}`);
  if (req.teamId !== undefined)
    where.push(sql`r.student_id in (select user_id from ${teamMembers} where organization_id = ${ctx.orgId}
      and team_id = ${req.teamId})`);
  if (req.from) where.push(sql`r.to_at > (${req.from}::date)::timestamp at time zone ${zone}`);
  if (req.to) where.push(sql`r.from_at < (${req.to}::date + 1)::timestamp at time zone ${zone}`);
  if (req.keyword) {
    const like = `%${req.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`exists (select 1 from ${users} k where k.organization_id = r.organization_id and k.id = r.student_id
      and (k.real_name ilike ${like} or k.user_name ilike ${like}))`);
  }
  const filter = where.length ? sql.join(where, sql` and `) : sql`true`;
  const [total] = await typedRows(
    ctx.db,
    sql`select count(*)::int as n from ${leaveRequests} r where r.organization_id = ${ctx.orgId}
      and ${leaveScope(ctx)} and ${filter}`,
    { n: num },
  );
  const rows = await leaveRows(ctx, filter, { limit: req.pageSize, offset: pageOffset(req) });
  return pageOf(await shape(ctx, rows), total?.n ?? 0, req);
}

// ---- asking ----

// Whom the leave is for: the caller (a student), or a student the staff caller may act for.
async function studentFor(ctx: RequestContext, studentId: number | undefined): Promise<number> {
  if (!isStaff(ctx)) {
    if (studentId !== undefined && studentId !== ctx.userId) throw forbidden();
    return ctx.userId;
  }
  if (studentId === undefined) throw invalidParams('studentId', 'required');
  const [inClass] = await ctx.db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(inOrg(teamMembers, ctx.orgId, [eq(teamMembers.userId, studentId)]))
    .limit(1);
  if (!inClass) throw invalidParams('studentId', 'notAStudent', { name: String(studentId) });
  if (!isOffice(ctx) && !(await leadsClassOf(ctx, studentId)))
    throw invalidParams('studentId', 'notYourClass', { name: String(studentId) });
  return studentId;
}
export async function createLeave(ctx: RequestContext, input: z.output<typeof zLeaveCreate>): Promise<Leave> {
  const studentId = await studentFor(ctx, input.studentId);
  const lessonIds = [...new Set(input.lessonIds)];
  if (lessonIds.length) {
    const theirs = await typedRows(
      ctx.db,
      sql`select l.id from ${lessons} l where l.organization_id = ${ctx.orgId} and l.id in (${idList(lessonIds)})
        and l.team_id in (select team_id from ${teamMembers} where organization_id = ${ctx.orgId} and user_id = ${studentId})`,
      { id: num },
    );
    const ok = new Set(theirs.map((r) => r.id));
    const i = input.lessonIds.findIndex((id) => !ok.has(id));
    if (i >= 0)
      throw invalidParams(`lessonIds.${i}`, 'noSuchReference', { entity: 'lesson', ids: String(input.lessonIds[i]) });
  }
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length) {
    const own = await ctx.db
      .select({ id: files.id })
      .from(files)
      .where(inOrg(files, ctx.orgId, [inArray(files.id, fileIds), eq(files.uploaderId, ctx.userId)]));
    const mine = new Set(own.map((f) => f.id));
    const bad = fileIds.find((id) => !mine.has(id));
    if (bad !== undefined) throw invalidParams('fileIds', 'fileNotReadable', { id: bad });
  }
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        organizationId: ctx.orgId,
        studentId,
        fromAt: new Date(input.fromAt),
        toAt: new Date(input.toAt),
        reason: input.reason,
        createdBy: ctx.userId,
      })
      .returning({ id: leaveRequests.id });
    const leaveId = (row as { id: number }).id;
    const owned = (targetId: number) => ({ organizationId: ctx.orgId, ownerId: leaveId, targetId });
    if (lessonIds.length) await tx.insert(leaveRequestLessons).values(lessonIds.map(owned));
    if (fileIds.length) await tx.insert(leaveRequestFiles).values(fileIds.map(owned));
    await fileLinkStore.get().link(
      tx,
      ctx,
      LEAVE_FILES,
      [leaveId],
      fileIds.map((fileId) => ({ entityId: leaveId, field: 'fileIds', fileId })),
    );
    // The student's class teachers hear of it (the one asking on the student's behalf excepted).
    const [student] = await tx
      .select({ realName: users.realName })
      .from(users)
      .where(inOrg(users, ctx.orgId, [eq(users.id, studentId)]));
    await sendNotice(tx, ctx.orgId, {
      kind: 'leaveRequested',
      params: { student: student?.realName ?? '', start: input.fromAt, due: input.toAt, reason: input.reason },
      about: { type: MessageAssociation.Leave, id: leaveId },
      to: sql`select distinct t.class_teacher_id as id from ${teams} t join ${teamMembers} tm
        on tm.organization_id = t.organization_id and tm.team_id = t.id
        where t.organization_id = ${ctx.orgId} and tm.user_id = ${studentId} and t.class_teacher_id is not null
          and t.class_teacher_id <> ${ctx.userId}`,
    });
    return leaveId;
  });
  return leaveById(ctx, id);
}

// A leave's documents: its student, those who read the leave (class teachers, attendance staff).
export async function readsLeaveFiles(ctx: RequestContext, ids: number[]): Promise<boolean> {
  const rows = await typedRows(
    ctx.db,
    sql`select r.id from ${leaveRequests} r where r.organization_id = ${ctx.orgId} and r.id in (${idList(ids)})
      and ${leaveScope(ctx)} limit 1`,
    { id: num },
  );
  return rows.length > 0;
}
