import type { EnumLabel } from '../labels';

// Spec: message status. 0 (a draft nobody has received) is ours; 1 and 2 are the spec's.
export const MessageStatus = { Draft: 0, Published: 1, Withdrawn: 2 } as const;
export type MessageStatus = (typeof MessageStatus)[keyof typeof MessageStatus];
export const messageStatusLabels = {
  0: { en: 'Draft', zh: '草稿', color: 'default' },
  1: { en: 'Published', zh: '已发布', color: 'success' },
  2: { en: 'Withdrawn', zh: '已撤回', color: 'warning' },
} satisfies Record<MessageStatus, EnumLabel>;

// Spec: message open status, derived from the clock and the message's open window.
export const MessageOpenStatus = { NotStarted: 1, InProgress: 2, Ended: 3 } as const;
export type MessageOpenStatus = (typeof MessageOpenStatus)[keyof typeof MessageOpenStatus];
export const messageOpenStatusLabels = {
  1: { en: 'Not started', zh: '未开始', color: 'default' },
  2: { en: 'Showing', zh: '进行中', color: 'processing' },
  3: { en: 'Ended', zh: '已结束', color: 'default' },
} satisfies Record<MessageOpenStatus, EnumLabel>;

// Spec: message target, who a message goes to.
export const MessageTarget = { School: 1, Grade: 2, Class: 3, Individual: 4 } as const;
export type MessageTarget = (typeof MessageTarget)[keyof typeof MessageTarget];
export const messageTargetLabels = {
  1: { en: 'Whole school', zh: '全校' },
  2: { en: 'Grade', zh: '年级' },
  3: { en: 'Class', zh: '班级' },
  4: { en: 'Individual people', zh: '指定人员' },
} satisfies Record<MessageTarget, EnumLabel>;

// Who of the school a whole-school message reaches (ours: the spec says staff can be targets too).
export const MessageAudience = { Students: 1, Staff: 2, Everyone: 3 } as const;
export type MessageAudience = (typeof MessageAudience)[keyof typeof MessageAudience];
export const messageAudienceLabels = {
  1: { en: 'Students', zh: '学生' },
  2: { en: 'Staff', zh: '教职工' },
  3: { en: 'Students and staff', zh: '学生和教职工' },
} satisfies Record<MessageAudience, EnumLabel>;

// Spec: message association type, what a message is about (a course once courses exist).
export const MessageAssociation = { None: 0, Exam: 1, Task: 2, Course: 3 } as const;
export type MessageAssociation = (typeof MessageAssociation)[keyof typeof MessageAssociation];
export const messageAssociationLabels = {
  0: { en: 'Nothing', zh: '无' },
  1: { en: 'Exam', zh: '考试' },
  2: { en: 'Homework', zh: '作业' },
  3: { en: 'Course', zh: '课程' },
} satisfies Record<MessageAssociation, EnumLabel>;

// The notices the product sends by itself through the same path as people's messages. The reader's
// screen words them in its language from the kind and its parameters.
export const SYSTEM_NOTICES = [
  'examPublished',
  'examCancelled',
  'registrationApproved',
  'registrationRejected',
  'homeworkAssigned',
  'homeworkReturned',
  'homeworkReminder',
  'scoresReleased',
  'messageReminder',
] as const;
export type SystemNotice = (typeof SYSTEM_NOTICES)[number];
