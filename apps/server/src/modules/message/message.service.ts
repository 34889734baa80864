import {
  type InboxItem,
  type InboxMessage,
  type InboxPage,
  type Lang,
  labelOf,
  type MailStatus,
  MessageStatus,
  mailStatusLabels,
  type PortalMessage,
  pageOf,
  type Receipt,
  type ReceiptPage,
  RoleKind,
  type SystemNotice,
  type UnreadSummary,
  type zInboxRequest,
  type zReceiptRequest,
} from '@lyceum/contract';
import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { courses } from '../course/course.table';
import { exams } from '../exam/exam.table';
import { iso } from '../exam/exam-time';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { roles } from '../role/role.table';
import { tasks } from '../task/task.table';
import { inClass } from '../team/reach';
import { teamMembers, teams } from '../team/team.table';
import { keywordMatch } from '../user/user.service';
import { userRoles, users } from '../user/user.table';
import { messageResource } from './message.resource';
import { messageMails, messageReceipts, messages } from './message.table';
import { mailCounts } from './message-mail';
import { announceRead } from './message-push';

const now = () => sql`${clock.date().toISOString()}::timestamptz`;

const r = alias(messageReceipts, 'r');
const m = alias(messages, 'm');
const s = alias(users, 's');

// ---- the inbox: one user's receipts of published messages showing now ----

type ReceiptKeys = { organizationId: AnyPgColumn; userId: AnyPgColumn; sentAt: AnyPgColumn };
type MessageShown = { status: AnyPgColumn; openEnd: AnyPgColumn };

// The receipts of the caller a recipient sees: published, started (sent_at is when it starts
// showing), not ended. The (user, sent_at) index walks them newest first.
function visible(ctx: RequestContext, receipt: ReceiptKeys = r, message: MessageShown = m): SQL {
  return sql`${receipt.organizationId} = ${ctx.orgId} and ${receipt.userId} = ${ctx.userId} and ${receipt.sentAt} <= ${now()}
    and ${message.status} = ${sql.raw(String(MessageStatus.Published))} and (${message.openEnd} is null or ${message.openEnd} > ${now()})`;
}

const aboutName = (table: typeof exams | typeof tasks) =>
  sql`(select ${table.name} from ${table} where ${table.organizationId} = ${m.organizationId} and ${table.id} = ${m.associationId})`;

const aboutCourse = sql`(select ${courses.title} from ${courses} where ${courses.organizationId} = ${m.organizationId} and ${courses.id} = ${m.associationId})`;
// A lesson's and a leave request's notices (issue 31) name them by raw SQL: the timetable and
// attendance modules send notices through this one, so importing their tables would make a pair.
const aboutLesson = sql`(select l.title from lessons l where l.organization_id = ${m.organizationId} and l.id = ${m.associationId})`;
const aboutLeave = sql`(select left(q.reason, 60) from leave_requests q where q.organization_id = ${m.organizationId} and q.id = ${m.associationId})`;

// The caller's receipts with their messages; `where` narrows them.
const inboxRows = (db: DbOrTx, withBody: boolean, where: SQL) =>
  db
    .select({
      id: m.id,
      title: m.title,
      body: sql<string>`${withBody ? m.body : sql`left(${m.body}, 600)`}`,
      sender: s.realName,
      notice: m.notice,
      noticeParams: m.noticeParams,
      needRead: m.needRead,
      readAt: r.readAt,
      sentAt: r.sentAt,
      openEnd: m.openEnd,
      associationType: m.associationType,
      associationId: m.associationId,
      attachments: m.attachments,
      aboutName: sql<
        string | null
      >`case ${m.associationType} when 1 then ${aboutName(exams)} when 2 then ${aboutName(tasks)} when 3 then ${aboutCourse} when 4 then ${aboutLesson} when 5 then ${aboutLeave} end`,
    })
    .from(r)
    .innerJoin(m, sameOrg(m, r, [eq(m.id, r.messageId)]))
    .leftJoin(s, sameOrg(s, m, [eq(s.id, m.senderId)]))
    .where(where);

type InboxRow = Awaited<ReturnType<typeof inboxRows>>[number];

// Plain text of rich text, for the list's excerpt.
export function plainText(html: string, max = 140): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

type About = NonNullable<InboxItem['about']>;

const noticeOf = (row: InboxRow) => (row.notice as SystemNotice | null) ?? null;
const paramsOf = (row: InboxRow) => (row.noticeParams as Record<string, string | number> | null) ?? {};

function toItem(row: InboxRow): InboxItem {
  return {
    id: row.id,
    title: row.title,
    excerpt: plainText(row.body),
    sender: row.sender ?? null,
    notice: noticeOf(row),
    noticeParams: paramsOf(row),
    needRead: row.needRead,
    readAt: iso(row.readAt),
    sendTime: row.sentAt.toISOString(),
    openEnd: iso(row.openEnd),
    about:
      row.associationId != null && row.aboutName != null
        ? { type: row.associationType as About['type'], id: row.associationId, name: row.aboutName }
        : null,
    hasAttachments: Array.isArray(row.attachments) && row.attachments.length > 0,
  };
}

export async function inbox(ctx: RequestContext, req: z.output<typeof zInboxRequest>): Promise<InboxPage> {
  const conditions: SQL[] = [visible(ctx)];
  if (req.view === 'unread') conditions.push(isNull(r.readAt));
  if (req.view === 'needRead') conditions.push(sql`${m.needRead} and ${r.readAt} is null`);
  if (req.system !== undefined) conditions.push(req.system ? isNotNull(m.notice) : isNull(m.notice));
  if (req.keyword) conditions.push(ilike(m.title, likePattern(req.keyword)));
  const where = sql.join(conditions, sql` and `);
  // Newest first, as the (user, sent_at desc, message_id desc) index holds them.
  const list = await inboxRows(ctx.db, false, where)
    .orderBy(sql`${r.sentAt} desc nulls last`, sql`${r.messageId} desc nulls last`)
    .limit(req.pageSize)
    .offset((req.pageIndex - 1) * req.pageSize);
  // The page's total and the unread count in one pass over the caller's receipts.
  const [c] = await ctx.db
    .select({
      total: sql<number>`count(*) filter (where ${where})::int`,
      unread: sql<number>`count(*) filter (where ${r.readAt} is null)::int`,
    })
    .from(r)
    .innerJoin(m, sameOrg(m, r, [eq(m.id, r.messageId)]))
    .where(visible(ctx));
  return { ...pageOf(list.map(toItem), c?.total ?? 0, req), unread: c?.unread ?? 0 };
}

export async function unreadSummary(ctx: RequestContext): Promise<UnreadSummary> {
  const unread = sql`${visible(ctx)} and ${r.readAt} is null`;
  const [c] = await ctx.db
    .select({ unread: count(), need: sql<number>`count(*) filter (where ${m.needRead})::int` })
    .from(r)
    .innerJoin(m, sameOrg(m, r, [eq(m.id, r.messageId)]))
    .where(unread);
  const need = await inboxRows(ctx.db, false, sql`${unread} and ${m.needRead}`).orderBy(r.sentAt, r.messageId).limit(5);
  return { unread: c?.unread ?? 0, needRead: need.map(toItem), needReadTotal: c?.need ?? 0 };
}

async function own(ctx: RequestContext, id: number): Promise<InboxRow> {
  const [row] = await inboxRows(ctx.db, true, sql`${visible(ctx)} and ${eq(r.messageId, id)}`);
  if (!row) throw notFound('message');
  return row;
}

// One message of the caller's inbox. A GET changes nothing: the reader then marks it read through
// POST /read/{id}, which a cookie session sends only with the ajax header (no other site's page can).
export async function viewMessage(ctx: RequestContext, id: number): Promise<InboxMessage> {
  const row = await own(ctx, id);
  const item = toItem(row);
  return {
    ...item,
    body: row.body,
    attachments: (row.attachments as { name: string; url: string }[]) ?? [],
  };
}

async function markRead(ctx: RequestContext, id: number): Promise<string> {
  const [done] = await ctx.db
    .update(messageReceipts)
    .set({ readAt: sql`coalesce(${messageReceipts.readAt}, ${now()})` })
    .where(
      inOrg(messageReceipts, ctx.orgId, [eq(messageReceipts.userId, ctx.userId), eq(messageReceipts.messageId, id)]),
    )
    .returning({ readAt: messageReceipts.readAt });
  await announceRead(ctx.db, ctx.orgId, ctx.userId);
  return iso(done?.readAt)!;
}

// Reading (or confirming) a message: the receipt keeps the first time.
export async function confirmRead(ctx: RequestContext, id: number): Promise<{ readAt: string }> {
  await own(ctx, id);
  return { readAt: await markRead(ctx, id) };
}

export async function readAll(ctx: RequestContext): Promise<{ changed: number }> {
  const done = await ctx.db
    .update(messageReceipts)
    .set({ readAt: clock.date() })
    .from(messages)
    .where(
      sameOrg(messages, messageReceipts, [
        eq(messages.id, messageReceipts.messageId),
        visible(ctx, messageReceipts, messages),
        isNull(messageReceipts.readAt),
        eq(messages.needRead, false),
      ]),
    )
    .returning({ id: messageReceipts.messageId });
  if (done.length) await announceRead(ctx.db, ctx.orgId, ctx.userId);
  return { changed: done.length };
}

// The student's home: the latest messages.
export async function portalMessages(ctx: RequestContext, limit: number): Promise<PortalMessage[]> {
  const list = await inboxRows(ctx.db, false, visible(ctx))
    .orderBy(sql`(${r.readAt} is null and ${m.needRead}) desc`, desc(r.sentAt), desc(r.messageId))
    .limit(limit);
  return list.map((row) => ({
    id: row.id,
    title: row.title,
    sender: row.sender ?? null,
    sendTime: row.sentAt.toISOString(),
    read: row.readAt != null,
    needRead: row.needRead,
    notice: noticeOf(row),
    noticeParams: paramsOf(row),
  }));
}

// ---- receipts: who received a message and who has read it (staff) ----

const u = alias(users, 'u');
const e = alias(messageMails, 'e');

export async function receipts(
  ctx: RequestContext,
  messageId: number,
  req: z.output<typeof zReceiptRequest>,
  limit?: number,
): Promise<ReceiptPage> {
  await messageResource.readable(ctx, messageId);
  const conditions: (SQL | undefined)[] = [eq(r.organizationId, ctx.orgId), eq(r.messageId, messageId)];
  if (req.read !== undefined) conditions.push(req.read ? isNotNull(r.readAt) : isNull(r.readAt));
  if (req.keyword) conditions.push(keywordMatch(req.keyword, u));
  if (req.teamId) conditions.push(inClass(req.teamId, u.organizationId, u.id));
  if (req.mailStatus !== undefined) conditions.push(eq(e.status, req.mailStatus));
  const where = and(...conditions);
  const onUser = sameOrg(u, r, [eq(u.id, r.userId)]);
  const onMail = sameOrg(e, r, [eq(e.messageId, r.messageId), eq(e.userId, r.userId)]);
  const size = limit ?? req.pageSize;
  const offset = limit ? 0 : (req.pageIndex - 1) * req.pageSize;
  const list = await ctx.db
    .select({
      userId: r.userId,
      userName: u.userName,
      realName: u.realName,
      sentAt: r.sentAt,
      readAt: r.readAt,
      teamName: sql<string | null>`(select string_agg(${teams.name}, ', ' order by ${teams.name}) from ${teamMembers}
          join ${teams} on ${teams.organizationId} = ${teamMembers.organizationId} and ${teams.id} = ${teamMembers.teamId}
        where ${teamMembers.organizationId} = ${u.organizationId} and ${teamMembers.userId} = ${u.id})`,
      student: sql<boolean>`exists (select 1 from ${userRoles} join ${roles} on ${roles.organizationId} = ${userRoles.organizationId}
          and ${roles.id} = ${userRoles.roleId}
        where ${userRoles.organizationId} = ${u.organizationId} and ${userRoles.userId} = ${u.id}
          and ${roles.kind} = ${sql.raw(String(RoleKind.Student))})`,
      mail: {
        status: e.status,
        address: e.address,
        error: e.error,
        attempts: e.attempts,
        at: e.at,
      },
    })
    .from(r)
    .innerJoin(u, onUser)
    .leftJoin(e, onMail)
    .where(where)
    .orderBy(sql`${r.readAt} is not null`, desc(r.readAt), u.userName)
    .limit(size)
    .offset(offset);
  const matching = ctx.db.select({ n: count() }).from(r).innerJoin(u, onUser).leftJoin(e, onMail).where(where);
  const [c] = await ctx.db
    .select({
      total: sql<number>`${matching}::int`,
      recipients: count(),
      read: sql<number>`count(*) filter (where ${r.readAt} is not null)::int`,
    })
    .from(r)
    .where(inOrg(r, ctx.orgId, [eq(r.messageId, messageId)]));
  return {
    ...pageOf(
      list.map((row) => ({
        userId: row.userId,
        userName: row.userName,
        realName: row.realName,
        teamName: row.teamName ?? null,
        student: Boolean(row.student),
        deliveredAt: row.sentAt.toISOString(),
        readAt: iso(row.readAt),
        mail:
          row.mail?.status != null
            ? {
                status: row.mail.status as MailStatus,
                address: row.mail.address,
                error: row.mail.error,
                attempts: row.mail.attempts ?? 0,
                at: iso(row.mail.at)!,
              }
            : null,
      })),
      c?.total ?? 0,
      { ...req, pageSize: size },
    ),
    counts: {
      recipients: c?.recipients ?? 0,
      read: c?.read ?? 0,
      mail: await mailCounts(ctx.db, ctx.orgId, messageId),
    },
  };
}

const receiptColumns: SheetColumn<Receipt>[] = [
  { header: ['User name', '用户名'], width: 16, cell: (r) => r.userName },
  { header: ['Name', '姓名'], width: 16, cell: (r) => r.realName },
  { header: ['Class', '班级'], width: 24, cell: (r) => r.teamName },
  { header: ['Delivered', '送达时间'], date: true, cell: (r) => new Date(r.deliveredAt) },
  {
    header: ['Read', '阅读时间'],
    date: true,
    cell: (r, zh) => (r.readAt ? new Date(r.readAt) : zh ? '未读' : 'Not read'),
  },
  {
    header: ['E-mail', '邮件'],
    width: 24,
    cell: (r, zh) => (r.mail ? labelOf(mailStatusLabels, r.mail.status, zh ? 'zh' : 'en') : ''),
  },
];

export async function writeReceiptsSheet(
  ctx: RequestContext,
  messageId: number,
  req: z.output<typeof zReceiptRequest>,
  lang: Lang,
) {
  const data = await receipts(ctx, messageId, { ...req, pageIndex: 1 }, 100_000);
  const title = { en: 'Receipts', zh: '阅读情况' };
  return { sheet: await listSheet(title, receiptColumns, data.list, lang), count: data.list.length };
}
