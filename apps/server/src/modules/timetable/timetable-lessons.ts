import { BookingOwner, LessonStatus, RoleKind } from '@lyceum/contract';
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { TenantTable } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';
import { bookings, lessons } from './timetable.table';

// What the timetable's services share about lessons: which ones may be remade from the slots, how
// they go, and who may teach them.

// A lesson the generation may remove and make again: still only scheduled (never moved,
// substituted or cancelled), not begun, and nothing hangs off it — no roll call taken or opened,
// no leave request naming it. Those two are the attendance module's tables, read here by name
// (raw SQL: the attendance module imports the timetable's tables, not the other way round;
// boundaries.test.ts lists the reach).
export function regenerable(now: Date): SQL {
  return and(
    eq(lessons.status, LessonStatus.Scheduled),
    isNull(lessons.movedFrom),
    isNull(lessons.originalTeacherId),
    gt(lessons.startsAt, now),
    sql`not exists (select 1 from attendance_sessions s
      where s.organization_id = ${lessons.organizationId} and s.lesson_id = ${lessons.id})`,
    sql`not exists (select 1 from leave_request_lessons k
      where k.organization_id = ${lessons.organizationId} and k.lesson_id = ${lessons.id})`,
  ) as SQL;
}

// Removes lessons and their bookings (the caller's transaction; the ids are the organisation's).
export async function removeLessons(tx: DbOrTx, orgId: number, ids: number[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    await tx
      .delete(bookings)
      .where(inOrg(bookings, orgId, [eq(bookings.ownerKind, BookingOwner.Lesson), inArray(bookings.ownerId, part)]));
    const gone = await tx
      .delete(lessons)
      .where(inOrg(lessons, orgId, [inArray(lessons.id, part)]))
      .returning({ id: lessons.id });
    removed += gone.length;
  }
  return removed;
}

// The regenerable lessons of some assignments, from a day on (their ids).
export async function regenerableOf(tx: DbOrTx, orgId: number, assignmentIds: number[], now: Date, from?: string) {
  if (!assignmentIds.length) return [];
  const found = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      inOrg(lessons, orgId, [
        inArray(lessons.assignmentId, assignmentIds),
        regenerable(now),
        from ? sql`${lessons.day} >= ${from}` : undefined,
      ]),
    );
  return found.map((r) => r.id);
}

// Staff who may teach (administrators, academic staff, teachers), by the fields naming them.
export async function checkTeachers(db: DbOrTx, orgId: number, wanted: { field: string; id: number | null }[]) {
  const named = wanted.filter((w): w is { field: string; id: number } => w.id != null);
  if (!named.length) return;
  const staff = or(
    withRoleKind(RoleKind.Administrator),
    withRoleKind(RoleKind.AcademicStaff),
    withRoleKind(RoleKind.Teacher),
  );
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inOrg(users, orgId, [
        inArray(
          users.id,
          named.map((w) => w.id),
        ),
        staff,
      ]),
    );
  const ok = new Set(found.map((r) => r.id));
  const bad = named.find((w) => !ok.has(w.id));
  if (bad) throw invalidParams(bad.field, 'notATeacher', { name: String(bad.id) });
}

// Names of rows of another table by id (a page's classes, teachers, rooms), in one query.
export async function namesOf(
  db: DbOrTx,
  orgId: number,
  table: TenantTable,
  label: PgColumn,
  ids: unknown[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return new Map();
  const found = await db
    .select({ id: table.id, name: label })
    .from(table)
    .where(and(eq(table.organizationId, orgId), inArray(table.id, wanted)));
  return new Map(found.map((r) => [Number(r.id), String(r.name)]));
}
