import { DEFAULT_GRADE_BANDS, type GradeBand, type GradeScale } from '@lyceum/contract';
import { desc, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { gradeBands } from './gradebook.table';

// The organisation's grade scale (issue 36): its own bands once saved, the default A–F until then.

export async function gradeScale(db: DbOrTx, orgId: number): Promise<GradeScale> {
  const own = await db
    .select({ label: gradeBands.label, minPercent: gradeBands.minPercent })
    .from(gradeBands)
    .where(eq(gradeBands.organizationId, orgId))
    .orderBy(desc(gradeBands.minPercent));
  return own.length ? { bands: own, custom: true } : { bands: [...DEFAULT_GRADE_BANDS], custom: false };
}

export async function saveGradeScale(ctx: RequestContext, bands: GradeBand[]): Promise<GradeScale> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(gradeBands).where(eq(gradeBands.organizationId, ctx.orgId));
    await tx.insert(gradeBands).values(bands.map((b) => ({ organizationId: ctx.orgId, ...b })));
  });
  return gradeScale(ctx.db, ctx.orgId);
}
