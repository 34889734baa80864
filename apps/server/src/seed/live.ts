import {
  BookingResource,
  LessonType,
  LiveClassStatus,
  LiveProviderKind,
  LiveRole,
  ParticipationSource,
  RecordingMode,
  RecordingState,
  RecordingVisibility,
  RoleKind,
  zLiveClassCreate,
} from '@lyceum/contract';
import { asc, eq, isNotNull } from 'drizzle-orm';
import { courseLessons } from '../modules/course/course.table';
import { bookLive } from '../modules/live-class/live-bookings';
import { liveClassResource } from '../modules/live-class/live-class.resource';
import { liveClasses, liveRecordings } from '../modules/live-class/live-class.table';
import { type ParticipantInput, writeReport } from '../modules/live-class/live-report';
import { teamMembers } from '../modules/team/team.table';
import { clashesOf } from '../modules/timetable/booking.service';
import { addDays, zonedInstant } from '../modules/timetable/local-time';
import { clock } from '../platform/clock';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';
import type { SeededTimetable } from './timetable';

// Live classes (issue 32) for the demo teacher's class, which holds `student`:
// - a Q&A on an external meeting link that `student` can join now (the first free half hour of the
//   teacher and the class from a few minutes ago, its join window reaching back to now);
// - one next week on the same kind of link, and a draft;
// - one held yesterday evening on BigBlueButton, with its report (the minutes each student stayed,
//   so the register shows present, late, left early and absent from it) and a recording, which is
//   the course's demo video standing in for the server's playback.
// No BigBlueButton server is configured in the demo: joining a BigBlueButton class says how to add one.
const MINUTE = 60_000;

export async function seedLiveClasses(db: Db, orgId: number, tt: SeededTimetable): Promise<void> {
  const teacher = tt.people.teacher;
  const teamId = tt.teamIds[0];
  if (!teacher || !teamId) return;
  const ctx = {
    ...seedContext(db, orgId, teacher, ['liveClass:page', 'liveClass:create']),
    roleKind: RoleKind.Teacher,
  };
  const create = async (input: Record<string, unknown>) =>
    Number(
      (
        await liveClassResource.create(
          ctx,
          zLiveClassCreate.parse({ teamIds: [teamId], teacherIds: [teacher], ...input }),
        )
      ).id,
    );
  const meetLink = (slug: string) => `https://meet.jit.si/lyceum-demo-${slug}`;

  // Open now: the first 30 minutes from 5 minutes ago on, in steps of 5, where neither is booked.
  const now = clock.now();
  let startsAt: Date | null = null;
  for (let step = 0; step < 40 && !startsAt; step++) {
    const from = new Date(Math.floor((now - 5 * MINUTE) / MINUTE) * MINUTE + step * 5 * MINUTE);
    const to = new Date(from.getTime() + 30 * MINUTE);
    const held = (resource: BookingResource, resourceId: number) => ({
      resource,
      resourceId,
      field: 'x',
      startsAt: from,
      endsAt: to,
    });
    const clashes = await clashesOf(db, orgId, null, [
      held(BookingResource.Teacher, teacher),
      held(BookingResource.Team, teamId),
    ]);
    if (!clashes.length) startsAt = from;
  }
  if (startsAt) {
    const opensBefore = Math.min(240, Math.max(15, Math.ceil((startsAt.getTime() - now) / MINUTE) + 5));
    const id = await create({
      title: 'Live Q&A: loops and arrays 答疑直播：循环与数组',
      description: 'Bring your questions about this week’s exercises. 带上本周练习中的问题。',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 30 * MINUTE).toISOString(),
      joinOpensMinutes: opensBefore,
      providerKind: LiveProviderKind.ExternalLink,
      externalUrl: meetLink('qa'),
    });
    await liveClassResource.runAction(ctx, 'publish', id, {});
  }

  // Next week, 19:00 in the organisation's zone (after the timetable's last period).
  const nextWeek = addDays(tt.today, 7);
  const evening = (day: string, from: string, to: string) => ({
    startsAt: zonedInstant(day, from, tt.timeZone).toISOString(),
    endsAt: zonedInstant(day, to, tt.timeZone).toISOString(),
  });
  const upcoming = await create({
    title: 'Revision session before the exam 考前复习直播',
    ...evening(nextWeek, '19:00', '20:00'),
    providerKind: LiveProviderKind.ExternalLink,
    externalUrl: meetLink('revision'),
  });
  await liveClassResource.runAction(ctx, 'publish', upcoming, {});
  await create({
    title: 'Guest talk: working as a developer 嘉宾分享：开发者的一天',
    ...evening(addDays(tt.today, 14), '19:00', '20:30'),
    providerKind: LiveProviderKind.ExternalLink,
    externalUrl: meetLink('guest-talk'),
  });

  // Yesterday evening on BigBlueButton: created for tomorrow (a class is scheduled ahead), then
  // held yesterday as the server would have reported it.
  const held = await create({
    title: 'Recursion, live 直播：递归',
    ...evening(addDays(tt.today, 1), '19:00', '20:00'),
    providerKind: LiveProviderKind.BigBlueButton,
    recordingMode: RecordingMode.Automatic,
    presentPercent: 80,
    lateAfterMinutes: 10,
  });
  const day = addDays(tt.today, -1);
  const start = zonedInstant(day, '19:00', tt.timeZone);
  const end = zonedInstant(day, '20:00', tt.timeZone);
  await db.transaction(async (tx) => {
    await tx
      .update(liveClasses)
      .set({ startsAt: start, endsAt: end, status: LiveClassStatus.Ended, startedAt: start, endedAt: end })
      .where(inOrg(liveClasses, orgId, [eq(liveClasses.id, held)]));
    await bookLive(tx, orgId, held);
    const students = (
      await tx
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .where(inOrg(teamMembers, orgId, [eq(teamMembers.teamId, teamId)]))
        .orderBy(asc(teamMembers.userId))
    ).map((m) => m.id);
    // Most stayed the hour; a few came late, left early or never came; `student` stayed 52 minutes.
    const pattern = [[0, 60], [2, 58], [0, 60], [14, 46], [0, 35], [1, 59], null, [0, 60], [5, 55], [0, 20]] as const;
    const rows: ParticipantInput[] = [
      {
        userId: teacher,
        role: LiveRole.Moderator,
        firstJoin: new Date(start.getTime() - 6 * MINUTE),
        lastLeave: end,
        seconds: 66 * 60,
        joins: 1,
        engagement: { chats: 14, talks: 31, talk_time: 2450 },
      },
    ];
    students.forEach((userId, i) => {
      const p = userId === tt.people.student ? ([3, 52] as const) : pattern[i % pattern.length];
      if (!p) return;
      const [late, minutes] = p;
      const firstJoin = new Date(start.getTime() + late * MINUTE);
      rows.push({
        userId,
        role: LiveRole.Viewer,
        firstJoin,
        lastLeave: new Date(firstJoin.getTime() + minutes * MINUTE),
        seconds: minutes * 60,
        joins: minutes < 40 ? 2 : 1,
        engagement: { chats: (i * 3) % 7, raisehand: i % 3, poll_votes: 2 },
      });
    });
    await writeReport(tx, orgId, held, rows, ParticipationSource.Provider);
    const [video] = await tx
      .select({ fileUrl: courseLessons.fileUrl })
      .from(courseLessons)
      .where(
        inOrg(courseLessons, orgId, [eq(courseLessons.lessonType, LessonType.Video), isNotNull(courseLessons.fileUrl)]),
      )
      .limit(1);
    if (video?.fileUrl) {
      await tx.insert(liveRecordings).values({
        organizationId: orgId,
        liveClassId: held,
        recordId: `demo-${held}-${start.getTime()}`,
        state: RecordingState.Published,
        visibility: RecordingVisibility.Students,
        playbackUrl: video.fileUrl,
        startedAt: start,
        endedAt: end,
        seconds: 3600,
      });
    }
  });
}
