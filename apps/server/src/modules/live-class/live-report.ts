import { AttendanceKind, LiveProviderKind, LiveRole, ParticipationSource } from '@lyceum/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { markLiveAttended } from '../course/course-live';
import { type DerivedMark, liveAttendance } from './live-attendance';
import { liveClasses, liveJoins, liveParticipants } from './live-class.table';
import { onLiveEnded } from './live-events';
import {
  type Attendance,
  derivedKind,
  invitedOf,
  liveFacts,
  minutesOf,
  type ParticipantInput,
  percentOf,
  usersOf,
} from './live-roll';

// What a finished live class leaves behind: one row per participant (from the provider's report,
// Lyceum's join log or an import, the latest report replacing the one before), the derived status
// of every invited student in the attendance register (source Live, one roll call per class), and
// the course's live lesson attended by the learners who stayed long enough. Written again with the
// same rows, nothing visible changes: a mark is appended only where the derived status differs
// from the student's current one, and a lesson is attended once.

export type { ParticipantInput };

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

// One row per user of the organisation (a provider may name someone twice, or someone else's id).
async function mergeRows(db: DbOrTx, orgId: number, rows: ParticipantInput[]): Promise<ParticipantInput[]> {
  const known = await usersOf(
    db,
    orgId,
    rows.map((r) => r.userId),
  );
  const byUser = new Map<number, ParticipantInput>();
  for (const r of rows) {
    if (!known.has(r.userId)) continue;
    const seconds = Math.max(0, Math.round(r.seconds));
    const had = byUser.get(r.userId);
    byUser.set(
      r.userId,
      had
        ? {
            ...had,
            role: had.role === LiveRole.Moderator ? had.role : r.role,
            firstJoin: earliest(had.firstJoin, r.firstJoin),
            lastLeave: latest(had.lastLeave, r.lastLeave),
            seconds: had.seconds + seconds,
            joins: had.joins + r.joins,
          }
        : { ...r, seconds },
    );
  }
  return [...byUser.values()];
}

// The class's participant rows become these (one per person), and its report is dated now.
async function replaceParticipants(
  tx: DbOrTx,
  orgId: number,
  liveClassId: number,
  rows: ParticipantInput[],
  source: ParticipationSource,
) {
  const now = clock.date();
  await tx
    .delete(liveParticipants)
    .where(inOrg(liveParticipants, orgId, [eq(liveParticipants.liveClassId, liveClassId)]));
  if (rows.length) {
    await tx.insert(liveParticipants).values(
      rows.map((r) => ({
        organizationId: orgId,
        liveClassId,
        userId: r.userId,
        role: r.role,
        firstJoin: r.firstJoin,
        lastLeave: r.lastLeave,
        seconds: r.seconds,
        joins: r.joins,
        engagement: r.engagement,
        source,
        createTime: now,
        updateTime: now,
      })),
    );
  }
  await tx
    .update(liveClasses)
    .set({ reportAt: now })
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, liveClassId)]));
}

export async function writeReport(
  tx: DbOrTx,
  orgId: number,
  liveClassId: number,
  rows: ParticipantInput[],
  source: ParticipationSource,
): Promise<void> {
  const live = await liveFacts(tx, orgId, liveClassId, true);
  const merged = await mergeRows(tx, orgId, rows);
  await replaceParticipants(tx, orgId, liveClassId, merged, source);

  const { row } = live;
  const { classStudents, courseLearners } = await invitedOf(tx, orgId, live);
  const byUser = new Map(merged.map((r) => [r.userId, { ...r, source } satisfies Attendance]));
  const facts = (userId: number) => {
    const p = byUser.get(userId);
    return { p, kind: derivedKind(row, p) };
  };
  const [teacherId] = live.teacherIds;
  if (live.teamIds.length && teacherId !== undefined) {
    const marks: DerivedMark[] = [...classStudents].map((studentId) => {
      const { p, kind } = facts(studentId);
      const seconds = p?.seconds ?? 0;
      return {
        studentId,
        kind,
        evidence: {
          liveClassId,
          minutes: minutesOf(seconds),
          percent: Math.floor(percentOf(row, seconds)),
          firstJoin: p?.firstJoin?.toISOString() ?? null,
          lastLeave: p?.lastLeave?.toISOString() ?? null,
          source,
        },
      };
    });
    const roll = {
      liveClassId,
      title: row.title,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      teamIds: live.teamIds,
      teacherId,
    };
    await liveAttendance.get().record(tx, orgId, roll, marks, row.createdBy);
  }
  if (row.courseId !== null && row.courseLessonId !== null) {
    const attended = [...courseLearners].filter((userId) => {
      const { kind } = facts(userId);
      return kind === AttendanceKind.Present || kind === AttendanceKind.Late;
    });
    await markLiveAttended(tx, orgId, row.courseId, row.courseLessonId, attended);
  }
}

// ---- an external link's report: Lyceum's own join log ----

// An external link's meeting tells us nothing, so when such a class ends with no report from an
// import, its report is the join log: each person's first join through Lyceum. When they left is
// unknown, so every joiner counts as present from their first join (or the start, if earlier) to
// the end (when it was ended, capped at the scheduled end): joining late still reads as late, but
// leaving early cannot be seen. Its rows say so (source JoinLog); an import replaces them.
export async function reportFromJoinLog(tx: DbOrTx, orgId: number, liveClassId: number): Promise<void> {
  const [row] = await tx
    .select({
      providerKind: liveClasses.providerKind,
      startsAt: liveClasses.startsAt,
      endsAt: liveClasses.endsAt,
      endedAt: liveClasses.endedAt,
    })
    .from(liveClasses)
    .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, liveClassId)]));
  if (!row || row.providerKind !== LiveProviderKind.ExternalLink) return;
  const [reported] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(liveParticipants)
    .where(
      inOrg(liveParticipants, orgId, [
        eq(liveParticipants.liveClassId, liveClassId),
        inArray(liveParticipants.source, [ParticipationSource.Provider, ParticipationSource.Import]),
      ]),
    );
  if (Number(reported?.n ?? 0) > 0) return;
  const joins = await tx
    .select({
      userId: liveJoins.userId,
      role: sql<number>`max(${liveJoins.role})`,
      first: sql<Date>`min(${liveJoins.createTime})`.mapWith(liveJoins.createTime),
      joins: sql<number>`count(*)::int`,
    })
    .from(liveJoins)
    .where(inOrg(liveJoins, orgId, [eq(liveJoins.liveClassId, liveClassId)]))
    .groupBy(liveJoins.userId);
  const end = Math.min(row.endedAt?.getTime() ?? row.endsAt.getTime(), row.endsAt.getTime());
  const rows = joins.map((j) => {
    const from = Math.max(j.first.getTime(), row.startsAt.getTime());
    return {
      userId: j.userId,
      role: Number(j.role) === LiveRole.Moderator ? LiveRole.Moderator : LiveRole.Viewer,
      firstJoin: j.first,
      lastLeave: null,
      seconds: Math.max(0, Math.round((end - from) / 1000)),
      joins: Number(j.joins),
      engagement: null,
    };
  });
  await writeReport(tx, orgId, liveClassId, rows, ParticipationSource.JoinLog);
}

// Registered once per process (live-events keeps a listener once).
export function followLiveEnds(): void {
  onLiveEnded(reportFromJoinLog);
}
