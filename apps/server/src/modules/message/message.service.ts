import {
  type InboxItem,
  type InboxMessage,
  type InboxPage,
  type Lang,
  MessageStatus,
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
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource';
import { rows } from '../../platform/sql-rows';
import { exams } from '../exam/exam.table';
import { iso } from '../exam/exam-time';
import { listSheet, type SheetColumn } from '../export/list-sheet';
import { roles } from '../role/role.table';
import { tasks } from '../task/task.table';
import { teamMembers, teams } from '../team/team.table';
import { userRoles, users } from '../user/user.table';
import { messageResource } from './message.resource';
import { messageReceipts, messages } from './message.table';

const now = () => sql`${clock.date().toISOString()}::timestamptz`;

// ---- the inbox: one user's receipts of published messages showing now ----

// The receipts of the caller a recipient sees: published, started (sent_at is when it starts
// showing), not ended. The (user, sent_at) index walks them newest first.
function visible(ctx: RequestContext): SQL {
  return sql`r.organization_id = ${ctx.orgId} and r.user_id = ${ctx.userId} and r.sent_at <= ${now()}
    and m.status = ${sql.raw(String(MessageStatus.Published))} and (m.open_end is null or m.open_end > ${now()})`;
}

interface InboxRow {
  id: number;
  title: string;
  body: string;
  sender: string | null;
  notice: SystemNotice | null;
  notice_params: Record<string, string | number>;
  need_read: boolean;
  read_at: string | null;
  sent_at: string;
  open_end: string | null;
  association_type: number;
  association_id: number | null;
  about_name: string | null;
  attachments: unknown[];
}

const inboxColumns = (
  withBody: boolean,
) => sql`m.id, m.title, ${withBody ? sql`m.body` : sql`left(m.body, 600)`} as body,
  s.real_name as sender, m.notice, m.notice_params, m.need_read, r.read_at, r.sent_at, m.open_end,
  m.association_type, m.association_id, m.attachments,
  case m.association_type
    when 1 then (select e.name from ${exams} e where e.organization_id = m.organization_id and e.id = m.association_id)
    when 2 then (select t.name from ${tasks} t where t.organization_id = m.organization_id and t.id = m.association_id)
  end as about_name`;

const inboxFrom = sql`${messageReceipts} r
  join ${messages} m on m.organization_id = r.organization_id and m.id = r.message_id
  left join ${users} s on s.organization_id = m.organization_id and s.id = m.sender_id`;

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

function toItem(r: InboxRow): InboxItem {
  return {
    id: Number(r.id),
    title: r.title,
    excerpt: plainText(r.body),
    sender: r.sender ?? null,
    notice: r.notice ?? null,
    noticeParams: r.notice_params ?? {},
    needRead: r.need_read,
    readAt: iso(r.read_at),
    sendTime: iso(r.sent_at)!,
    openEnd: iso(r.open_end),
    about:
      r.association_id != null && r.about_name != null
        ? { type: Number(r.association_type) as About['type'], id: Number(r.association_id), name: r.about_name }
        : null,
    hasAttachments: Array.isArray(r.attachments) && r.attachments.length > 0,
  };
}

export async function inbox(ctx: RequestContext, req: z.output<typeof zInboxRequest>): Promise<InboxPage> {
  const conditions: SQL[] = [visible(ctx)];
  if (req.view === 'unread') conditions.push(sql`r.read_at is null`);
  if (req.view === 'needRead') conditions.push(sql`m.need_read and r.read_at is null`);
  if (req.system !== undefined) conditions.push(req.system ? sql`m.notice is not null` : sql`m.notice is null`);
  if (req.keyword) conditions.push(sql`m.title ilike ${likePattern(req.keyword)}`);
  const where = sql.join(conditions, sql` and `);
  // Newest first, as the (user, sent_at desc, message_id desc) index holds them.
  const list = await rows<InboxRow & Record<string, unknown>>(
    ctx.db,
    sql`select ${inboxColumns(false)} from ${inboxFrom} where ${where}
      order by r.sent_at desc nulls last, r.message_id desc nulls last
      limit ${req.pageSize} offset ${(req.pageIndex - 1) * req.pageSize}`,
  );
  // The page's total and the unread count in one pass over the caller's receipts.
  const [c] = await rows<{ total: number; unread: number }>(
    ctx.db,
    sql`select count(*) filter (where ${where})::int as total, count(*) filter (where r.read_at is null)::int as unread
      from ${messageReceipts} r join ${messages} m on m.organization_id = r.organization_id and m.id = r.message_id
      where ${visible(ctx)}`,
  );
  return { ...pageOf(list.map(toItem), Number(c?.total ?? 0), req), unread: Number(c?.unread ?? 0) };
}

export async function unreadSummary(ctx: RequestContext): Promise<UnreadSummary> {
  const [c] = await rows<{ unread: number; need: number }>(
    ctx.db,
    sql`select count(*)::int as unread, count(*) filter (where m.need_read)::int as need
      from ${inboxFrom} where ${visible(ctx)} and r.read_at is null`,
  );
  const need = await rows<InboxRow & Record<string, unknown>>(
    ctx.db,
    sql`select ${inboxColumns(false)} from ${inboxFrom} where ${visible(ctx)} and m.need_read and r.read_at is null
      order by r.sent_at, r.message_id limit 5`,
  );
  return { unread: Number(c?.unread ?? 0), needRead: need.map(toItem), needReadTotal: Number(c?.need ?? 0) };
}

async function own(ctx: RequestContext, id: number): Promise<InboxRow> {
  const [r] = await rows<InboxRow & Record<string, unknown>>(
    ctx.db,
    sql`select ${inboxColumns(true)} from ${inboxFrom} where ${visible(ctx)} and r.message_id = ${id}`,
  );
  if (!r) throw notFound('message');
  return r;
}

// One message of the caller's inbox. A GET changes nothing: the reader then marks it read through
// POST /read/{id}, which a cookie session sends only with the ajax header (no other site's page can).
export async function viewMessage(ctx: RequestContext, id: number): Promise<InboxMessage> {
  const r = await own(ctx, id);
  const item = toItem(r);
  return {
    ...item,
    body: r.body,
    attachments: (r.attachments as { name: string; url: string }[]) ?? [],
  };
}

async function markRead(ctx: RequestContext, id: number): Promise<string> {
  const [done] = await rows<{ read_at: string }>(
    ctx.db,
    sql`update ${messageReceipts} set read_at = coalesce(read_at, ${now()})
      where organization_id = ${ctx.orgId} and user_id = ${ctx.userId} and message_id = ${id} returning read_at`,
  );
  return iso(done?.read_at)!;
}

// Reading (or confirming) a message: the receipt keeps the first time.
export async function confirmRead(ctx: RequestContext, id: number): Promise<{ readAt: string }> {
  await own(ctx, id);
  return { readAt: await markRead(ctx, id) };
}

export async function readAll(ctx: RequestContext): Promise<{ changed: number }> {
  const done = await rows<{ id: number }>(
    ctx.db,
    sql`update ${messageReceipts} r set read_at = ${now()} from ${messages} m
      where m.organization_id = r.organization_id and m.id = r.message_id and ${visible(ctx)}
        and r.read_at is null and not m.need_read returning r.message_id as id`,
  );
  return { changed: done.length };
}

// The student's home: the latest messages.
export async function portalMessages(ctx: RequestContext, limit: number): Promise<PortalMessage[]> {
  const list = await rows<InboxRow & Record<string, unknown>>(
    ctx.db,
    sql`select ${inboxColumns(false)} from ${inboxFrom} where ${visible(ctx)}
      order by (r.read_at is null and m.need_read) desc, r.sent_at desc, r.message_id desc limit ${limit}`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    title: r.title,
    sender: r.sender ?? null,
    sendTime: iso(r.sent_at)!,
    read: r.read_at != null,
    needRead: r.need_read,
    notice: r.notice ?? null,
    noticeParams: r.notice_params ?? {},
  }));
}

// ---- receipts: who received a message and who has read it (staff) ----

interface ReceiptRow {
  user_id: number;
  user_name: string;
  real_name: string;
  team_name: string | null;
  student: boolean;
  sent_at: string;
  read_at: string | null;
}

export async function receipts(
  ctx: RequestContext,
  messageId: number,
  req: z.output<typeof zReceiptRequest>,
  limit?: number,
): Promise<ReceiptPage> {
  await messageResource.readable(ctx, messageId);
  const conditions: SQL[] = [sql`r.organization_id = ${ctx.orgId}`, sql`r.message_id = ${messageId}`];
  if (req.read !== undefined) conditions.push(req.read ? sql`r.read_at is not null` : sql`r.read_at is null`);
  if (req.keyword) {
    conditions.push(
      sql`(u.user_name ilike ${likePattern(req.keyword)} or u.real_name ilike ${likePattern(req.keyword)})`,
    );
  }
  if (req.teamId) {
    conditions.push(
      sql`exists (select 1 from ${teamMembers} x where x.organization_id = u.organization_id and x.user_id = u.id and x.team_id = ${req.teamId})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const from = sql`${messageReceipts} r join ${users} u on u.organization_id = r.organization_id and u.id = r.user_id`;
  const size = limit ?? req.pageSize;
  const offset = limit ? 0 : (req.pageIndex - 1) * req.pageSize;
  const list = await rows<ReceiptRow & Record<string, unknown>>(
    ctx.db,
    sql`select r.user_id, u.user_name, u.real_name, r.sent_at, r.read_at,
        (select string_agg(t.name, ', ' order by t.name) from ${teamMembers} m join ${teams} t
          on t.organization_id = m.organization_id and t.id = m.team_id
          where m.organization_id = u.organization_id and m.user_id = u.id) as team_name,
        exists (select 1 from ${userRoles} ur join ${roles} ro on ro.organization_id = ur.organization_id and ro.id = ur.role_id
          where ur.organization_id = u.organization_id and ur.user_id = u.id and ro.kind = ${sql.raw(String(RoleKind.Student))}) as student
      from ${from} where ${where}
      order by r.read_at is not null, r.read_at desc, u.user_name limit ${size} offset ${offset}`,
  );
  const [c] = await rows<{ total: number; recipients: number; read: number }>(
    ctx.db,
    sql`select (select count(*) from ${from} where ${where})::int as total,
      count(*)::int as recipients, count(*) filter (where r.read_at is not null)::int as read
      from ${messageReceipts} r where r.organization_id = ${ctx.orgId} and r.message_id = ${messageId}`,
  );
  return {
    ...pageOf(
      list.map((r) => ({
        userId: Number(r.user_id),
        userName: r.user_name,
        realName: r.real_name,
        teamName: r.team_name ?? null,
        student: Boolean(r.student),
        deliveredAt: iso(r.sent_at)!,
        readAt: iso(r.read_at),
      })),
      Number(c?.total ?? 0),
      { ...req, pageSize: size },
    ),
    counts: { recipients: Number(c?.recipients ?? 0), read: Number(c?.read ?? 0) },
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
