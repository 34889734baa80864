import {
  MessageAssociation,
  MessageOpenStatus,
  MessageStatus,
  MessageTarget,
  messageActions,
  messageDecl,
  messageMeta,
  onlyMessageTargets,
} from '@lyceum/contract';
import { count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams } from '../../platform/errors';
import { createResource, fromDecl, implement, type Values } from '../../platform/resource';
import { allows } from '../../platform/route';
import { sanitizeRichText } from '../../platform/sanitize';
import { inOrg } from '../../platform/tenant-sql';
import { courseResource } from '../course/course.resource';
import { exams } from '../exam/exam.table';
import { tasks } from '../task/task.table';
import { checkOwnClasses } from '../team/reach';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';
import { messageReceipts, messages, messageTeams, messageUsers } from './message.table';
import { deliver, recipientsOf, sendNotice } from './message-delivery';
import { announceWithdrawn } from './message-push';

const { Published } = MessageStatus;
// A reminder to the same people at most this often.
export const REMIND_EVERY_MINUTES = 10;

// Academic staff (message:all) reach every message and the product's notices, and send to anyone;
// a teacher the messages they wrote, to their own classes and those classes' students.
const seesAll = (ctx: RequestContext) => allows(ctx, ['message:all']);
const nowSql = () => sql`${clock.date().toISOString()}::timestamptz`;

// Where a message stands on its showing window (spec: open status), derived when read.
export function openStatusAt(
  openStart: Date | string | null,
  openEnd: Date | string | null,
  from: Date | string | null,
) {
  const now = clock.now();
  const start = openStart ?? from;
  if (start && now < new Date(start).getTime()) return MessageOpenStatus.NotStarted;
  if (openEnd && now >= new Date(openEnd).getTime()) return MessageOpenStatus.Ended;
  return MessageOpenStatus.InProgress;
}

// When a published message starts showing: its window's start, or now.
export function showsFrom(row: Values): Date {
  const now = clock.date();
  const start = row.openStart ? new Date(row.openStart as Date) : null;
  return start && start > now ? start : now;
}

async function checkTargets(ctx: RequestContext, input: Values) {
  // Academic staff: any enabled member of the school (links check they exist here).
  if (seesAll(ctx)) return;
  if (input.targetType === MessageTarget.School || input.targetType === MessageTarget.Grade) {
    throw invalidParams('targetType', 'wideTargetNotAllowed');
  }
  await checkOwnClasses(ctx, {
    teams: { field: 'teamIds', ids: input.teamIds as number[] },
    people: { field: 'userIds', ids: input.userIds as number[] },
  });
}

async function checkAbout(ctx: RequestContext, input: Values) {
  const type = Number(input.associationType);
  if (type === MessageAssociation.None) return;
  const id = Number(input.associationId);
  // A course the sender reaches (the course resource's read scope).
  if (type === MessageAssociation.Course) {
    const found = await courseResource.list(ctx, { id }, 1, courseResource.readScope(ctx));
    if (!found.length) throw invalidParams('associationId', 'nothingAbout');
    return;
  }
  const table = type === MessageAssociation.Exam ? exams : type === MessageAssociation.Task ? tasks : null;
  const found = table
    ? await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(inOrg(table, ctx.orgId, [eq(table.id, id)]))
    : [];
  if (!found.length) throw invalidParams('associationId', 'nothingAbout');
}

export const messageResource = createResource({
  ...fromDecl(messageDecl),
  table: messages,
  meta: messageMeta,
  search: [messages.title],
  files: ['body', 'attachments'],
  // A message's files: whoever received it, or the staff who reach it.
  async fileReaders(ctx, ids) {
    const [hit] = await ctx.db
      .select({ id: messageReceipts.messageId })
      .from(messageReceipts)
      .where(
        inOrg(messageReceipts, ctx.orgId, [
          eq(messageReceipts.userId, ctx.userId),
          inArray(messageReceipts.messageId, ids),
        ]),
      )
      .limit(1);
    if (hit) return true;
    if (!allows(ctx, ['message:page'])) return false;
    const [own] = await ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(inOrg(messages, ctx.orgId, [inArray(messages.id, ids), readScope(ctx)]))
      .limit(1);
    return Boolean(own);
  },
  filters: {
    openStatus: (s) =>
      s === MessageOpenStatus.NotStarted
        ? sql`coalesce(${messages.openStart}, ${messages.publishTime}, ${nowSql()}) > ${nowSql()}`
        : s === MessageOpenStatus.Ended
          ? sql`${messages.openEnd} <= ${nowSql()}`
          : sql`coalesce(${messages.openStart}, ${messages.publishTime}, ${nowSql()}) <= ${nowSql()}
              and (${messages.openEnd} is null or ${messages.openEnd} > ${nowSql()})`,
    system: (system) => (system ? sql`${messages.notice} is not null` : sql`${messages.notice} is null`),
    teamId: (id, ctx) =>
      sql`exists (select 1 from ${messageTeams} where ${messageTeams.organizationId} = ${ctx.orgId}
        and ${messageTeams.ownerId} = ${messages.id} and ${messageTeams.targetId} = ${id})`,
  },
  sort: {
    default: [desc(messages.id)],
    fields: {
      title: messages.title,
      openStart: messages.openStart,
      openEnd: messages.openEnd,
      publishTime: messages.publishTime,
    },
  },
  links: {
    teamIds: {
      table: messageTeams,
      owner: messageTeams.ownerId,
      target: messageTeams.targetId,
      ref: { table: teams, label: 'class' },
    },
    userIds: {
      table: messageUsers,
      owner: messageUsers.ownerId,
      target: messageUsers.targetId,
      ref: { table: users, label: 'person', labelColumn: 'userName' },
    },
  },
  scope: {
    read: (ctx) => readScope(ctx),
    ownOnly: 'messages',
  },
  actions: {
    publish: implement(messageActions.publish, async (tx, row, _input, ctx) => {
      if (row.notice) throw businessError('noticeLocked');
      if (row.openEnd && clock.now() >= new Date(row.openEnd as Date).getTime()) {
        throw invalidParams('openEnd', 'messageEnded');
      }
      const publishTime = row.publishTime ? new Date(row.publishTime as Date) : clock.date();
      const count = await deliver(
        tx,
        ctx.orgId,
        Number(row.id),
        recipientsOf(ctx.orgId, {
          id: Number(row.id),
          targetType: Number(row.targetType),
          audience: Number(row.audience),
          gradeYears: row.gradeYears as number[],
        }),
        showsFrom(row),
      );
      return { publishTime, recipientCount: count, updateTime: new Date() };
    }),
    withdraw: implement(messageActions.withdraw, async (tx, row, _input, ctx) => {
      if (row.notice) throw businessError('noticeLocked');
      await announceWithdrawn(tx, ctx.orgId, Number(row.id));
      return { updateTime: new Date() };
    }),
    remind: implement(messageActions.remind, async (tx, row, _input, ctx) => {
      if (row.notice) throw businessError('noticeLocked');
      const last = row.lastRemindTime ? new Date(row.lastRemindTime as Date).getTime() : 0;
      if (clock.now() - last < REMIND_EVERY_MINUTES * 60_000) {
        throw businessError('remindedRecently', { minutes: REMIND_EVERY_MINUTES });
      }
      if (
        openStatusAt(row.openStart as Date, row.openEnd as Date, row.publishTime as Date) === MessageOpenStatus.Ended
      ) {
        throw invalidParams('openEnd', 'messageEnded');
      }
      const sent = await sendNotice(tx, ctx.orgId, {
        kind: 'messageReminder',
        params: { name: String(row.title), messageId: Number(row.id) },
        to: sql`select ${messageReceipts.userId} as id from ${messageReceipts} where ${messageReceipts.organizationId} = ${ctx.orgId}
            and ${messageReceipts.messageId} = ${Number(row.id)} and ${messageReceipts.readAt} is null`,
      });
      if (!sent) throw businessError('nobodyToRemind');
      return { lastRemindTime: clock.date(), lastRemindCount: sent, updateTime: new Date() };
    }),
  },
  hooks: {
    async validate(input, ctx, _mode, current) {
      if (current && (current.status === Published || current.notice)) {
        throw invalidParams('status', 'publishedMessageLocked');
      }
      Object.assign(input, onlyMessageTargets(input));
      await checkTargets(ctx, input as unknown as Values);
      await checkAbout(ctx, input as unknown as Values);
    },
    values(input, ctx, mode) {
      const values: Values = {
        ...onlyMessageTargets(input),
        body: sanitizeRichText(input.body),
        openStart: input.openStart ? new Date(input.openStart) : null,
        openEnd: input.openEnd ? new Date(input.openEnd) : null,
        associationId: input.associationType === MessageAssociation.None ? null : input.associationId,
        updateTime: new Date(),
      };
      if (mode === 'create') values.senderId = ctx.userId;
      return values;
    },
    async beforeDelete(_ctx, _ids, found) {
      const live = found.filter((r) => r.status === Published);
      if (live.length) {
        throw businessError('withdrawMessageBeforeDelete', { names: live.map((r) => r.title).join(', ') });
      }
    },
    async decorate(found, ctx) {
      const ids = found.map((r) => Number(r.id));
      const read = new Map<number, number>();
      const senders = new Map<number, string>();
      if (ids.length) {
        const readCounts = await ctx.db
          .select({ id: messageReceipts.messageId, n: count() })
          .from(messageReceipts)
          .where(
            inOrg(messageReceipts, ctx.orgId, [
              inArray(messageReceipts.messageId, ids),
              isNotNull(messageReceipts.readAt),
            ]),
          )
          .groupBy(messageReceipts.messageId);
        for (const r of readCounts) read.set(r.id, r.n);
        const senderIds = [
          ...new Set(
            found
              .map((r) => r.senderId)
              .filter((v) => v != null)
              .map(Number),
          ),
        ];
        if (senderIds.length) {
          for (const u of await ctx.db
            .select({ id: users.id, name: users.realName })
            .from(users)
            .where(inOrg(users, ctx.orgId, [inArray(users.id, senderIds)]))) {
            senders.set(u.id, u.name);
          }
        }
      }
      return found.map((r) => ({
        ...r,
        openStatus: openStatusAt(r.openStart as string, r.openEnd as string, r.publishTime as string),
        readCount: read.get(Number(r.id)) ?? 0,
        senderName: r.senderId == null ? null : (senders.get(Number(r.senderId)) ?? null),
      }));
    },
  },
});

function readScope(ctx: RequestContext): SQL | undefined {
  return seesAll(ctx) ? undefined : eq(messages.senderId, ctx.userId);
}
