import {
  type MyRecord,
  type PERSON_EVENT_KINDS,
  type PersonTimeline,
  RoleKind,
  type zCreateMissing,
  type zStudentRecordEdit,
} from '@lyceum/contract';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { teamMembers } from '../team/team.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { personEvents } from './person-events.table';
import { studentNoTaken } from './record-rows';
import { studentRecordResource } from './student-record.resource';
import { createStudentRecord, linkGuardians } from './student-record.service';
import { studentGuardians, studentRecords } from './student-record.table';

// Staff edits of a record (studentRecord:update), records for students who have none, and what a
// student reads of their own (their record without the ID number and the staff note, their timeline).

export async function editRecord(ctx: RequestContext, id: number, input: z.output<typeof zStudentRecordEdit>) {
  const current = await studentRecordResource.get(ctx, id);
  const userId = Number(current.userId);
  if (input.studentNo && (await studentNoTaken(ctx.db, ctx.orgId, input.studentNo, userId)))
    throw invalidParams('studentNo', 'studentNoTaken', { no: input.studentNo });
  const { guardians: kin, ...fields } = input;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(studentRecords)
      .set({ ...fields, updateTime: clock.date() })
      .where(inOrg(studentRecords, ctx.orgId, [eq(studentRecords.id, id)]));
    if (kin) {
      // The guardians become exactly these: links to others end (the guardian rows stay, siblings may name them).
      const { guardianIds } = await linkGuardians(tx, ctx.orgId, userId, kin);
      await tx
        .delete(studentGuardians)
        .where(
          inOrg(studentGuardians, ctx.orgId, [
            eq(studentGuardians.userId, userId),
            guardianIds.length ? notInArray(studentGuardians.guardianId, guardianIds) : undefined,
          ]),
        );
      for (const [i, g] of kin.entries()) {
        await tx
          .update(studentGuardians)
          .set({ relation: g.relation, sort: i })
          .where(
            inOrg(studentGuardians, ctx.orgId, [
              eq(studentGuardians.userId, userId),
              eq(studentGuardians.guardianId, guardianIds[i]!),
            ]),
          );
      }
    }
  });
  return studentRecordResource.get(ctx, id);
}

// Records for the students of a class (or named) who have none: numbers from their cohort year.
export async function createMissing(ctx: RequestContext, input: z.output<typeof zCreateMissing>) {
  let ids = input.userIds ?? [];
  if (input.teamId !== undefined) {
    const members = await ctx.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(inOrg(teamMembers, ctx.orgId, [eq(teamMembers.teamId, input.teamId)]));
    ids = [...new Set([...ids, ...members.map((m) => m.userId)])];
  }
  if (!ids.length) return { created: 0, skipped: 0 };
  const students = await ctx.db
    .select({ id: users.id, departmentId: users.departmentId })
    .from(users)
    .where(inOrg(users, ctx.orgId, [inArray(users.id, ids), withRoleKind(RoleKind.Student)]));
  const notStudent = (input.userIds ?? []).find((i) => !students.some((s) => s.id === i));
  if (notStudent !== undefined) throw invalidParams('userIds', 'notAStudent', { name: `#${notStudent}` });
  const having = await ctx.db
    .select({ userId: studentRecords.userId })
    .from(studentRecords)
    .where(
      inOrg(studentRecords, ctx.orgId, [
        inArray(
          studentRecords.userId,
          students.map((s) => s.id),
        ),
      ]),
    );
  const has = new Set(having.map((h) => h.userId));
  const todo = students.filter((s) => !has.has(s.id)).sort((a, b) => a.id - b.id);
  const cohortYear = input.cohortYear ?? clock.date().getUTCFullYear();
  await ctx.db.transaction(async (tx) => {
    for (const s of todo)
      await createStudentRecord(
        tx,
        ctx.orgId,
        { userId: s.id, cohortYear, departmentId: s.departmentId, guardians: [] },
        ctx.userId,
      );
  });
  return { created: todo.length, skipped: ids.length - todo.length };
}

export async function myRecord(ctx: RequestContext): Promise<MyRecord> {
  const [row] = await ctx.db
    .select({ id: studentRecords.id })
    .from(studentRecords)
    .where(inOrg(studentRecords, ctx.orgId, [eq(studentRecords.userId, ctx.userId)]));
  if (!row) return null;
  const { idNumber: _id, note: _note, ...own } = await studentRecordResource.get(ctx, row.id);
  return own as MyRecord;
}

// A person's timeline, oldest first. Staff read anyone's of the organisation; a student, their own.
export async function timelineOf(db: DbOrTx, orgId: number, userId: number): Promise<PersonTimeline> {
  const rows = await db
    .select({
      id: personEvents.id,
      kind: personEvents.kind,
      refType: personEvents.refType,
      refId: personEvents.refId,
      detail: personEvents.detail,
      actorName: users.realName,
      createTime: personEvents.createTime,
    })
    .from(personEvents)
    .leftJoin(users, and(eq(users.organizationId, personEvents.organizationId), eq(users.id, personEvents.actorId)))
    .where(inOrg(personEvents, orgId, [eq(personEvents.userId, userId)]))
    .orderBy(asc(personEvents.createTime), asc(personEvents.id))
    .limit(500);
  return {
    list: rows.map((r) => ({
      ...r,
      kind: r.kind as (typeof PERSON_EVENT_KINDS)[number],
      detail: (r.detail ?? {}) as Record<string, string | number | boolean | null>,
      createTime: r.createTime.toISOString(),
    })),
  };
}

// Staff: the person must be a user of the organisation (another organisation's is "not found").
export async function staffTimeline(ctx: RequestContext, userId: number): Promise<PersonTimeline> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inOrg(users, ctx.orgId, [eq(users.id, userId)]));
  if (!user) throw notFound('User');
  return timelineOf(ctx.db, ctx.orgId, userId);
}
