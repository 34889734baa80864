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
  // Live classes (/api/liveClass/end; publish and cancel are the catalogue's).
  end: action('End', '结束', 'ended {{target}}', 'end {{target}}', '结束{{target}}', 'warning'),
  // Live classes, the session (/api/liveClass/join, callback, recordings, recording; recording/delete
  // reads deleteRecording).
  join: action('Join', '进入', 'joined {{target}}', 'join {{target}}', '进入{{target}}', 'success'),
  callback: action(
    'Provider callback',
    '平台回调',
    'received a callback about {{target}}',
    'receive a callback about {{target}}',
    '接收{{target}}的回调',
    'default',
  ),
  recordings: action(
    'Fetch recordings',
    '获取录像',
    'fetched the recordings of {{target}}',
    'fetch the recordings of {{target}}',
    '获取{{target}}的录像',
    'default',
  ),
  recording: action(
    'Change a recording',
    '修改录像',
    'changed the recording {{target}}',
    'change the recording {{target}}',
    '修改录像{{target}}',
  ),
  deleteRecording: action(
    'Delete a recording',
    '删除录像',
    'deleted the recording {{target}}',
    'delete the recording {{target}}',
    '删除录像{{target}}',
    'error',
  ),
  // Live classes, after the session (/api/liveClass/report/export, importAttendance, override: logged
  // as report, importAttendance or importCheck, and overrideLive).
  report: action(
    'Export the attendance report',
    '导出考勤报告',
    'exported the attendance report of {{target}}',
    'export the attendance report of {{target}}',
    '导出{{target}}的考勤报告',
    'default',
  ),
  importAttendance: action(
    'Import attendance',
    '导入考勤',
    'imported the attendance of {{target}}',
    'import the attendance of {{target}}',
    '导入{{target}}的考勤',
  ),
  overrideLive: action(
    'Correct attendance',
    '更正考勤',
    'corrected a student’s attendance in {{target}}',
    'correct a student’s attendance in {{target}}',
    '更正{{target}}的学生考勤',
    'warning',
  ),
} satisfies Record<string, OperationActionLabel>;
