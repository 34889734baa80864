import type { SessionSummary, zAdHocSessionCreate } from '@lyceum/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { num, typedRows } from '../../platform/sql-rows';
import { inOrg } from '../../platform/tenant-sql';
import { teams } from '../team/team.table';
import { lessons } from '../timetable/timetable.table';
import { attendanceSessions } from './attendance.table';
import { isOffice, QR_SECRET } from './attendance-sessions';
import { summaryOf } from './attendance-summaries';

// An ad hoc roll call of a class (an assembly, an outing): its class teacher, a teacher of its
// lessons, or academic staff. The caller is its teacher, who takes it.
export async function createAdHocSession(
  ctx: RequestContext,
  input: z.output<typeof zAdHocSessionCreate>,
): Promise<SessionSummary> {
  const [team] = await ctx.db
    .select({ id: teams.id, name: teams.name, classTeacherId: teams.classTeacherId })
    .from(teams)
    .where(inOrg(teams, ctx.orgId, [eq(teams.id, input.teamId)]));
  if (!team) throw invalidParams('teamId', 'noSuchReference', { entity: 'class', ids: String(input.teamId) });
  if (!isOffice(ctx) && team.classTeacherId !== ctx.userId) {
    const teaches = await typedRows(
      ctx.db,
      sql`select 1 as n from ${lessons} where organization_id = ${ctx.orgId} and team_id = ${team.id}
        and (teacher_id = ${ctx.userId} or assistant_id = ${ctx.userId}) limit 1`,
      { n: num },
    );
    if (!teaches.length) throw invalidParams('teamId', 'notYourClass', { name: team.name });
  }
  const [made] = await ctx.db
    .insert(attendanceSessions)
    .values({
      organizationId: ctx.orgId,
      teamId: team.id,
      teacherId: ctx.userId,
      title: input.title,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      qrSecret: QR_SECRET,
    })
    .returning({ id: attendanceSessions.id });
  return summaryOf(ctx, (made as { id: number }).id);
}
