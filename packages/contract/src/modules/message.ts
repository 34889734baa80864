import { z } from 'zod';
import { mailStatusLabels } from '../enums/mail';
import {
  MessageAssociation,
  MessageAudience,
  MessageTarget,
  messageAssociationLabels,
  messageAudienceLabels,
  messageOpenStatusLabels,
  messageStatusLabels,
  messageTargetLabels,
  SYSTEM_NOTICES,
} from '../enums/message';
import { codedIssue } from '../errors';
import { messageFieldWords } from '../field-words';
import { zDateText, zDateTime, zEnum, zId, zLink, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';
import { zMailCounts, zMailDelivery } from './mail';

const zMoment = zDateText('date-time');

// A file attached to a message: an upload of the file service (or an http(s) link) and its name.
export const zMessageAttachment = z.object({ name: zText(200), url: zLink(500) });
export type MessageAttachment = z.infer<typeof zMessageAttachment>;

// A message (a notice): to the whole school, grades, classes or named people, shown in their inbox
// within its open window, optionally asking each recipient to confirm they have read it.
const messageFields = {
  title: zText(200),
  // Rich text, cleaned by the server with the question bank's rules.
  body: z.string().max(100_000).default(''),
  attachments: z.array(zMessageAttachment).max(10).default([]),
  targetType: zEnum(messageTargetLabels).default(MessageTarget.Class),
  // Whole school only: students, staff or both.
  audience: zEnum(messageAudienceLabels).default(MessageAudience.Students),
  // The targets of the target type (the others are emptied when saved).
  gradeYears: z.array(z.number().int().min(2000).max(2100)).max(20).default([]),
  teamIds: z.array(zId).max(200).default([]),
  // Students or staff.
  userIds: z.array(zId).max(5000).default([]),
  // Recipients confirm "I have read it"; until then it shows to them first.
  needRead: z.boolean().default(false),
  // Shown from `openStart` (null: when published) until `openEnd` (null: no end).
  openStart: zMoment.nullable().optional(),
  openEnd: zMoment.nullable().optional(),
  associationType: zEnum(messageAssociationLabels).default(MessageAssociation.None),
  associationId: zId.nullable().optional(),
};
type MessageFields = z.output<z.ZodObject<typeof messageFields>>;

function checkMessage(m: MessageFields, ctx: z.core.$RefinementCtx) {
  const issue = (path: string, code: Parameters<typeof codedIssue>[0]) =>
    ctx.addIssue({ code: 'custom', path: [path], ...codedIssue(code) });
  if (m.openStart && m.openEnd && Date.parse(m.openEnd) <= Date.parse(m.openStart)) issue('openEnd', 'endBeforeStart');
  if (m.targetType === MessageTarget.Grade && !m.gradeYears.length) issue('gradeYears', 'required');
  if (m.targetType === MessageTarget.Class && !m.teamIds.length) issue('teamIds', 'required');
  if (m.targetType === MessageTarget.Individual && !m.userIds.length) issue('userIds', 'required');
  if (m.associationType !== MessageAssociation.None && m.associationId == null) issue('associationId', 'required');
}

// Only the targets of the target type count; the others are emptied (the server does it on save).
export function onlyMessageTargets<
  T extends Pick<MessageFields, 'targetType' | 'gradeYears' | 'teamIds' | 'userIds' | 'audience'>,
>(m: T): T {
  return {
    ...m,
    audience: m.targetType === MessageTarget.School ? m.audience : MessageAudience.Students,
    gradeYears: m.targetType === MessageTarget.Grade ? m.gradeYears : [],
    teamIds: m.targetType === MessageTarget.Class ? m.teamIds : [],
    userIds: m.targetType === MessageTarget.Individual ? m.userIds : [],
  };
}

export const zMessageCreate = z.object({ id: z.null().optional(), ...messageFields }).superRefine(checkMessage);
export const zMessageUpdate = z.object({ id: zId, ...messageFields }).superRefine(checkMessage);
export type MessageInput = z.input<typeof zMessageCreate>;

const zNoticeKind = z.enum(SYSTEM_NOTICES);
const zNoticeParams = z.record(z.string(), z.union([z.string(), z.number()]));

// What a message is about, with its name, for the link in the inbox.
export const zMessageAbout = z.object({
  type: zEnum(messageAssociationLabels),
  id: zId,
  name: z.string(),
});

export const zMessage = z.object({
  id: zId,
  organizationId: zId,
  title: z.string(),
  body: z.string(),
  attachments: z.array(zMessageAttachment),
  targetType: zEnum(messageTargetLabels),
  audience: zEnum(messageAudienceLabels),
  gradeYears: z.array(z.number().int()),
  teamIds: z.array(zId),
  userIds: z.array(zId),
  needRead: z.boolean(),
  openStart: zDateTime.nullable(),
  openEnd: zDateTime.nullable(),
  associationType: zEnum(messageAssociationLabels),
  associationId: zId.nullable(),
  status: zEnum(messageStatusLabels),
  openStatus: zEnum(messageOpenStatusLabels),
  // Set on the notices the product sends by itself (no sender).
  notice: zNoticeKind.nullable(),
  noticeParams: zNoticeParams,
  senderId: zId.nullable(),
  senderName: z.string().nullable(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  lastRemindTime: zDateTime.nullable(),
  // How many the last reminder reached.
  lastRemindCount: z.number().int(),
  publishTime: zDateTime.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type Message = z.infer<typeof zMessage>;

export const zMessageFilter = z.object({
  id: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(messageStatusLabels).optional(),
  openStatus: zEnum(messageOpenStatusLabels).optional(),
  targetType: zEnum(messageTargetLabels).optional(),
  associationType: zEnum(messageAssociationLabels).optional(),
  needRead: z.boolean().optional(),
  // People's messages or the product's notices.
  system: z.boolean().optional(),
  teamId: zId.optional(),
});

export const messageMeta: FormMeta = {
  name: 'message',
  title: { en: 'Messages', zh: '消息' },
  keyword: true,
  fields: [
    field('title', messageFieldWords.title, 'text', { required: true, sortable: true }),
    field('targetType', messageFieldWords.targetType, 'enum', { enum: messageTargetLabels, filter: true, width: 130 }),
    field('needRead', messageFieldWords.needRead, 'boolean', { width: 110 }),
    field('openStart', messageFieldWords.openStart, 'datetime', { sortable: true, width: 160 }),
    field('openEnd', messageFieldWords.openEnd, 'datetime', { sortable: true, width: 160 }),
    field('associationType', messageFieldWords.associationType, 'enum', {
      enum: messageAssociationLabels,
      filter: true,
      width: 100,
    }),
    field('status', messageFieldWords.status, 'enum', {
      enum: messageStatusLabels,
      form: false,
      filter: true,
      width: 110,
    }),
    field('publishTime', messageFieldWords.publishTime, 'datetime', { form: false, sortable: true, width: 160 }),
  ],
};

export const zPublishMessageRequest = z.object({});
export const zWithdrawMessageRequest = z.object({});
export const zRemindMessageRequest = z.object({});

// ---- who received a message, and who has read it (staff) ----

export const zReceiptRequest = zPlainPageRequest.extend({
  keyword: zOptionalText(64),
  read: z.boolean().optional(),
  teamId: zId.optional(),
  // The recipients whose e-mail came to this (issue 29).
  mailStatus: zEnum(mailStatusLabels).optional(),
});
export const zReceipt = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  // The recipient's classes (students) or null (staff).
  teamName: z.string().nullable(),
  student: z.boolean(),
  deliveredAt: zDateTime,
  readAt: zDateTime.nullable(),
  // The e-mail to this recipient, once one was tried (null: none yet, or e-mail is off).
  mail: zMailDelivery.nullable(),
});
export type Receipt = z.infer<typeof zReceipt>;
export const zReceiptCounts = z.object({ recipients: z.number().int(), read: z.number().int(), mail: zMailCounts });
export const zReceiptPage = zPage(zReceipt).extend({ counts: zReceiptCounts });
export type ReceiptPage = z.infer<typeof zReceiptPage>;

// ---- the inbox (every user) ----

export const INBOX_VIEWS = ['all', 'unread', 'needRead'] as const;
export const zInboxRequest = zPlainPageRequest.extend({
  view: z.enum(INBOX_VIEWS).default('all'),
  keyword: zOptionalText(64),
  // Only the product's notices (true) or people's messages (false).
  system: z.boolean().optional(),
});
export const zInboxItem = z.object({
  id: zId,
  title: z.string(),
  // The start of the body as plain text.
  excerpt: z.string(),
  sender: z.string().nullable(),
  notice: zNoticeKind.nullable(),
  noticeParams: zNoticeParams,
  needRead: z.boolean(),
  readAt: zDateTime.nullable(),
  sendTime: zDateTime,
  openEnd: zDateTime.nullable(),
  about: zMessageAbout.nullable(),
  hasAttachments: z.boolean(),
});
export type InboxItem = z.infer<typeof zInboxItem>;
export const zInboxPage = zPage(zInboxItem).extend({ unread: z.number().int() });
export type InboxPage = z.infer<typeof zInboxPage>;
export const zInboxMessage = zInboxItem.extend({
  body: z.string(),
  attachments: z.array(zMessageAttachment),
});
export type InboxMessage = z.infer<typeof zInboxMessage>;
// The top bar's badge: unread count, and the need-read messages still to confirm (oldest first).
export const zUnreadSummary = z.object({
  unread: z.number().int(),
  needRead: z.array(zInboxItem).max(5),
  needReadTotal: z.number().int(),
});
export type UnreadSummary = z.infer<typeof zUnreadSummary>;
