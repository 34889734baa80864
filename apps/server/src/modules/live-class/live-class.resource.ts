import { randomBytes } from 'node:crypto';
import { LiveClassStatus, LiveProviderKind, liveClassActions, liveClassDecl, liveClassMeta } from '@lyceum/contract';
import { desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { courses } from '../course/course.table';
import { teams } from '../team/team.table';
import { timetableSettings } from '../timetable/timetable.table';
import { users } from '../user/user.table';
import { forTeam, teachesLive } from './live-audience';
import { bookLive, unbookLive } from './live-bookings';
import { liveClasses, liveClassTeachers, liveClassTeams, liveProviders } from './live-class.table';
import { cancelLive, endLive, publishLive } from './live-class-actions';
import { decorateLive } from './live-class-rows';
import { checkLiveInput, seesAllLive } from './live-class-rules';
import { notifyLive } from './live-events';

// Live classes (issue 32): teachers (liveClass:create) schedule and run the ones they teach or
// made; academic staff (liveClass:all) reach every one. A draft is changed freely and deleted; a
// scheduled one is changed until it starts (booked again, its people told of a new time), then
// only cancelled or ended. The provider's secrets of the meeting never leave the server.

const { Draft, Scheduled } = LiveClassStatus;

const liveScope = (ctx: RequestContext): SQL | undefined =>
  seesAllLive(ctx) ? undefined : or(eq(liveClasses.createdBy, ctx.userId), teachesLive(ctx.userId));

// The first instant of a day of the organisation's zone (the list's from/to days).
const zoneOf = (ctx: RequestContext) =>
  sql`coalesce((select ${timetableSettings.timeZone} from ${timetableSettings}
    where ${timetableSettings.organizationId} = ${ctx.orgId}), 'Asia/Shanghai')`;
const midnight = (ctx: RequestContext, day: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp at time zone ${zoneOf(ctx)})`;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const liveClassResource = createResource({
  ...fromDecl(liveClassDecl),
  meta: liveClassMeta,
  table: liveClasses,
  search: [liveClasses.title],
  sort: {
    default: [desc(liveClasses.startsAt), desc(liveClasses.id)],
    fields: { title: liveClasses.title, startsAt: liveClasses.startsAt, status: liveClasses.status },
  },
  references: {
    courseId: { table: courses, label: 'course', labelColumn: 'title' },
    providerId: { table: liveProviders, label: 'live-class server' },
  },
  links: {
    teamIds: {
      table: liveClassTeams,
      owner: liveClassTeams.ownerId,
      target: liveClassTeams.targetId,
      ref: { table: teams, label: 'class' },
    },
    teacherIds: {
      table: liveClassTeachers,
      owner: liveClassTeachers.ownerId,
      target: liveClassTeachers.targetId,
      ref: { table: users, label: 'teacher', labelColumn: 'realName' },
    },
  },
  filters: {
    teamId: (id) => forTeam(id),
    teacherId: (id) => teachesLive(id),
    from: (day, ctx) => sql`${liveClasses.endsAt} > ${midnight(ctx, day)}`,
    to: (day, ctx) => sql`${liveClasses.startsAt} < ${midnight(ctx, day, 1)}`,
  },
  scope: { read: liveScope, ownOnly: 'live classes' },
  // The meeting's passwords and callback token are the server's own.
  omit: ['meetingId', 'callbackToken', 'moderatorPw', 'attendeePw', 'meetingCreateTime'],
  actions: {
    publish: implement(liveClassActions.publish, publishLive),
    cancel: implement(liveClassActions.cancel, cancelLive),
    end: implement(liveClassActions.end, (tx, row) => endLive(tx, row)),
  },
  hooks: {
    validate: (input, ctx, _mode, current) => checkLiveInput(ctx, input, current),
    values(input, ctx, mode) {
      const bbb = input.providerKind === LiveProviderKind.BigBlueButton;
      const values: Values = {
        ...input,
        description: input.description || null,
        courseId: input.courseId ?? null,
        courseLessonId: input.courseId == null ? null : (input.courseLessonId ?? null),
        providerId: bbb ? (input.providerId ?? null) : null,
        externalUrl: bbb ? null : input.externalUrl || null,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        updateTime: clock.date(),
      };
      if (mode === 'create') {
        Object.assign(values, {
          status: Draft,
          // The organisation in the meeting id lets a provider's callback find it.
          meetingId: `lyc-${ctx.orgId}-${hex(16)}`,
          callbackToken: hex(32),
          moderatorPw: hex(12),
          attendeePw: hex(12),
          createdBy: ctx.userId,
        });
      }
      return values;
    },
    // A scheduled class keeps its time booked as it changes, and its people hear of a new start.
    async afterSave(tx, id, input, ctx, mode, current) {
      if (mode !== 'update') return;
      const [row] = await tx
        .select({ status: liveClasses.status })
        .from(liveClasses)
        .where(sql`${liveClasses.organizationId} = ${ctx.orgId} and ${liveClasses.id} = ${id}`);
      if (row?.status !== Scheduled) return;
      await bookLive(tx, ctx.orgId, id);
      if (current?.status !== Scheduled) return;
      const was = new Date(String(current.startsAt));
      const moved =
        was.getTime() !== new Date(input.startsAt).getTime() ||
        new Date(String(current.endsAt)).getTime() !== new Date(input.endsAt).getTime();
      if (moved) await notifyLive(tx, ctx.orgId, id, 'liveChanged', { was: was.toISOString() });
    },
    // Only drafts go: a class people were told of is cancelled (and stays, with its notices).
    async beforeDelete(_ctx, _ids, rows) {
      const told = rows.filter((r) => r.status !== Draft);
      if (told.length) throw businessError('liveDeleteDrafts', { names: told.map((r) => r.title).join(', ') });
    },
    async afterDelete(ctx, ids, tx) {
      for (const id of ids) await unbookLive(tx, ctx.orgId, id);
    },
    decorate: decorateLive,
  },
});
