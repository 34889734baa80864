import { z } from 'zod';
import { crudSchemas, zSort } from '../crud';
import { type AttendanceKind, attendanceKindLabels, leaveStatusLabels, markSourceLabels } from '../enums/attendance';
import { lessonStatusLabels } from '../enums/timetable';
import { codedIssue } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import type { Lang } from '../labels';
import { zPage, zPlainPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';

// Attendance (issue 31): the organisation's statuses, a roll call per lesson occurrence (or ad hoc),
// marks as an append-only log (the current mark is the latest; an office mark stands over the
// others), rotating-QR self check-in, and leave requests that excuse the lessons they cover.
//
// Rates: a status's weight (0..1) is what a mark counts towards the weighted rate; Excused weighs
// 1.0 by default, so an excused lesson counts as attended (the organisation may change the weight).

// ---- statuses ----

const statusFields = {
  name: zText(32),
  kind: zEnum(attendanceKindLabels),
  weight: z.number().min(0).max(1).default(1),
  requiresReason: z.boolean().default(false),
  // What the taking screen starts every student on (one per organisation: setting it moves it).
  isDefault: z.boolean().default(false),
  sort: zSort,
};
export const attendanceStatusSchemas = crudSchemas({
  input: statusFields,
  row: {
    name: z.string(),
    kind: zEnum(attendanceKindLabels),
    weight: z.number(),
    requiresReason: z.boolean(),
    isDefault: z.boolean(),
    sort: z.number().int(),
  },
  filter: { kind: zEnum(attendanceKindLabels).optional() },
});
export const zAttendanceStatus = attendanceStatusSchemas.row;
export type AttendanceStatus = z.infer<typeof zAttendanceStatus>;
// A status's name in the reader's language: the five defaults (named as their kinds are in English)
// by their kind's words, an organisation's own statuses as named.
export function statusName(status: { name: string; kind: number }, lang: Lang): string {
  const label = attendanceKindLabels[status.kind as AttendanceKind];
  return label && status.name === label.en ? label[lang] : status.name;
}
export const attendanceStatusMeta: FormMeta = {
  name: 'attendanceStatus',
  title: { en: 'Attendance statuses', zh: '考勤状态' },
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, width: 140 }),
    field('kind', ['Kind', '类别'], 'enum', { enum: attendanceKindLabels, required: true, filter: true, width: 110 }),
    field('weight', ['Weight (0-1)', '权重（0-1）'], 'number', {
      width: 110,
      help: { en: '1 counts as present, 0 as absent', zh: '1 计为出勤，0 计为缺勤' },
    }),
    field('requiresReason', ['Needs a reason', '需填原因'], 'boolean', { width: 110 }),
    field('isDefault', ['Default', '默认'], 'boolean', { width: 90 }),
    field('sort', ['Sort order', '排序'], 'number', { width: 90 }),
  ],
};

// ---- sessions ----

const zKindCount = z.object({ kind: zEnum(attendanceKindLabels), count: z.number().int() });

// A lesson of the day (or an ad hoc roll call) with its roll call's state.
export const zSessionSummary = z.object({
  // A lesson not yet taken may have no session yet.
  sessionId: zId.nullable(),
  lessonId: zId.nullable(),
  lessonStatus: zEnum(lessonStatusLabels).nullable(),
  title: z.string(),
  teamId: zId,
  teamName: z.string(),
  teacherId: zId,
  teacherName: z.string(),
  venueName: z.string().nullable(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  students: z.number().int(),
  takenAt: zDateTime.nullable(),
  takenBy: zId.nullable(),
  takenByName: z.string().nullable(),
  qrOpen: z.boolean(),
  // Current marks by kind; `unmarked` students have none yet.
  counts: z.array(zKindCount),
  unmarked: z.number().int(),
  // The caller may take (or correct) it now.
  canTake: z.boolean(),
});
export type SessionSummary = z.infer<typeof zSessionSummary>;

export const SESSIONS_MAX_DAYS = 31;
// The lessons of a day (or a range of at most 31 days) in the organisation's zone: the caller's own
// (lessons they teach, assist or substitute, and the classes they lead), every session (needs
// attendance:all), or one class's.
export const zSessionsRequest = z
  .object({
    day: zDateText('date').optional(),
    from: zDateText('date').optional(),
    to: zDateText('date').optional(),
    scope: z.enum(['mine', 'all']).default('mine'),
    teamId: zId.optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.day && !(r.from && r.to)) ctx.addIssue({ code: 'custom', path: ['day'], ...codedIssue('required') });
    if (r.from && r.to && r.to < r.from)
      ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('endBeforeStart') });
    else if (r.from && r.to && Date.parse(r.to) - Date.parse(r.from) >= SESSIONS_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('rangeTooLong', { days: SESSIONS_MAX_DAYS }) });
  });
export type SessionsRequest = z.input<typeof zSessionsRequest>;

// A lesson occurrence or a session, exactly one of the two.
const refFields = { lessonId: zId.optional(), sessionId: zId.optional() };
function oneRef(r: { lessonId?: number; sessionId?: number }, ctx: z.core.$RefinementCtx) {
  if ((r.lessonId === undefined) === (r.sessionId === undefined))
    ctx.addIssue({ code: 'custom', path: ['lessonId'], ...codedIssue('lessonOrSession') });
}
export const zSessionRef = z.object(refFields).superRefine(oneRef);
export type SessionRef = z.input<typeof zSessionRef>;

export const zAdHocSessionCreate = z
  .object({
    teamId: zId,
    title: zText(64),
    startsAt: zDateText('date-time'),
    endsAt: zDateText('date-time'),
  })
  .superRefine((r, ctx) => {
    if (Date.parse(r.endsAt) <= Date.parse(r.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], ...codedIssue('endBeforeStart') });
  });

// ---- the roster and taking ----

export const zCurrentMark = z.object({
  markId: zId,
  statusId: zId,
  source: zEnum(markSourceLabels),
  reason: z.string().nullable(),
  leaveId: zId.nullable(),
  markedBy: zId,
  markedByName: z.string(),
  markedAt: zDateTime,
  // An office mark standing over a teacher's (or QR, leave) mark made before or after it.
  overridesTeacher: z.boolean(),
});
export type CurrentMark = z.infer<typeof zCurrentMark>;

export const zRosterStudent = z.object({
  studentId: zId,
  userName: z.string(),
  realName: z.string(),
  // What the screen shows selected: the current mark, else Excused under approved leave, else the default.
  statusId: zId,
  prefill: z.enum(['mark', 'leave', 'default']),
  // Approved leave covering the session.
  leaveId: zId.nullable(),
  current: zCurrentMark.nullable(),
});
export type RosterStudent = z.infer<typeof zRosterStudent>;

export const zRoster = z.object({
  session: zSessionSummary.extend({ sessionId: zId }),
  statuses: z.array(zAttendanceStatus),
  defaultStatusId: zId,
  // The caller's marks are office overrides (attendance:all, not the lesson's teacher).
  office: z.boolean(),
  // When a teacher may take it: from (15 min before the start) until (7 days after the end).
  opensAt: zDateTime,
  closesAt: zDateTime,
  students: z.array(zRosterStudent),
});
export type Roster = z.infer<typeof zRoster>;

export const zMarkInput = z.object({ studentId: zId, statusId: zId, reason: zOptionalText(500) });
export const zTakeRequest = z
  .object({ ...refFields, marks: z.array(zMarkInput).min(1).max(500) })
  .superRefine(oneRef)
  .superRefine((r, ctx) => {
    const seen = new Set<number>();
    r.marks.forEach((m, i) => {
      if (seen.has(m.studentId))
        ctx.addIssue({
          code: 'custom',
          path: ['marks', i, 'studentId'],
          ...codedIssue('listedTwice', { entity: 'Student', id: m.studentId }),
        });
      seen.add(m.studentId);
    });
  });
export type TakeRequest = z.input<typeof zTakeRequest>;
export const zTakeResult = z.object({
  sessionId: zId,
  title: z.string(),
  takenAt: zDateTime,
  // Marks written (students whose mark changed); the others were already so.
  changed: z.number().int(),
  unchanged: z.number().int(),
  office: z.boolean(),
});
export type TakeResult = z.infer<typeof zTakeResult>;

// Every mark ever made in a session, oldest first.
export const zMarkLogEntry = z.object({
  id: zId,
  studentId: zId,
  studentName: z.string(),
  statusId: zId,
  statusName: z.string(),
  kind: zEnum(attendanceKindLabels),
  source: zEnum(markSourceLabels),
  reason: z.string().nullable(),
  // QR: the window and the login's token-hash prefix; leave: none beyond leaveId.
  evidence: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  leaveId: zId.nullable(),
  markedBy: zId,
  markedByName: z.string(),
  createTime: zDateTime,
  // This mark is the student's current one.
  current: z.boolean(),
});
export type MarkLogEntry = z.infer<typeof zMarkLogEntry>;

// ---- QR self check-in ----

export const QR_WINDOW_SECONDS = 15;
export const zQrRequest = z.object({ open: z.boolean().default(true) });
export const zQrCode = z.object({
  sessionId: zId,
  open: z.boolean(),
  // Null while closed.
  code: z.string().nullable(),
  // The web's check-in page with the session and code (`/study/checkIn?s=…&c=…`).
  url: z.string().nullable(),
  expiresAt: zDateTime.nullable(),
  windowSeconds: z.number().int(),
});
export type QrCode = z.infer<typeof zQrCode>;
export const zCheckInRequest = z.object({
  sessionId: zId,
  code: z.string().trim().min(1).max(32),
});
export const zCheckInResult = z.object({
  sessionId: zId,
  title: z.string(),
  statusId: zId,
  statusName: z.string(),
  kind: zEnum(attendanceKindLabels),
  source: zEnum(markSourceLabels),
  markedAt: zDateTime,
  // A teacher's or the office's mark was already there: it stands, nothing was written.
  kept: z.boolean(),
});
export type CheckInResult = z.infer<typeof zCheckInResult>;

// ---- the student's own ----

// At most a year at a time.
export const zMineRequest = z.object({ from: zDateText('date'), to: zDateText('date') }).superRefine((r, ctx) => {
  if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('endBeforeStart') });
  else if (Date.parse(r.to) - Date.parse(r.from) >= 366 * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['to'], ...codedIssue('rangeTooLong', { days: 366 }) });
});
export const zMySession = z.object({
  sessionId: zId,
  lessonId: zId.nullable(),
  title: z.string(),
  teamName: z.string(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  statusId: zId.nullable(),
  statusName: z.string().nullable(),
  kind: zEnum(attendanceKindLabels).nullable(),
  source: zEnum(markSourceLabels).nullable(),
  reason: z.string().nullable(),
  markedAt: zDateTime.nullable(),
});
export type MySession = z.infer<typeof zMySession>;
export const zAttendanceRates = z.object({
  sessions: z.number().int(),
  marked: z.number().int(),
  byKind: z.array(zKindCount),
  // The weighted share of marked sessions attended (0..1); null with nothing marked.
  rate: z.number().nullable(),
});
export type AttendanceRates = z.infer<typeof zAttendanceRates>;
export const zMyAttendance = z.object({ sessions: z.array(zMySession), rates: zAttendanceRates });
export type MyAttendance = z.infer<typeof zMyAttendance>;

// ---- leave ----

export const zLeaveCreate = z
  .object({
    // Staff asking on a student's behalf; a student asks for themselves (leave it out).
    studentId: zId.optional(),
    fromAt: zDateText('date-time'),
    toAt: zDateText('date-time'),
    reason: zText(500),
    // Uploaded files of the caller's (a doctor's note).
    fileIds: z.array(zId).max(10).default([]),
    // Lessons named besides the time range (their excuse follows them when they move).
    lessonIds: z.array(zId).max(100).default([]),
  })
  .superRefine((r, ctx) => {
    if (Date.parse(r.toAt) <= Date.parse(r.fromAt))
      ctx.addIssue({ code: 'custom', path: ['toAt'], ...codedIssue('endBeforeStart') });
  });
export type LeaveCreate = z.input<typeof zLeaveCreate>;

export const zLeaveFile = z.object({ id: zId, name: z.string(), size: z.number().int() });
export const zLeaveLesson = z.object({ id: zId, title: z.string(), startsAt: zDateTime, endsAt: zDateTime });
export const zLeave = z
  .object({
    id: zId,
    studentId: zId,
    studentName: z.string(),
    userName: z.string(),
    teamNames: z.array(z.string()),
    fromAt: zDateTime,
    toAt: zDateTime,
    reason: z.string(),
    status: zEnum(leaveStatusLabels),
    createdBy: zId,
    createdByName: z.string(),
    reviewedBy: zId.nullable(),
    reviewedByName: z.string().nullable(),
    reviewedAt: zDateTime.nullable(),
    reviewNote: z.string().nullable(),
    files: z.array(zLeaveFile),
    lessons: z.array(zLeaveLesson),
    // What the caller may do with it now.
    canDecide: z.boolean(),
    canWithdraw: z.boolean(),
    createTime: zDateTime,
  })
  .meta({ id: 'Leave' });
export type Leave = z.infer<typeof zLeave>;

export const zLeavePageRequest = zPlainPageRequest.extend({
  status: zEnum(leaveStatusLabels).optional(),
  teamId: zId.optional(),
  studentId: zId.optional(),
  // Leave overlapping these dates (the organisation's zone).
  from: zDateText('date').optional(),
  to: zDateText('date').optional(),
  keyword: zOptionalText(64),
});
export const zLeavePage = zPage(zLeave);
export type LeavePage = z.infer<typeof zLeavePage>;
export const zLeaveApprove = z.object({ note: zOptionalText(500) });
export const zLeaveReject = z.object({ note: zText(500) });
