import {
  type Candidate,
  extraMinutesOf,
  pageOf,
  pageOffset,
  type zCandidateOverride,
  type zCandidatePageRequest,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { rows } from '../../platform/sql-rows';
import { departments } from '../department/department.table';
import { teamMembers, teams } from '../team/team.table';
import { users } from '../user/user.table';
import { examResource } from './exam.resource';
import { accommodations, examCandidates } from './exam.table';

// ---- The candidate list (staff) ----------------------------------------------------------------

// One candidate's columns: the user, their classes, their accommodation and the per-exam override.
const candidateColumns = sql`u.id, u.user_name as "userName", u.real_name as "realName", u.avatar,
  c.status, c.source, c.student_status as "studentStatus", c.seat_no as "seatNo", c.create_time as "registeredTime",
  d.name as "departmentName",
  coalesce((select array_agg(t.name order by t.name) from ${teamMembers} m join ${teams} t
    on t.organization_id = m.organization_id and t.id = m.team_id
    where m.organization_id = c.organization_id and m.user_id = c.user_id), '{}') as "teamNames",
  coalesce(c.extra_time_factor, a.extra_time_factor, 1) as "extraTimeFactor",
  coalesce(c.extra_minutes, a.extra_minutes, 0) as "extraMinutes",
  (c.extra_time_factor is not null or c.extra_minutes is not null) as overridden`;
const candidateJoins = sql`from ${examCandidates} c
  join ${users} u on u.organization_id = c.organization_id and u.id = c.user_id
  left join ${departments} d on d.organization_id = u.organization_id and d.id = u.department_id
  left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id`;

type CandidateRow = Omit<Candidate, 'extraTime' | 'registeredTime'> & { registeredTime: Date | string };
function toCandidate(r: CandidateRow, duration: number): Candidate {
  const factor = Number(r.extraTimeFactor);
  const minutes = Number(r.extraMinutes);
  return {
    ...r,
    id: Number(r.id),
    seatNo: r.seatNo == null ? null : Number(r.seatNo),
    extraTimeFactor: factor,
    extraMinutes: minutes,
    registeredTime: new Date(r.registeredTime).toISOString(),
    extraTime: extraMinutesOf(duration, { extraTimeFactor: factor, extraMinutes: minutes }),
  };
}

export async function candidatePage(ctx: RequestContext, examId: number, req: z.output<typeof zCandidatePageRequest>) {
  const exam = await examResource.readable(ctx, examId);
  const where = sql`c.organization_id = ${ctx.orgId} and c.exam_id = ${examId}
    ${req.status ? sql`and c.status = ${req.status}` : sql``}
    ${req.keyword ? sql`and (u.user_name ilike ${likePattern(req.keyword)} or u.real_name ilike ${likePattern(req.keyword)})` : sql``}`;
  const list = await rows<CandidateRow>(
    ctx.db,
    sql`select ${candidateColumns} ${candidateJoins} where ${where}
      order by c.seat_no nulls last, u.user_name limit ${req.pageSize} offset ${pageOffset(req)}`,
  );
  const [total] = await rows<{ n: number }>(ctx.db, sql`select count(*) as n ${candidateJoins} where ${where}`);
  return pageOf(
    list.map((r) => toCandidate(r, exam.durationMinutes as number)),
    Number(total?.n ?? 0),
    req,
  );
}

async function oneCandidate(db: DbOrTx, ctx: RequestContext, examId: number, userId: number, duration: number) {
  const [r] = await rows<CandidateRow>(
    db,
    sql`select ${candidateColumns} ${candidateJoins} where c.organization_id = ${ctx.orgId} and c.exam_id = ${examId} and c.user_id = ${userId}`,
  );
  if (!r) throw notFound('Candidate');
  return toCandidate(r, duration);
}

// A per-exam accommodation for one candidate (the exam in the caller's write scope).
export async function overrideCandidate(
  ctx: RequestContext,
  examId: number,
  body: z.output<typeof zCandidateOverride>,
) {
  return ctx.db.transaction(async (tx) => {
    const exam = await examResource.loadForWrite(tx, ctx, examId, true);
    const changed = await rows<{ user_id: number }>(
      tx,
      sql`update ${examCandidates} set extra_time_factor = ${body.extraTimeFactor}, extra_minutes = ${body.extraMinutes}
        where organization_id = ${ctx.orgId} and exam_id = ${examId} and user_id = ${body.userId} returning user_id`,
    );
    if (!changed.length) throw invalidParams('userId', 'notChildHere', { entity: 'candidate', id: body.userId });
    return oneCandidate(tx, ctx, examId, body.userId, exam.durationMinutes as number);
  });
}
