import { LiveClassStatus } from '@lyceum/contract';
import { eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { forTeam, invitedStudent, teachesLive } from '../live-class/live-audience';
import { liveClasses, liveClassTeachers, liveClassTeams } from '../live-class/live-class.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';
import type { WeekItem, WeekRange, WeekSubject } from './week-sources';
import { spansDays } from './week-time';

// Live classes in a week (issue 32): those announced (scheduled, running or held; not drafts, not
// cancelled ones) of a class, a teacher, or a person (invited to, or teaching). A venue holds none.

function liveOf(subject: WeekSubject): SQL | undefined {
  switch (subject.kind) {
    case 'team':
      return forTeam(subject.id);
    case 'teacher':
      return teachesLive(subject.id);
    case 'person':
      return or(invitedStudent(subject.id), teachesLive(subject.id));
    default:
      return undefined;
  }
}

const { Scheduled, Live, Ended } = LiveClassStatus;

export async function weekLive(db: DbOrTx, orgId: number, subject: WeekSubject, r: WeekRange): Promise<WeekItem[]> {
  const who = liveOf(subject);
  if (!who) return [];
  const found = await db
    .select({
      id: liveClasses.id,
      title: liveClasses.title,
      startsAt: liveClasses.startsAt,
      endsAt: liveClasses.endsAt,
      status: liveClasses.status,
      created: liveClasses.createTime,
      updated: liveClasses.updateTime,
    })
    .from(liveClasses)
    .where(
      inOrg(liveClasses, orgId, [
        inArray(liveClasses.status, [Scheduled, Live, Ended]),
        lt(liveClasses.startsAt, r.end),
        gt(liveClasses.endsAt, r.start),
        who,
      ]),
    )
    .orderBy(liveClasses.startsAt, liveClasses.id);
  if (!found.length) return [];
  const ids = found.map((l) => l.id);
  const [classes, teachers] = await Promise.all([
    db
      .select({ id: liveClassTeams.ownerId, name: teams.name })
      .from(liveClassTeams)
      .innerJoin(teams, sameOrg(teams, liveClassTeams, [eq(teams.id, liveClassTeams.targetId)]))
      .where(inOrg(liveClassTeams, orgId, [inArray(liveClassTeams.ownerId, ids)]))
      .orderBy(teams.name),
    db
      .select({ id: liveClassTeachers.ownerId, name: users.realName })
      .from(liveClassTeachers)
      .innerJoin(users, sameOrg(users, liveClassTeachers, [eq(users.id, liveClassTeachers.targetId)]))
      .where(inOrg(liveClassTeachers, orgId, [inArray(liveClassTeachers.ownerId, ids)]))
      .orderBy(users.realName),
  ]);
  const joined = (rows: { id: number; name: string }[], id: number) =>
    rows
      .filter((x) => x.id === id)
      .map((x) => x.name)
      .join(', ') || null;
  return found.map(
    (l): WeekItem => ({
      kind: 'liveClass',
      id: l.id,
      title: l.title,
      startsAt: l.startsAt.toISOString(),
      endsAt: l.endsAt.toISOString(),
      allDay: spansDays(l.startsAt, l.endsAt, r.timeZone),
      status: l.status,
      teamName: joined(classes, l.id),
      teacherName: joined(teachers, l.id),
      originalTeacherName: null,
      handedOver: false,
      venueName: null,
      movedFrom: null,
      periodFrom: null,
      periodTo: null,
      created: l.created,
      updated: l.updated,
    }),
  );
}
