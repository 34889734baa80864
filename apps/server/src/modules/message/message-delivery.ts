import {
  MessageAssociation,
  MessageAudience,
  MessageStatus,
  MessageTarget,
  RoleKind,
  type SystemNotice,
  UserStatus,
  wordNotice,
} from '@lyceum/contract';
import { count, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { roles } from '../role/role.table';
import { mailIsOn } from '../system-config/mail-settings.service';
import { teamMembers, teams } from '../team/team.table';
import { userRoles, users } from '../user/user.table';
import { messageReceipts, messages, messageTeams, messageUsers } from './message.table';
import { writeReceiptsWithMail } from './message-mail';
import { announceMessage } from './message-push';

// Delivery (decision 40): a message reaches its recipients as one receipt row each, written by one
// INSERT … SELECT from its targets, so a notice to the whole school is one statement whatever its
// size. People's messages and the product's notices take the same path.

// Queries built without a connection: a message's recipients, as a statement to select from.
const qb = new QueryBuilder();

// The user (`users`) holds a role of the students' kind (`student` false: of another kind).
function withKind(orgId: number, student: boolean) {
  return exists(
    qb
      .select({ one: sql`1` })
      .from(userRoles)
      .innerJoin(roles, sameOrg(roles, userRoles, [eq(roles.id, userRoles.roleId)]))
      .where(
        inOrg(userRoles, orgId, [
          eq(userRoles.userId, users.id),
          student ? eq(roles.kind, RoleKind.Student) : ne(roles.kind, RoleKind.Student),
        ]),
      ),
  );
}

export interface Targets {
  id: number;
  targetType: number;
  audience: number;
  gradeYears: number[];
}

// The user ids a message's targets reach, as a query (enabled users only).
export function recipientsOf(orgId: number, m: Targets): SQL {
  const enabledWith = (...conditions: (SQL | undefined)[]) =>
    qb
      .select({ id: users.id })
      .from(users)
      .where(inOrg(users, orgId, [eq(users.status, UserStatus.Enabled), ...conditions]))
      .getSQL();
  const memberOf = (teamCondition: SQL) =>
    inArray(
      users.id,
      qb
        .select({ id: teamMembers.userId })
        .from(teamMembers)
        .innerJoin(teams, sameOrg(teams, teamMembers, [eq(teams.id, teamMembers.teamId)]))
        .where(inOrg(teamMembers, orgId, [teamCondition])),
    );
  switch (m.targetType) {
    case MessageTarget.School: {
      const who =
        m.audience === MessageAudience.Students
          ? withKind(orgId, true)
          : m.audience === MessageAudience.Staff
            ? withKind(orgId, false)
            : undefined;
      return enabledWith(who);
    }
    case MessageTarget.Grade:
      return enabledWith(withKind(orgId, true), memberOf(inArray(teams.gradeYear, m.gradeYears)));
    case MessageTarget.Class: {
      const named = qb
        .select({ id: messageTeams.targetId })
        .from(messageTeams)
        .where(inOrg(messageTeams, orgId, [eq(messageTeams.ownerId, m.id)]));
      return enabledWith(withKind(orgId, true), memberOf(inArray(teams.id, named)));
    }
    default: {
      const named = qb
        .select({ id: messageUsers.targetId })
        .from(messageUsers)
        .where(inOrg(messageUsers, orgId, [eq(messageUsers.ownerId, m.id)]));
      return enabledWith(inArray(users.id, named));
    }
  }
}

// Writes a receipt for every recipient not holding one yet (publishing again keeps read times), all
// sent at `sentAt` (when the message starts showing), and the recipient count on the message. While
// the organisation sends e-mail, the same statement queues the new recipients' e-mails (message-mail.ts).
export async function deliver(db: DbOrTx, orgId: number, messageId: number, recipients: SQL, sentAt: Date) {
  // Raw: a bulk INSERT … SELECT of four of the receipt's columns from any query of ids.
  const insert = sql`insert into ${messageReceipts} (organization_id, message_id, user_id, sent_at)
    select ${orgId}, ${messageId}, r.id, ${sentAt.toISOString()}::timestamptz from (${recipients}) r
    on conflict do nothing`;
  if (await mailIsOn(db, orgId)) await writeReceiptsWithMail(db, orgId, messageId, insert, sentAt);
  else await db.execute(insert);
  const received = db
    .select({ n: count() })
    .from(messageReceipts)
    .where(inOrg(messageReceipts, orgId, [eq(messageReceipts.messageId, messageId)]));
  const [c] = await db
    .update(messages)
    .set({ recipientCount: sql`${received}` })
    .where(inOrg(messages, orgId, [eq(messages.id, messageId)]))
    .returning({ n: messages.recipientCount });
  await announceMessage(db, orgId, messageId, sentAt);
  return c?.n ?? 0;
}

export interface Notice {
  kind: SystemNotice;
  params: Record<string, string | number>;
  about?: { type: number; id: number };
  // Who gets it: a query of user ids.
  to: SQL;
}

// A notice from the product: a published message without a sender, worded in English on the row
// (exports, logs) and in the reader's language on their screen. Nobody to tell: nothing is written.
export async function sendNotice(db: DbOrTx, orgId: number, notice: Notice): Promise<number> {
  const now = clock.date();
  const { title, body } = wordNotice(notice.kind, notice.params, 'en');
  const [m] = await db
    .insert(messages)
    .values({
      organizationId: orgId,
      title: title.slice(0, 200),
      body: `<p>${escapeHtml(body)}</p>`,
      targetType: MessageTarget.Individual,
      status: MessageStatus.Published,
      notice: notice.kind,
      noticeParams: notice.params,
      associationType: notice.about?.type ?? MessageAssociation.None,
      associationId: notice.about?.id ?? null,
      publishTime: now,
    })
    .returning({ id: messages.id });
  const id = m!.id;
  const n = await deliver(db, orgId, id, notice.to, now);
  if (n === 0) await db.delete(messages).where(inOrg(messages, orgId, [eq(messages.id, id)]));
  return n;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Recipients given as ids (a list the caller already holds).
export function idsQuery(ids: number[]): SQL {
  if (!ids.length) return sql`select null::bigint as id where false`;
  return sql`select unnest(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]) as id`;
}
