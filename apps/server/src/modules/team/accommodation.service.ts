import { type Accommodation, RoleKind, type zAccommodation } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { accommodations } from '../exam/exam.table';
import { withRoleKind } from '../user/user.service';
import { users } from '../user/user.table';

// A student's accommodations: an extra-time factor and extra minutes every timed exam applies
// (exams read them through accommodationsOf). Set on students of the organisation only.

// "not found" for a user of another organisation (or none), "not a student" for staff.
async function assertStudent(db: DbOrTx, ctx: RequestContext, userId: number): Promise<void> {
  const [user] = await db
    .select({ userName: users.userName, student: sql<boolean>`${withRoleKind(RoleKind.Student)}` })
    .from(users)
    .where(inOrg(users, ctx.orgId, [eq(users.id, userId)]));
  if (!user) throw notFound('User');
  if (!user.student) throw invalidParams('id', 'notAStudent', { name: user.userName });
}

const columns = {
  userId: accommodations.userId,
  extraTimeFactor: accommodations.extraTimeFactor,
  extraMinutes: accommodations.extraMinutes,
  note: accommodations.note,
};

export async function getAccommodation(ctx: RequestContext, userId: number): Promise<Accommodation | null> {
  await assertStudent(ctx.db, ctx, userId);
  const [row] = await ctx.db
    .select(columns)
    .from(accommodations)
    .where(inOrg(accommodations, ctx.orgId, [eq(accommodations.userId, userId)]));
  return row ?? null;
}

// Creates or replaces the student's accommodations.
export async function setAccommodation(
  ctx: RequestContext,
  userId: number,
  input: z.output<typeof zAccommodation>,
): Promise<Accommodation> {
  await assertStudent(ctx.db, ctx, userId);
  const values = {
    extraTimeFactor: input.extraTimeFactor,
    extraMinutes: input.extraMinutes,
    note: input.note ?? null,
    updateTime: new Date(),
  };
  const [row] = await ctx.db
    .insert(accommodations)
    .values({ organizationId: ctx.orgId, userId, ...values })
    .onConflictDoUpdate({ target: [accommodations.organizationId, accommodations.userId], set: values })
    .returning(columns);
  return row;
}
