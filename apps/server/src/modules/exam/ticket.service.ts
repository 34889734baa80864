import { type AdmissionTicket, CandidateStatus, ExamState } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { departments } from '../department/department.table';
import { organizations } from '../organization/organization.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examResource } from './exam.resource';
import { type MyRow, myColumns, myJoins, rulesOf, timesOf } from './my-exam.service';

const { Approved } = CandidateStatus;

// ---- Tickets ------------------------------------------------------------------------------------

async function ticketsOf(ctx: RequestContext, examId: number, userIds: number[] | null): Promise<AdmissionTicket[]> {
  const list = await rows<
    MyRow & {
      user_id: number;
      user_name: string;
      real_name: string;
      avatar: string | null;
      department_name: string | null;
      team_names: string[];
      org_name: string;
    }
  >(
    ctx.db,
    sql`select ${myColumns}, u.id as user_id, u.user_name, u.real_name, u.avatar, d.name as department_name, o.name as org_name,
        coalesce((select array_agg(t.name order by t.name) from ${teamMembers} m join ${teams} t
          on t.organization_id = m.organization_id and t.id = m.team_id
          where m.organization_id = c.organization_id and m.user_id = c.user_id), '{}') as team_names
      ${myJoins}
      join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
      join ${organizations} o on o.id = c.organization_id
      left join ${departments} d on d.organization_id = u.organization_id and d.id = u.department_id
      where c.organization_id = ${ctx.orgId} and c.exam_id = ${examId} and c.status = ${Approved}
        and e.state = ${ExamState.Published}
        ${
          userIds
            ? sql`and c.user_id in (${sql.join(
                userIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
      order by c.seat_no nulls last, u.user_name`,
  );
  return list.map((r) => {
    const t = timesOf(r);
    return {
      examId: Number(r.id),
      examName: r.name,
      organizationName: r.org_name,
      userId: Number(r.user_id),
      userName: r.user_name,
      realName: r.real_name,
      avatar: r.avatar,
      departmentName: r.department_name,
      teamNames: r.team_names,
      windowStart: new Date(t.start).toISOString(),
      windowEnd: new Date(t.end).toISOString(),
      durationMinutes: Number(r.duration_minutes),
      extraTime: t.extraTime,
      latestEntry: t.latestEntry === null ? null : new Date(t.latestEntry).toISOString(),
      venueName: r.venue_name,
      venueAddress: r.venue_address,
      virtualRoomId: r.virtual_room_id,
      seatNo: r.seat_no == null ? null : Number(r.seat_no),
      instructions: r.instructions,
      rules: rulesOf(r),
    };
  });
}

export async function tickets(ctx: RequestContext, examId: number, userIds?: number[]) {
  await examResource.readable(ctx, examId);
  return ticketsOf(ctx, examId, userIds?.length ? userIds : null);
}

export async function myTicket(ctx: RequestContext, examId: number) {
  const [ticket] = await ticketsOf(ctx, examId, [ctx.userId]);
  if (!ticket) throw notFound('Exam');
  return ticket;
}
