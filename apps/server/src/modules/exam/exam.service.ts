import {
  type CalendarEntry,
  CandidateStatus,
  ConflictKind,
  ExamState,
  type ExamStatus,
  isOpenWindow,
  type zCalendarRequest,
} from '@lyceum/contract';
import { eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { teachVenues } from '../calendar/calendar.table';
import { examResource } from './exam.resource';
import { accommodations, examCandidates, exams } from './exam.table';
import { conflictsOf, extraSql } from './exam-candidates';

// As `c` and `a`: extraSql names them so.
const c = alias(examCandidates, 'c');
const a = alias(accommodations, 'a');

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
      await ctx.db
        .select({ id: teachVenues.id, name: teachVenues.name })
        .from(teachVenues)
        .where(eq(teachVenues.organizationId, ctx.orgId))
    ).map((v) => [v.id, v.name]),
  );
  const entries: CalendarEntry[] = [];
  for (const e of found) {
    const id = e.id as number;
    const [longest] = await ctx.db
      .select({
        m: sql<number>`coalesce(max(${extraSql(sql`${e.durationMinutes as number}::int`)}), 0)`.mapWith(Number),
      })
      .from(c)
      .leftJoin(a, sameOrg(a, c, [eq(a.userId, c.userId)]))
      .where(inOrg(c, ctx.orgId, [eq(c.examId, id), ne(c.status, Rejected)]));
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
      latestEnd: new Date(new Date(e.windowEnd as string).getTime() + (longest?.m ?? 0) * 60_000).toISOString(),
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
  const list = await db
    .select({ name: exams.name })
    .from(exams)
    .where(
      inOrg(exams, ctx.orgId, [
        eq(exams.paperId, paperId),
        eq(exams.state, ExamState.Published),
        sql`${exams.windowEnd} + make_interval(mins => ${exams.durationMinutes} * 2 + 600) > ${clock.date().toISOString()}::timestamptz`,
      ]),
    )
    .orderBy(exams.windowStart)
    .limit(10);
  return list.map((l) => l.name);
}
