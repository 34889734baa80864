import { RecordingState } from '@lyceum/contract';
import { count, inArray, ne, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import type { Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { courseLessons, courses } from '../course/course.table';
import { teams } from '../team/team.table';
import { namesOf } from '../timetable/timetable-lessons';
import { users } from '../user/user.table';
import { liveProviders, liveRecordings } from './live-class.table';
import { opensAt, phaseOf } from './live-phase';

// A live class as lists show it: its phase and join time, the names beside its ids, its recordings
// counted, and whether the caller may change it.

// Recordings per live class: those kept (not deleted) and those published.
export async function recordingCounts(
  db: DbOrTx,
  orgId: number,
  ids: number[],
): Promise<Map<number, { kept: number; published: number }>> {
  const out = new Map<number, { kept: number; published: number }>();
  if (!ids.length) return out;
  const found = await db
    .select({
      id: liveRecordings.liveClassId,
      kept: count(),
      published: sql<number>`count(*) filter (where ${liveRecordings.state} = ${RecordingState.Published})`.mapWith(
        Number,
      ),
    })
    .from(liveRecordings)
    .where(
      inOrg(liveRecordings, orgId, [
        inArray(liveRecordings.liveClassId, ids),
        ne(liveRecordings.state, RecordingState.Deleted),
      ]),
    )
    .groupBy(liveRecordings.liveClassId);
  for (const r of found) out.set(r.id, { kept: Number(r.kept), published: r.published });
  return out;
}

const idsIn = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export async function decorateLive(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const pick = (k: string) => rows.map((r) => r[k]);
  const [teamNames, people, courseTitles, lessonTitles, providers, counts] = await Promise.all([
    namesOf(
      ctx.db,
      ctx.orgId,
      teams,
      teams.name,
      rows.flatMap((r) => idsIn(r.teamIds)),
    ),
    namesOf(
      ctx.db,
      ctx.orgId,
      users,
      users.realName,
      rows.flatMap((r) => idsIn(r.teacherIds)),
    ),
    namesOf(ctx.db, ctx.orgId, courses, courses.title, pick('courseId')),
    namesOf(ctx.db, ctx.orgId, courseLessons, courseLessons.title, pick('courseLessonId')),
    namesOf(ctx.db, ctx.orgId, liveProviders, liveProviders.name, pick('providerId')),
    recordingCounts(
      ctx.db,
      ctx.orgId,
      rows.map((r) => Number(r.id)),
    ),
  ]);
  const now = clock.date();
  const manages = allows(ctx, ['liveClass:create', 'liveClass:all']);
  const all = allows(ctx, ['liveClass:all']);
  const named = (m: Map<number, string>, id: unknown) => (typeof id === 'number' ? (m.get(id) ?? null) : null);
  return rows.map((r) => {
    const facts = {
      status: Number(r.status),
      startsAt: new Date(String(r.startsAt)),
      endsAt: new Date(String(r.endsAt)),
      joinOpensMinutes: Number(r.joinOpensMinutes),
    };
    const recordings = counts.get(Number(r.id)) ?? { kept: 0, published: 0 };
    const own = r.createdBy === ctx.userId || idsIn(r.teacherIds).includes(ctx.userId);
    return {
      ...r,
      phase: phaseOf(facts, now, recordings.published),
      opensAt: opensAt(facts).toISOString(),
      teamNames: idsIn(r.teamIds).map((id) => teamNames.get(id) ?? `#${id}`),
      teacherNames: idsIn(r.teacherIds).map((id) => people.get(id) ?? `#${id}`),
      courseTitle: named(courseTitles, r.courseId),
      lessonTitle: named(lessonTitles, r.courseLessonId),
      providerName: named(providers, r.providerId),
      recordingCount: recordings.kept,
      manageable: manages && (all || own),
    };
  });
}
