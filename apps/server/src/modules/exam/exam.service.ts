import {
  type CalendarEntry,
  CandidateStatus,
  ConflictKind,
  ExamState,
  type ExamStatus,
  isOpenWindow,
  type zCalendarRequest,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../../platform/sql-rows';
import { teachVenues } from '../calendar/calendar.table';
import { examResource } from './exam.resource';
import { accommodations, examCandidates, exams } from './exam.table';
import { conflictsOf } from './exam-candidates';

const { Rejected } = CandidateStatus;

// ---- Scheduling ---------------------------------------------------------------------------------

export async function calendar(ctx: RequestContext, req: z.output<typeof zCalendarRequest>) {
  const found = await examResource.list(
    ctx,
    { from: req.from, to: req.to, venueId: req.venueId, teamId: req.teamId },
    500,
    req.includeCancelled ? undefined : sql`${exams.state} <> ${ExamState.Cancelled}`,
  );
  const venueNames = new Map(
    (
      await rows<{ id: number; name: string }>(
        ctx.db,
        sql`select id, name from ${teachVenues} where organization_id = ${ctx.orgId}`,
      )
    ).map((v) => [Number(v.id), v.name]),
  );
  const entries: CalendarEntry[] = [];
  for (const e of found) {
    const id = e.id as number;
    const [longest] = await rows<{ m: number }>(
      ctx.db,
      sql`select coalesce(max(ceil(${e.durationMinutes as number}::int * (coalesce(c.extra_time_factor, a.extra_time_factor, 1) - 1) - 0.000000001)::int
          + coalesce(c.extra_minutes, a.extra_minutes, 0)), 0) as m
        from ${examCandidates} c left join ${accommodations} a on a.organization_id = c.organization_id and a.user_id = c.user_id
        where c.organization_id = ${ctx.orgId} and c.exam_id = ${id} and c.status <> ${Rejected}`,
    );
    // A draft with no candidates yet is a plan in progress, not a clash: the calendar leaves that out.
    const conflicts =
      e.state === ExamState.Cancelled
        ? []
        : (await conflictsOf(ctx.db, ctx, id)).filter(
            (c) => !(e.state === ExamState.Draft && c.kind === ConflictKind.NoCandidates),
          );
    entries.push({
      id,
      name: e.name as string,
      state: e.state as ExamState,
      status: e.status as ExamStatus,
      windowStart: e.windowStart as string,
      windowEnd: e.windowEnd as string,
      latestEnd: new Date(new Date(e.windowEnd as string).getTime() + Number(longest?.m ?? 0) * 60_000).toISOString(),
      venueId: (e.venueId as number | null) ?? null,
      venueName: e.venueId ? (venueNames.get(e.venueId as number) ?? null) : null,
      virtualRoomId: (e.virtualRoomId as string | null) ?? null,
      teamIds: e.teamIds as number[],
      invigilatorIds: e.invigilatorIds as number[],
      candidateCount: e.candidateCount as number,
      openWindow: isOpenWindow({
        windowStart: e.windowStart as string,
        windowEnd: e.windowEnd as string,
        durationMinutes: e.durationMinutes as number,
        latestEntryMinutes: e.latestEntryMinutes as number | null,
      }),
      conflicts,
    });
  }
  return { entries };
}

// Published exams using a paper that have not ended (counting the longest extra time): the paper
// cannot be withdrawn under them.
export async function liveExamsOfPaper(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<string[]> {
  const now = clock.date().toISOString();
  const list = await rows<{ name: string }>(
    db,
    sql`select e.name from ${exams} e where e.organization_id = ${ctx.orgId} and e.paper_id = ${paperId}
      and e.state = ${ExamState.Published}
      and e.window_end + make_interval(mins => e.duration_minutes * 2 + 600) > ${now}::timestamptz
      order by e.window_start limit 10`,
  );
  return list.map((l) => l.name);
}
