import { z } from 'zod';
import { defineEntity, f } from '../entity';
import { alertRuleKindLabels, dayAttendanceLabels } from '../enums/attendance';
import { lessonStatusLabels } from '../enums/timetable';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zEnum, zId } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';

// Attendance statistics (issue 31): the board of lessons not yet taken, rates and trends per class
// and student, the daily roll-up (full / half / absent) and the early-warning rules.
//
// Rates: the weighted rate is the sum of the current marks' status weights over the number of
// marks. Excused counts with its status's weight (1.0 by default, so an excused lesson counts as
// attended), as the attendance contract states. A streak of absences is a run of Absent marks in
// session order; an Excused mark neither extends nor breaks it, any other kind ends it.

// The longest range one statistics call covers.
export const STATS_MAX_DAYS = 366;

const dayDiff = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

// A range of days in the organisation's zone, `to` included.
function checkRange(r: { from?: string; to?: string }, ctx: z.core.$RefinementCtx) {
  if (!r.from || !r.to) return;
  if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('endBeforeStart') });
  else if (dayDiff(r.from, r.to) >= STATS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('rangeTooLong', { days: STATS_MAX_DAYS }) });
}

// ---- the untaken board ----

export const zUntakenRequest = z.object({
  // Today in the organisation's zone when left out.
  day: zDateText('date').optional(),
});
export const zUntakenLesson = z.object({
  lessonId: zId,
  // The lesson's roll call, when one was opened but not submitted.
  sessionId: zId.nullable(),
  title: z.string(),
  status: zEnum(lessonStatusLabels),
  teamId: zId,
  teamName: z.string(),
  venueName: z.string().nullable(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  // 'HH:MM' in the organisation's zone.
  startTime: z.string(),
  endTime: z.string(),
});
export type UntakenLesson = z.infer<typeof zUntakenLesson>;
export const zUntakenTeacher = z.object({
  teacherId: zId,
  teacherName: z.string(),
  userName: z.string(),
  lessons: z.array(zUntakenLesson),
  // A reminder for this day has already gone to them.
  reminded: z.boolean(),
});
export type UntakenTeacher = z.infer<typeof zUntakenTeacher>;
export const zUntakenBoard = z.object({
  day: z.string(),
  // Lessons started by this moment count ('HH:MM' in the organisation's zone beside it).
  asOf: zDateTime,
  asOfTime: z.string(),
  lessons: z.number().int(),
  teachers: z.array(zUntakenTeacher),
});
export type UntakenBoard = z.infer<typeof zUntakenBoard>;

export const zRemindUntakenRequest = z.object({ day: zDateText('date') });
export const zRemindUntakenResult = z.object({
  // Teachers sent a reminder now, and those reminded before for the day (not sent again).
  reminded: z.number().int(),
  already: z.number().int(),
});
export type RemindUntakenResult = z.infer<typeof zRemindUntakenResult>;

// ---- rates and trends ----

export const zStatsRequest = z
  .object({
    from: zDateText('date'),
    to: zDateText('date'),
    teamId: zId.optional(),
    studentId: zId.optional(),
  })
  .superRefine(checkRange);
export type StatsRequest = z.input<typeof zStatsRequest>;

// Current marks by kind, and the weighted rate (0..1; null with no marks).
const markCounts = {
  marks: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  leftEarly: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
  rate: z.number().nullable(),
};
export const zMarkTotals = z.object(markCounts);
export type MarkTotals = z.infer<typeof zMarkTotals>;
export const zClassStats = z.object({
  teamId: zId,
  teamName: z.string(),
  // Roll calls of the range that have started, and those taken.
  sessions: z.number().int(),
  taken: z.number().int(),
  ...markCounts,
});
export type ClassStats = z.infer<typeof zClassStats>;
export const zStudentStats = z.object({
  studentId: zId,
  userName: z.string(),
  realName: z.string(),
  teamId: zId,
  teamName: z.string(),
  ...markCounts,
  // The run of absences the student's last marks of the range end with (0: the last was not an
  // absence), and the longest run in the range.
  streak: z.number().int(),
  longestStreak: z.number().int(),
});
export type StudentStats = z.infer<typeof zStudentStats>;
export const zTrendPoint = z.object({ day: z.string(), ...markCounts });
export type TrendPoint = z.infer<typeof zTrendPoint>;
export const zAttendanceStats = z.object({
  from: z.string(),
  to: z.string(),
  total: zMarkTotals,
  classes: z.array(zClassStats),
  // Per student, only when a class or a student is asked for (the whole school is the export's).
  students: z.array(zStudentStats),
  // One point per day of the range that has marks.
  trend: z.array(zTrendPoint),
});
export type AttendanceStats = z.infer<typeof zAttendanceStats>;
// The export: every student of the range the caller reaches (a class's, with `teamId`).
export const zStatsExportRequest = z
  .object({ from: zDateText('date'), to: zDateText('date'), teamId: zId.optional() })
  .superRefine(checkRange);

// ---- the daily roll-up ----

export const zRollupThresholds = z
  .object({
    // A day is full when the weighted rate of its lessons reaches `fullRate`, half at `halfRate`.
    fullRate: z.number().min(0.01).max(1),
    halfRate: z.number().min(0).max(1),
  })
  .superRefine((r, ctx) => {
    if (r.halfRate > r.fullRate) ctx.addIssue({ code: 'custom', path: ['halfRate'], ...codedIssue('halfAboveFull') });
  });
export type RollupThresholds = z.infer<typeof zRollupThresholds>;
export const DEFAULT_ROLLUP_THRESHOLDS: RollupThresholds = { fullRate: 0.75, halfRate: 0.4 };

export const zRollupRequest = z.object({ day: zDateText('date') });
export const zRollupResult = z.object({ day: z.string(), students: z.number().int() });
export const zCheckAlertsResult = z.object({ day: z.string(), alerts: z.number().int() });

export const zDaysRequest = zPlainPageRequest
  .extend({
    from: zDateText('date'),
    to: zDateText('date'),
    teamId: zId.optional(),
    studentId: zId.optional(),
    result: zEnum(dayAttendanceLabels).optional(),
  })
  .superRefine(checkRange);
export type DaysRequest = z.input<typeof zDaysRequest>;
export const zAttendanceDay = z.object({
  studentId: zId,
  userName: z.string(),
  realName: z.string(),
  teamName: z.string().nullable(),
  day: z.string(),
  result: zEnum(dayAttendanceLabels),
  lessons: z.number().int(),
  rate: z.number(),
});
export type AttendanceDay = z.infer<typeof zAttendanceDay>;
export const zDaysPage = zPage(zAttendanceDay).extend({
  // Every day of the filter by result, not only this page's.
  summary: z.object({ full: z.number().int(), half: z.number().int(), absent: z.number().int() }),
});
export type DaysPage = z.infer<typeof zDaysPage>;

// ---- alert rules and the alerts sent ----

export const attendanceAlertRuleEntity = defineEntity({
  name: 'attendanceAlertRule',
  title: { en: 'Attendance alert rules', zh: '考勤预警规则' },
  one: { en: 'Attendance alert rule', zh: '考勤预警规则' },
  fields: {
    kind: f.enum(alertRuleKindLabels, ['Rule', '规则'], { filter: true, width: 180 }),
    threshold: f.int(
      ['Threshold', '阈值'],
      { min: 1, max: 100 },
      {
        width: 110,
        help: {
          en: 'Consecutive absences: how many in a row; rate below: the rate in per cent',
          zh: '连续缺勤：连续次数；出勤率低于：百分比',
        },
      },
    ),
    days: f.int(
      ['Over days', '统计天数'],
      { min: 1, max: 365, default: 30 },
      { width: 110, help: { en: 'The window of a rate rule', zh: '出勤率规则的统计天数' } },
    ),
    enabled: f.boolean(['Enabled', '启用'], true, { filter: true, width: 90 }),
  },
});
export const attendanceAlertRuleSchemas = attendanceAlertRuleEntity.schemas;
export const attendanceAlertRuleMeta = attendanceAlertRuleEntity.meta;
export type AttendanceAlertRule = z.infer<typeof attendanceAlertRuleSchemas.row>;

export const zAlertsRequest = zPlainPageRequest
  .extend({
    from: zDateText('date').optional(),
    to: zDateText('date').optional(),
    ruleId: zId.optional(),
    teamId: zId.optional(),
    studentId: zId.optional(),
  })
  .superRefine(checkRange);
export type AlertsRequest = z.input<typeof zAlertsRequest>;
export const zAttendanceAlert = z.object({
  id: zId,
  ruleId: zId,
  kind: zEnum(alertRuleKindLabels),
  threshold: z.number(),
  days: z.number().int(),
  studentId: zId,
  userName: z.string(),
  realName: z.string(),
  teamNames: z.array(z.string()),
  // The day it fired for (the organisation's zone) and what was found.
  day: z.string(),
  streak: z.number().int().nullable(),
  rate: z.number().nullable(),
  marks: z.number().int().nullable(),
  createTime: zDateTime,
});
export type AttendanceAlert = z.infer<typeof zAttendanceAlert>;
export const zAlertsPage = zPage(zAttendanceAlert);
export type AlertsPage = z.infer<typeof zAlertsPage>;
