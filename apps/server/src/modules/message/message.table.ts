import {
  MAIL_LANGS,
  mailStatusLabels,
  messageAssociationLabels,
  messageAudienceLabels,
  messageStatusLabels,
  messageTargetLabels,
  SYSTEM_NOTICES,
} from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, smallint, text, varchar } from 'drizzle-orm/pg-core';
import {
  at,
  enumCheck,
  gradeYears,
  keyedTable,
  keyId,
  linkTable,
  publishStamps,
  refId,
  tenantRef,
  trigramIndex,
  updateTime,
} from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { teams } from '../team/team.table';
import { users } from '../user/user.table';

// A message (decision 40): a notice written by staff, or sent by the product itself (`notice` set,
// no sender), to the whole school, grades, classes or named people. Publishing writes one receipt
// per recipient in one statement; the inbox reads the receipts.
export const messages = tenantTable(
  'messages',
  {
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    // [{name, url}]: uploads of the file service or http(s) links.
    attachments: jsonb('attachments').notNull().default([]),
    targetType: smallint('target_type').notNull().default(3),
    audience: smallint('audience').notNull().default(1),
    gradeYears: gradeYears(),
    needRead: boolean('need_read').notNull().default(false),
    openStart: at('open_start'),
    openEnd: at('open_end'),
    associationType: smallint('association_type').notNull().default(0),
    associationId: refId('association_id'),
    status: smallint('status').notNull().default(0),
    // The product's notices: their kind and parameters (the reader's screen words them).
    notice: varchar('notice', { length: 40 }),
    noticeParams: jsonb('notice_params').notNull().default({}),
    senderId: refId('sender_id'),
    recipientCount: integer('recipient_count').notNull().default(0),
    lastRemindTime: at('last_remind_time'),
    lastRemindCount: integer('last_remind_count').notNull().default(0),
    ...publishStamps(),
  },
  (t) => [
    index('messages_sender_ix').on(t.organizationId, t.senderId, t.id),
    index('messages_about_ix').on(t.organizationId, t.associationType, t.associationId),
    trigramIndex('messages_title_trgm', t.title),
    enumCheck('messages_target_type_ck', t.targetType, messageTargetLabels),
    enumCheck('messages_audience_ck', t.audience, messageAudienceLabels),
    enumCheck('messages_association_type_ck', t.associationType, messageAssociationLabels),
    enumCheck('messages_status_ck', t.status, messageStatusLabels),
    check(
      'messages_notice_ck',
      sql`${t.notice} is null or ${t.notice} in (${sql.raw(SYSTEM_NOTICES.map((n) => `'${n}'`).join(', '))})`,
    ),
    tenantRef(t.organizationId, t.senderId, users).onDelete('set null'),
  ],
);

export const messageTeams = linkTable('message_teams', 'message_id', messages, 'team_id', teams, true);
export const messageUsers = linkTable('message_users', 'message_id', messages, 'user_id', users, true);

// One row per recipient of a published message: delivered when published, read when the recipient
// opened it (or confirmed it, for a need-read message). The inbox walks (user, sent_at) newest first.
export const messageReceipts = keyedTable(
  'message_receipts',
  {
    messageId: keyId('message_id'),
    userId: keyId('user_id'),
    sentAt: at('sent_at').notNull(),
    readAt: at('read_at'),
  },
  (t) => [t.messageId, t.userId],
  (t) => [
    index('message_receipts_inbox_ix').on(t.organizationId, t.userId, t.sentAt.desc(), t.messageId.desc()),
    index('message_receipts_unread_ix').on(t.organizationId, t.userId).where(sql`${t.readAt} is null`),
    tenantRef(t.organizationId, t.messageId, messages).onDelete('cascade'),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);

// E-mail beside the bell (issue 29): what became of each recipient's e-mail of a message, written
// by the mail job (message-mail.ts) after every try, so a retry never sends again to someone the
// server accepted, and staff see sent, failed and skipped beside the receipts.
export const messageMails = keyedTable(
  'message_mails',
  {
    messageId: keyId('message_id'),
    userId: keyId('user_id'),
    status: smallint('status').notNull(),
    // The address tried (the user's at that moment), null when there was none.
    address: varchar('address', { length: 254 }),
    // The mail server's refusal or why it could not be reached; null once sent.
    error: varchar('error', { length: 500 }),
    attempts: integer('attempts').notNull().default(0),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [t.messageId, t.userId],
  (t) => [
    enumCheck('message_mails_status_ck', t.status, mailStatusLabels),
    tenantRef(t.organizationId, t.messageId, messages).onDelete('cascade'),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);

// A user's own choice about messages by e-mail (the profile's switch); no row: they receive them,
// in the organisation's default language.
export const mailPreferences = keyedTable(
  'mail_preferences',
  {
    userId: keyId('user_id'),
    receive: boolean('receive').notNull().default(true),
    lang: varchar('lang', { length: 5 }),
    updateTime: updateTime(),
  },
  (t) => [t.userId],
  (t) => [
    check(
      'mail_preferences_lang_ck',
      sql`${t.lang} is null or ${t.lang} in (${sql.raw(MAIL_LANGS.map((l) => `'${l}'`).join(', '))})`,
    ),
    tenantRef(t.organizationId, t.userId, users).onDelete('cascade'),
  ],
);
