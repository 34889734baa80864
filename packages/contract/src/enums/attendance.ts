import { defineEnum, type EnumValue } from '../labels';

// Attendance (issue 31). An organisation names its own statuses; each is one of these kinds, which
// roll-ups, rates and alerts read.
export const { values: AttendanceKind, labels: attendanceKindLabels } = defineEnum({
  Present: [1, 'Present', '出勤', 'success'],
  Late: [2, 'Late', '迟到', 'warning'],
  LeftEarly: [3, 'Left early', '早退', 'warning'],
  Excused: [4, 'Excused', '请假', 'processing'],
  Absent: [5, 'Absent', '缺勤', 'error'],
});
export type AttendanceKind = EnumValue<typeof AttendanceKind>;

// Where a mark came from: its evidence. An office mark overrides the teacher's.
export const { values: MarkSource, labels: markSourceLabels } = defineEnum({
  Teacher: [1, 'Teacher', '教师点名'],
  QrCheckIn: [2, 'QR check-in', '扫码签到'],
  Live: [3, 'Live class', '直播时长'],
  Leave: [4, 'Approved leave', '请假批准'],
  Import: [5, 'Import', '导入'],
  Office: [6, 'Office override', '教务更正'],
});
export type MarkSource = EnumValue<typeof MarkSource>;

export const { values: LeaveStatus, labels: leaveStatusLabels } = defineEnum({
  Pending: [1, 'Pending', '待审批', 'processing'],
  Approved: [2, 'Approved', '已批准', 'success'],
  Rejected: [3, 'Rejected', '已驳回', 'error'],
  Withdrawn: [4, 'Withdrawn', '已撤回', 'default'],
});
export type LeaveStatus = EnumValue<typeof LeaveStatus>;

// A day's roll-up of a student's lessons, by the organisation's thresholds.
export const { values: DayAttendance, labels: dayAttendanceLabels } = defineEnum({
  Full: [1, 'Full day', '全天出勤', 'success'],
  Half: [2, 'Half day', '半天出勤', 'warning'],
  Absent: [3, 'Absent', '缺勤', 'error'],
});
export type DayAttendance = EnumValue<typeof DayAttendance>;

// Early-warning rules that message the class teacher.
export const { values: AlertRuleKind, labels: alertRuleKindLabels } = defineEnum({
  ConsecutiveAbsences: [1, 'Consecutive absences', '连续缺勤'],
  RateBelow: [2, 'Attendance rate below', '出勤率低于'],
});
export type AlertRuleKind = EnumValue<typeof AlertRuleKind>;
