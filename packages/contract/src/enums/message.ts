import { defineEnum, type EnumValue } from '../labels';

// Spec: message status. 0 (a draft nobody has received) is ours; 1 and 2 are the spec's.
export const { values: MessageStatus, labels: messageStatusLabels } = defineEnum({
  Draft: [0, 'Draft', '草稿', 'default'],
  Published: [1, 'Published', '已发布', 'success'],
  Withdrawn: [2, 'Withdrawn', '已撤回', 'warning'],
});
export type MessageStatus = EnumValue<typeof MessageStatus>;

// Spec: message open status, derived from the clock and the message's open window.
export const { values: MessageOpenStatus, labels: messageOpenStatusLabels } = defineEnum({
  NotStarted: [1, 'Not started', '未开始', 'default'],
  InProgress: [2, 'Showing', '进行中', 'processing'],
  Ended: [3, 'Ended', '已结束', 'default'],
});
export type MessageOpenStatus = EnumValue<typeof MessageOpenStatus>;

// Spec: message target, who a message goes to.
export const { values: MessageTarget, labels: messageTargetLabels } = defineEnum({
  School: [1, 'Whole school', '全校'],
  Grade: [2, 'Grade', '年级'],
  Class: [3, 'Class', '班级'],
  Individual: [4, 'Individual people', '指定人员'],
});
export type MessageTarget = EnumValue<typeof MessageTarget>;

// Who of the school a whole-school message reaches (ours: the spec says staff can be targets too).
export const { values: MessageAudience, labels: messageAudienceLabels } = defineEnum({
  Students: [1, 'Students', '学生'],
  Staff: [2, 'Staff', '教职工'],
  Everyone: [3, 'Students and staff', '学生和教职工'],
});
export type MessageAudience = EnumValue<typeof MessageAudience>;

// Spec: message association type, what a message is about (a course once courses exist).
export const { values: MessageAssociation, labels: messageAssociationLabels } = defineEnum({
  None: [0, 'Nothing', '无'],
  Exam: [1, 'Exam', '考试'],
  Task: [2, 'Homework', '作业'],
  Course: [3, 'Course', '课程'],
  Lesson: [4, 'Lesson', '课次'],
  Leave: [5, 'Leave request', '请假'],
  LiveClass: [6, 'Live class', '直播课'],
});
export type MessageAssociation = EnumValue<typeof MessageAssociation>;

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
  // Teaching management and attendance (issue 31).
  'lessonMoved',
  'lessonCancelled',
  'lessonSubstituted',
  'leaveRequested',
  'leaveDecided',
  'absenceNotice',
  'attendanceAlert',
  'attendanceUntaken',
  // Live classes (issue 32).
  'liveScheduled',
  'liveChanged',
  'liveCancelled',
  'liveRecordingReady',
  // The points shop (issue 33).
  'goodsOrderShipped',
  'goodsOrderCancelled',
  // Course orders, refunds and tuition (issue 33).
  'courseOrderPaid',
  'refundDone',
  'refundFailed',
  'invoiceIssued',
  'tuitionReceived',
  'tuitionOverdue',
  // Certificates (issue 34).
  'certificateIssued',
  'certificateRevoked',
  'certificateExpiring',
  'certificateExpired',
  // Training sessions (issue 34).
  'trainingBooked',
  'trainingPromoted',
  'trainingCancelled',
] as const;
export type SystemNotice = (typeof SYSTEM_NOTICES)[number];
