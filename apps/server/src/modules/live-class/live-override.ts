import type { zLiveOverride } from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { teamMembers } from '../team/team.table';
import { users } from '../user/user.table';
import { liveAttendance } from './live-attendance';
import { checkStarted } from './live-import';
import { liveFacts } from './live-roll';

// A teacher's correction of a status the session derived (connection trouble, a shared device): a
// teacher's mark with its reason in the student's class's roll call, kept in the log beside the
// derived one; the current mark follows the register's rules (a teacher's stands over the report's,
// the office's over both). For a student of one of its classes: a course's learner alone has no
// roll call. The caller manages the live class (checked by the route).

type Override = z.output<typeof zLiveOverride>;

export async function overrideMark(
  ctx: RequestContext,
  liveClassId: number,
  input: Override,
): Promise<{ markId: number; label: string }> {
  return ctx.db.transaction(async (tx) => {
    const live = await liveFacts(tx, ctx.orgId, liveClassId, true);
    checkStarted(live.row);
    const [student] = await tx
      .select({ realName: users.realName })
      .from(users)
      .where(inOrg(users, ctx.orgId, [eq(users.id, input.studentId)]));
    if (!student)
      throw invalidParams('studentId', 'noSuchReference', { entity: 'student', ids: String(input.studentId) });
    const [member] = live.teamIds.length
      ? await tx
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(
            inOrg(teamMembers, ctx.orgId, [
              and(eq(teamMembers.userId, input.studentId), inArray(teamMembers.teamId, live.teamIds)),
            ]),
          )
          .orderBy(teamMembers.teamId)
          .limit(1)
      : [];
    const [teacherId] = live.teacherIds;
    if (!member || teacherId === undefined) throw invalidParams('studentId', 'notInClass', { name: student.realName });
    const roll = {
      liveClassId,
      title: live.row.title,
      startsAt: live.row.startsAt,
      endsAt: live.row.endsAt,
      teamIds: live.teamIds,
      teacherId,
    };
    const markId = await liveAttendance.get().override(tx, ctx.orgId, roll, {
      studentId: input.studentId,
      teamId: member.teamId,
      statusId: input.statusId,
      reason: input.reason,
      markedBy: ctx.userId,
    });
    return { markId, label: `${live.row.title}: ${student.realName}` };
  });
}
