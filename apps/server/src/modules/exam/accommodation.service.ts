import type { zAccommodation } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { notStudents } from '../team/team.resource';
import { accommodations } from './exam.table';

const columns = {
  userId: accommodations.userId,
  extraTimeFactor: accommodations.extraTimeFactor,
  extraMinutes: accommodations.extraMinutes,
  note: accommodations.note,
};

async function mustBeStudent(ctx: RequestContext, userId: number) {
  if ((await notStudents(ctx.db, ctx, [userId])).size) throw invalidParams('id', 'notAStudent', { name: String(userId) });
}

export async function getAccommodation(ctx: RequestContext, userId: number) {
  await mustBeStudent(ctx, userId);
  const [row] = await ctx.db
    .select(columns)
    .from(accommodations)
    .where(and(eq(accommodations.organizationId, ctx.orgId), eq(accommodations.userId, userId)));
  return row ?? null;
}

// Upsert: the accommodation applies to every timed exam of the student from now on.
export async function setAccommodation(ctx: RequestContext, userId: number, input: z.output<typeof zAccommodation>) {
  await mustBeStudent(ctx, userId);
  const values = { extraTimeFactor: input.extraTimeFactor, extraMinutes: input.extraMinutes, note: input.note };
  const [row] = await ctx.db
    .insert(accommodations)
    .values({ organizationId: ctx.orgId, userId, ...values })
    .onConflictDoUpdate({
      target: [accommodations.organizationId, accommodations.userId],
      set: { ...values, updateTime: new Date() },
    })
    .returning(columns);
  return row;
}
