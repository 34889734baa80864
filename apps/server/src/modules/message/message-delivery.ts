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
import { type SQL, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { rows } from '../../platform/sql-rows';
import { roles } from '../role/role.table';
import { teamMembers, teams } from '../team/team.table';
import { userRoles, users } from '../user/user.table';
import { messageReceipts, messages, messageTeams, messageUsers } from './message.table';

// Delivery (decision 40): a message reaches its recipients as one receipt row each, written by one
// INSERT … SELECT from its targets, so a notice to the whole school is one statement whatever its
// size. People's messages and the product's notices take the same path.

// Enabled users of the organisation holding a role of the kind (`not` true: holding none of them).
function withKind(orgId: number, kind: SQL) {
  return sql`exists (select 1 from ${userRoles} ur join ${roles} r on r.organization_id = ur.organization_id and r.id = ur.role_id
    where ur.organization_id = ${orgId} and ur.user_id = u.id and ${kind})`;
}
const isStudentKind = sql`r.kind = ${sql.raw(String(RoleKind.Student))}`;
const isStaffKind = sql`r.kind <> ${sql.raw(String(RoleKind.Student))}`;

export interface Targets {
  id: number;
  targetType: number;
  audience: number;
  gradeYears: number[];
}

// The user ids a message's targets reach, as a query (enabled users only).
export function recipientsOf(orgId: number, m: Targets): SQL {
  const enabled = sql`u.organization_id = ${orgId} and u.status = ${sql.raw(String(UserStatus.Enabled))}`;
  const memberOf = (teamCondition: SQL) =>
    sql`u.id in (select m.user_id from ${teamMembers} m join ${teams} t on t.organization_id = m.organization_id and t.id = m.team_id
      where m.organization_id = ${orgId} and ${teamCondition})`;
  switch (m.targetType) {
    case MessageTarget.School: {
      const who =
        m.audience === MessageAudience.Students
          ? withKind(orgId, isStudentKind)
          : m.audience === MessageAudience.Staff
            ? withKind(orgId, isStaffKind)
            : sql`true`;
      return sql`select u.id from ${users} u where ${enabled} and ${who}`;
    }
    case MessageTarget.Grade: {
      const years = sql`array[${sql.join(
        m.gradeYears.map((y) => sql`${y}`),
        sql`, `,
      )}]::int[]`;
      return sql`select u.id from ${users} u where ${enabled} and ${withKind(orgId, isStudentKind)}
        and ${memberOf(sql`t.grade_year = any(${years})`)}`;
    }
    case MessageTarget.Class:
      return sql`select u.id from ${users} u where ${enabled} and ${withKind(orgId, isStudentKind)}
        and ${memberOf(sql`t.id in (select team_id from ${messageTeams} where organization_id = ${orgId} and message_id = ${m.id})`)}`;
    default:
      return sql`select u.id from ${users} u where ${enabled}
        and u.id in (select user_id from ${messageUsers} where organization_id = ${orgId} and message_id = ${m.id})`;
  }
}

// Writes a receipt for every recipient not holding one yet (publishing again keeps read times), all
// sent at `sentAt` (when the message starts showing), and the recipient count on the message.
export async function deliver(db: DbOrTx, orgId: number, messageId: number, recipients: SQL, sentAt: Date) {
  await db.execute(sql`insert into ${messageReceipts} (organization_id, message_id, user_id, sent_at)
    select ${orgId}, ${messageId}, r.id, ${sentAt.toISOString()}::timestamptz from (${recipients}) r
    on conflict do nothing`);
  const [c] = await rows<{ n: number }>(
    db,
    sql`update ${messages} set recipient_count = (select count(*) from ${messageReceipts}
        where organization_id = ${orgId} and message_id = ${messageId})
      where organization_id = ${orgId} and id = ${messageId} returning recipient_count as n`,
  );
  return Number(c?.n ?? 0);
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
  if (n === 0) await db.execute(sql`delete from ${messages} where organization_id = ${orgId} and id = ${id}`);
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
