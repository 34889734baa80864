import type { SystemNotice } from '../enums/message';
import type { Lang } from '../labels';

// The product's notices worded in both languages (no schemas here: the shell's message bell loads
// this, and pages load no zod).

type Worded = { title: [string, string]; body: [string, string] };
export const systemNoticeTexts: Record<SystemNotice, Worded> = {
  examPublished: {
    title: ['Exam scheduled: {{name}}', '考试通知：{{name}}'],
    body: [
      'You are a candidate of {{name}}. It opens {{start}}. See My exams for the time and your admission ticket.',
      '您已被安排参加“{{name}}”，开考时间 {{start}}。请在“我的考试”查看时间与准考证。',
    ],
  },
  examCancelled: {
    title: ['Exam cancelled: {{name}}', '考试取消：{{name}}'],
    body: ['{{name}}, set for {{start}}, is cancelled. {{reason}}', '原定于 {{start}} 的“{{name}}”已取消。{{reason}}'],
  },
  registrationApproved: {
    title: ['Registration approved: {{name}}', '报名已通过：{{name}}'],
    body: [
      'Your registration for {{name}} was approved. It opens {{start}}.',
      '您报名的“{{name}}”已审核通过，开考时间 {{start}}。',
    ],
  },
  registrationRejected: {
    title: ['Registration not approved: {{name}}', '报名未通过：{{name}}'],
    body: ['Your registration for {{name}} was not approved. {{reason}}', '您报名的“{{name}}”未通过审核。{{reason}}'],
  },
  homeworkAssigned: {
    title: ['New homework: {{name}}', '新作业：{{name}}'],
    body: ['{{name}} is due {{due}}. Open it from My homework.', '“{{name}}”截止时间 {{due}}，请在“我的作业”中完成。'],
  },
  homeworkReturned: {
    title: ['Homework returned for a redo: {{name}}', '作业被退回重做：{{name}}'],
    body: [
      'Your teacher returned {{name}} for you to work on again. {{note}}',
      '老师退回了“{{name}}”，请修改后重新提交。{{note}}',
    ],
  },
  homeworkReminder: {
    title: ['Reminder: {{name}} is due {{due}}', '提醒：“{{name}}”将于 {{due}} 截止'],
    body: ['You have not handed in {{name}} yet. It is due {{due}}.', '您还没有提交“{{name}}”，截止时间 {{due}}。'],
  },
  scoresReleased: {
    title: ['Scores released: {{name}}', '成绩已公布：{{name}}'],
    body: ['Your result for {{name}} is ready. See My exams.', '“{{name}}”的成绩已公布，请在“我的考试”查看。'],
  },
  messageReminder: {
    title: ['Please read: {{name}}', '请阅读：{{name}}'],
    body: ['You have not read {{name}} yet.', '您还没有阅读“{{name}}”。'],
  },
  lessonMoved: {
    title: ['Lesson moved: {{name}}', '调课通知：{{name}}'],
    body: [
      '{{name}}, set for {{was}}, now takes place {{start}}{{venue}}. {{reason}}',
      '原定于 {{was}} 的“{{name}}”调整到 {{start}}{{venue}}。{{reason}}',
    ],
  },
  lessonCancelled: {
    title: ['Lesson cancelled: {{name}}', '停课通知：{{name}}'],
    body: ['{{name}}, set for {{start}}, is cancelled. {{reason}}', '原定于 {{start}} 的“{{name}}”取消。{{reason}}'],
  },
  lessonSubstituted: {
    title: ['Substitute teacher: {{name}}', '代课通知：{{name}}'],
    body: [
      '{{name}} at {{start}} is taught by {{teacher}} instead of {{original}}. {{reason}}',
      '{{start}} 的“{{name}}”由 {{teacher}} 代替 {{original}} 授课。{{reason}}',
    ],
  },
  leaveRequested: {
    title: ['Leave request: {{student}}', '请假申请：{{student}}'],
    body: [
      '{{student}} asks for leave from {{start}} to {{due}}: {{reason}}. Review it under Attendance.',
      '{{student}} 申请请假（{{start}} 至 {{due}}）：{{reason}}。请在“考勤”中审批。',
    ],
  },
  leaveDecided: {
    title: ['Leave {{decision}}: {{start}}', '请假{{decisionZh}}：{{start}}'],
    body: [
      'Your leave from {{start}} to {{due}} was {{decision}}. {{note}}',
      '您 {{start}} 至 {{due}} 的请假申请{{decisionZh}}。{{note}}',
    ],
  },
  absenceNotice: {
    title: ['Marked {{status}}: {{name}}', '考勤记录：{{name}} {{statusZh}}'],
    body: [
      'You were marked {{status}} in {{name}} at {{start}}. If this is wrong, ask your teacher or request leave.',
      '您在 {{start}} 的“{{name}}”被记为{{statusZh}}。如有异议，请联系老师或补交请假申请。',
    ],
  },
  attendanceAlert: {
    title: ['Attendance alert: {{student}}', '考勤预警：{{student}}'],
    body: ['{{student}} ({{team}}): {{detail}}', '{{student}}（{{team}}）：{{detail}}'],
  },
  attendanceUntaken: {
    title: ['Attendance not taken yet: {{day}}', '尚未点名：{{day}}'],
    body: [
      'Attendance has not been taken for {{name}}. Please take it under Attendance.',
      '以下课次尚未点名：{{name}}。请在“考勤”中完成点名。',
    ],
  },
  liveScheduled: {
    title: ['Live class: {{name}}', '直播课：{{name}}'],
    body: [
      '{{name}} starts {{start}}. Join from your home page when it opens. {{teacher}}',
      '“{{name}}”将于 {{start}} 开始，开放后可在首页进入。{{teacher}}',
    ],
  },
  liveChanged: {
    title: ['Live class moved: {{name}}', '直播课时间调整：{{name}}'],
    body: ['{{name}} now starts {{start}} (was {{was}}).', '“{{name}}”改为 {{start}} 开始（原为 {{was}}）。'],
  },
  liveCancelled: {
    title: ['Live class cancelled: {{name}}', '直播课取消：{{name}}'],
    body: ['{{name}}, set for {{start}}, is cancelled. {{reason}}', '原定于 {{start}} 的“{{name}}”已取消。{{reason}}'],
  },
  liveRecordingReady: {
    title: ['Recording ready: {{name}}', '直播回放已生成：{{name}}'],
    body: [
      'The recording of {{name}} ({{start}}) can be watched from your home page.',
      '“{{name}}”（{{start}}）的回放已可在首页观看。',
    ],
  },
  goodsOrderShipped: {
    title: ['Order shipped: {{name}}', '订单已发货：{{name}}'],
    body: [
      'Your order {{orderNo}} ({{name}} × {{quantity}}) is on its way: {{carrier}} {{trackingNo}}. Confirm receipt under Points & shop when it arrives.',
      '您的订单 {{orderNo}}（{{name}} × {{quantity}}）已发货：{{carrier}} {{trackingNo}}。收到后请在“积分商城”确认收货。',
    ],
  },
  goodsOrderCancelled: {
    title: ['Order cancelled: {{name}}', '订单已取消：{{name}}'],
    body: [
      'Your order {{orderNo}} ({{name}} × {{quantity}}) was cancelled and its {{points}} points returned. {{reason}}',
      '您的订单 {{orderNo}}（{{name}} × {{quantity}}）已取消，{{points}} 积分已退回。{{reason}}',
    ],
  },
  courseOrderPaid: {
    title: ['Payment received: {{name}}', '支付成功：{{name}}'],
    body: [
      'Order {{orderNo}} is paid ({{amount}}). {{name}} is open under My courses.',
      '订单 {{orderNo}} 已支付（{{amount}}），“{{name}}”已可在“我的课程”中学习。',
    ],
  },
  refundDone: {
    title: ['Refund completed: {{name}}', '退款成功：{{name}}'],
    body: [
      '{{amount}} of {{orderNo}} was refunded to you. {{reason}}',
      '{{orderNo}} 的 {{amount}} 已退还给您。{{reason}}',
    ],
  },
  refundFailed: {
    title: ['Refund failed: {{name}}', '退款失败：{{name}}'],
    body: [
      'The refund of {{amount}} for {{orderNo}} did not go through: {{reason}}. The school will contact you.',
      '{{orderNo}} 的 {{amount}} 退款未成功：{{reason}}。学校将与您联系。',
    ],
  },
  invoiceIssued: {
    title: ['Tuition invoice: {{name}}', '缴费通知：{{name}}'],
    body: [
      'Invoice {{invoiceNo}} for {{name}}: {{amount}}, first instalment due {{due}}. See Orders & fees.',
      '账单 {{invoiceNo}}（{{name}}）共 {{amount}}，首期缴费截止 {{due}}。请在“订单与缴费”查看。',
    ],
  },
  tuitionReceived: {
    title: ['Payment received: {{name}}', '缴费成功：{{name}}'],
    body: [
      'We received {{amount}} for {{invoiceNo}} (receipt {{receiptNo}}). Still owed: {{outstanding}}.',
      '已收到 {{invoiceNo}} 的缴费 {{amount}}（收据号 {{receiptNo}}），尚欠 {{outstanding}}。',
    ],
  },
  tuitionOverdue: {
    title: ['Tuition overdue: {{name}}', '学费逾期提醒：{{name}}'],
    body: [
      '{{overdue}} of invoice {{invoiceNo}} was due {{due}} and is not paid yet. See Orders & fees, or pay at the desk.',
      '账单 {{invoiceNo}} 有 {{overdue}} 已于 {{due}} 到期未缴，请在“订单与缴费”在线缴纳或到财务处缴费。',
    ],
  },
  certificateIssued: {
    title: ['Certificate issued: {{name}}', '证书已颁发：{{name}}'],
    body: [
      'Certificate {{certificateNo}} for {{name}} was issued to you. See My record › Certificates to print it.',
      '您获得了“{{name}}”证书（编号 {{certificateNo}}），可在“我的档案 › 证书”中打印。',
    ],
  },
  certificateRevoked: {
    title: ['Certificate revoked: {{name}}', '证书已撤销：{{name}}'],
    body: [
      'Certificate {{certificateNo}} for {{name}} was revoked. {{reason}}',
      '您的“{{name}}”证书（编号 {{certificateNo}}）已被撤销。{{reason}}',
    ],
  },
  certificateExpiring: {
    title: ['Certificate expiring: {{name}}', '证书即将到期：{{name}}'],
    body: [
      'Your certificate {{certificateNo}} for {{name}} expires {{due}}. Book a recertification to keep it valid.',
      '您的“{{name}}”证书（编号 {{certificateNo}}）将于 {{due}} 到期，请及时报名复训以保持有效。',
    ],
  },
  certificateExpired: {
    title: ['Certificate expired: {{name}}', '证书已到期：{{name}}'],
    body: [
      'Your certificate {{certificateNo}} for {{name}} expired {{due}}. Recertify to hold it again.',
      '您的“{{name}}”证书（编号 {{certificateNo}}）已于 {{due}} 到期，请参加复训重新取得。',
    ],
  },
  trainingBooked: {
    title: ['Training: {{state}} for {{name}}', '培训报名：{{name}}（{{stateZh}}）'],
    body: [
      'Your registration for {{name}} ({{start}}) is now: {{state}}. {{reason}}',
      '您报名的“{{name}}”（{{start}}）当前状态：{{stateZh}}。{{reason}}',
    ],
  },
  trainingPromoted: {
    title: ['A place is yours: {{name}}', '候补转正：{{name}}'],
    body: [
      'A place freed up and you moved from the waitlist: you are booked on {{name}} ({{start}}).',
      '有名额空出，您已从候补转为正式报名：“{{name}}”（{{start}}）。',
    ],
  },
  trainingCancelled: {
    title: ['Training cancelled: {{name}}', '培训报名已取消：{{name}}'],
    body: [
      'Your registration for {{name}} ({{start}}) was cancelled. {{reason}}',
      '您报名的“{{name}}”（{{start}}）已取消。{{reason}}',
    ],
  },
};

// The parameters holding a date-time (ISO text), which a reader's screen shows in its own format.
export const NOTICE_TIME_PARAMS = ['start', 'due', 'was'] as const;

// A notice's title and body in a language, its {{parameters}} filled (missing ones left empty);
// `format` shows a parameter (a date-time in the reader's format, say).
export function wordNotice(
  kind: SystemNotice,
  params: Record<string, string | number>,
  lang: Lang,
  format: (key: string, value: string | number) => string = (_, v) => String(v),
) {
  const i = lang === 'zh' ? 1 : 0;
  const fill = (text: string) =>
    text
      .replace(/\{\{(\w+)\}\}/g, (_, key: string) => (params[key] === undefined ? '' : format(key, params[key])))
      .trim();
  const t = systemNoticeTexts[kind];
  return { title: fill(t.title[i]), body: fill(t.body[i]) };
}
