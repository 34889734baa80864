import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of teaching management and attendance (issue 31), apart from the
// catalogue in operation-action.ts, which is full.
export const teachingActionLabels = {
  // Attendance (/api/attendance/session/create, take, qr, checkIn) and leave (reject; approve reads approveLeave).
  session: action(
    'Create a roll call',
    '新建点名',
    'created a roll call for {{target}}',
    'create a roll call for {{target}}',
    '为{{target}}新建点名',
    'success',
  ),
  take: action(
    'Take attendance',
    '点名',
    'took attendance of {{target}}',
    'take attendance of {{target}}',
    '为{{target}}点名',
  ),
  qr: action(
    'QR check-in',
    '扫码签到',
    'opened or closed QR check-in of {{target}}',
    'open or close QR check-in of {{target}}',
    '开关{{target}}的扫码签到',
  ),
  checkIn: action(
    'Check in',
    '签到',
    'checked in to {{target}}',
    'check in to {{target}}',
    '在{{target}}签到',
    'success',
  ),
  approveLeave: action(
    'Approve leave',
    '批准请假',
    'approved {{target}}',
    'approve {{target}}',
    '批准{{target}}',
    'success',
  ),
  reject: action('Reject', '驳回', 'rejected {{target}}', 'reject {{target}}', '驳回{{target}}', 'error'),
  // Attendance statistics (/api/attendance/remindUntaken, statsExport, rollup, saveThresholds).
  remindUntaken: action(
    'Remind to take attendance',
    '提醒点名',
    'reminded teachers to take attendance ({{target}})',
    'remind teachers to take attendance ({{target}})',
    '提醒教师点名（{{target}}）',
  ),
  statsExport: action(
    'Export attendance rates',
    '导出出勤率',
    'exported attendance rates ({{target}})',
    'export attendance rates ({{target}})',
    '导出出勤率（{{target}}）',
  ),
  rollup: action(
    'Roll up a day',
    '重新汇总',
    'rolled up the attendance of {{target}}',
    'roll up the attendance of {{target}}',
    '重新汇总{{target}}的考勤',
  ),
  checkAlerts: action(
    'Check alert rules',
    '检查预警规则',
    'checked the alert rules for {{target}}',
    'check the alert rules for {{target}}',
    '检查{{target}}的预警规则',
  ),
  saveThresholds: action(
    'Change roll-up thresholds',
    '修改日汇总阈值',
    'changed the roll-up thresholds ({{target}})',
    'change the roll-up thresholds ({{target}})',
    '修改日汇总阈值（{{target}}）',
  ),
  // The personal calendar feed (/api/calendar/feed/create, revoke: logged as create and revoke).
  feed: action('Change calendar feed', '更改日历订阅', 'changed {{target}}', 'change {{target}}', '更改{{target}}'),
  revoke: action('Revoke', '停用', 'revoked {{target}}', 'revoke {{target}}', '停用{{target}}', 'warning'),
  // The timetable (/api/timetable/generate, saveSettings; /api/lesson/move, restore, substitute).
  generate: action(
    'Generate lessons',
    '生成课次',
    'generated the lessons of {{target}}',
    'generate the lessons of {{target}}',
    '生成{{target}}的课次',
    'success',
  ),
  saveSettings: action(
    'Change period times',
    '修改作息时间',
    'changed the period times ({{target}})',
    'change the period times ({{target}})',
    '修改作息时间（{{target}}）',
  ),
  move: action('Move', '调课', 'moved {{target}}', 'move {{target}}', '调整{{target}}', 'warning'),
  restore: action('Restore', '恢复', 'restored {{target}}', 'restore {{target}}', '恢复{{target}}', 'success'),
  substitute: action(
    'Substitute',
    '代课',
    'assigned a substitute to {{target}}',
    'assign a substitute to {{target}}',
    '为{{target}}安排代课',
  ),
} satisfies Record<string, OperationActionLabel>;
