import { z } from 'zod';
import { termDayKindLabels, WeekParity, weekParityLabels } from '../enums/timetable';
import { codedIssue, type ErrorKey, formatRegex, type ParamsArg } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zTimeZone } from './mail';

// Teaching management (issue 31), the timetable: the organisation's periods, the term's calendar
// exceptions, teaching assignments with their weekly slots, and what generating them finds.
// Lessons (the occurrences) and their changes are in timetable-lesson.ts.

// 'HH:MM', 00:00-23:59, in the organisation's time zone.
export const zTimeOfDay = z.string().regex(...formatRegex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'time'));
export const zDay = zDateText('date');

type Issue = z.core.$RefinementCtx;
function addIssue<K extends ErrorKey>(ctx: Issue, path: (string | number)[], key: K, ...params: ParamsArg<K>) {
  ctx.addIssue({ code: 'custom', path, ...codedIssue(key, ...params) });
}

// ---- the day's periods ----

export const zPeriod = z.object({
  no: z.number().int().min(1).max(20),
  start: zTimeOfDay,
  end: zTimeOfDay,
});
export type Period = z.infer<typeof zPeriod>;

// What a school that has saved no periods yet gets (four in the morning, four in the afternoon).
export const DEFAULT_PERIODS: Period[] = [
  { no: 1, start: '08:00', end: '08:45' },
  { no: 2, start: '08:55', end: '09:40' },
  { no: 3, start: '10:00', end: '10:45' },
  { no: 4, start: '10:55', end: '11:40' },
  { no: 5, start: '14:00', end: '14:45' },
  { no: 6, start: '14:55', end: '15:40' },
  { no: 7, start: '16:00', end: '16:45' },
  { no: 8, start: '16:55', end: '17:40' },
];
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// Periods in order: numbers going up, each ending after it starts and starting no earlier than
// the one before ends ('periods.2.end').
function checkPeriods(s: { periods: Period[] }, ctx: Issue) {
  s.periods.forEach((p, i) => {
    const before = s.periods[i - 1];
    if (before && p.no <= before.no) addIssue(ctx, ['periods', i, 'no'], 'periodsOutOfOrder');
    if (before && p.start < before.end) addIssue(ctx, ['periods', i, 'start'], 'periodOverlap');
    if (p.end <= p.start) addIssue(ctx, ['periods', i, 'end'], 'endBeforeStartTime');
  });
}

export const zTimetableSettingsInput = z
  .object({
    timeZone: zTimeZone.default(DEFAULT_TIME_ZONE),
    periods: z.array(zPeriod).min(1).max(20),
  })
  .superRefine(checkPeriods);
export type TimetableSettingsInput = z.input<typeof zTimetableSettingsInput>;
export const zTimetableSettings = z.object({
  timeZone: z.string(),
  periods: z.array(zPeriod),
  // False while the school has saved nothing (the defaults are shown).
  saved: z.boolean(),
  updateTime: zDateTime.nullable(),
});
export type TimetableSettings = z.infer<typeof zTimetableSettings>;

// ---- when a slot or a lesson takes place: periods, or times of its own ----

interface When {
  periodFrom?: number | null;
  periodTo?: number | null;
  startTime?: string | null;
  endTime?: string | null;
}
export const whenFields = {
  periodFrom: z.number().int().min(1).max(20).nullable().optional(),
  periodTo: z.number().int().min(1).max(20).nullable().optional(),
  startTime: zTimeOfDay.nullable().optional(),
  endTime: zTimeOfDay.nullable().optional(),
};
// Exactly one of: a period range (from ≤ to), or start and end times (start < end).
export function checkWhen(w: When, ctx: Issue, at: (string | number)[] = []) {
  const byPeriods = w.periodFrom != null || w.periodTo != null;
  const byTimes = w.startTime != null || w.endTime != null;
  if (byPeriods && byTimes) return addIssue(ctx, [...at, 'startTime'], 'periodsOrTimes');
  if (byTimes) {
    if (w.startTime == null) return addIssue(ctx, [...at, 'startTime'], 'required');
    if (w.endTime == null) return addIssue(ctx, [...at, 'endTime'], 'required');
    if (w.endTime <= w.startTime) addIssue(ctx, [...at, 'endTime'], 'endBeforeStartTime');
    return;
  }
  if (w.periodFrom == null) return addIssue(ctx, [...at, 'periodFrom'], 'required');
  if (w.periodTo == null) return addIssue(ctx, [...at, 'periodTo'], 'required');
  if (w.periodTo < w.periodFrom) addIssue(ctx, [...at, 'periodTo'], 'tooSmall', { min: w.periodFrom });
}

// ---- the term's calendar: holidays, closures, make-up days ----

const termDayFields = {
  semesterId: zId,
  day: zDay,
  kind: zEnum(termDayKindLabels),
  // A make-up day follows this weekday's timetable (1 Monday … 7 Sunday); only a make-up day has one.
  followsWeekday: z.number().int().min(1).max(7).nullable().optional(),
  note: zOptionalText(200),
};
function checkTermDay(d: { kind: number; followsWeekday?: number | null }, ctx: Issue) {
  const makeUp = d.kind === 3;
  if (makeUp && d.followsWeekday == null) addIssue(ctx, ['followsWeekday'], 'required');
  if (!makeUp && d.followsWeekday != null) addIssue(ctx, ['followsWeekday'], 'onlyForMakeUp');
}
export const zTermDayCreate = z.object({ id: z.null().optional(), ...termDayFields }).superRefine(checkTermDay);
export const zTermDayUpdate = z.object({ id: zId, ...termDayFields }).superRefine(checkTermDay);
export type TermDayInput = z.input<typeof zTermDayCreate>;
export const zTermDay = z.object({
  id: zId,
  organizationId: zId,
  semesterId: zId,
  day: z.string(),
  kind: zEnum(termDayKindLabels),
  followsWeekday: z.number().int().nullable(),
  note: z.string().nullable(),
  // The day's own weekday (1 Monday … 7 Sunday) and its week of the term (1 = the first day's week).
  weekday: z.number().int(),
  week: z.number().int(),
  createTime: zDateTime,
});
export type TermDay = z.infer<typeof zTermDay>;
export const zTermDayFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  semesterId: zId.optional(),
  kind: zEnum(termDayKindLabels).optional(),
});

// ---- teaching assignments and their weekly slots ----

export const zSlotInput = z.object({
  id: zId.nullable().optional(),
  weekday: z.number().int().min(1).max(7),
  ...whenFields,
  parity: zEnum(weekParityLabels).default(WeekParity.All),
  // The dates the slot runs between (the semester's when not given), inside the semester.
  validFrom: zDay.nullable().optional(),
  validTo: zDay.nullable().optional(),
  // A room of its own for this slot (the lab on Thursdays), else the assignment's.
  venueId: zId.nullable().optional(),
});
export type SlotInput = z.input<typeof zSlotInput>;

const assignmentFields = {
  semesterId: zId,
  // The courses module's course this teaching follows, if any.
  courseId: zId.nullable().optional(),
  subject: zText(64),
  teamId: zId,
  teacherId: zId,
  // A second teacher in the room, booked like the first.
  assistantId: zId.nullable().optional(),
  venueId: zId.nullable().optional(),
  periodsPerWeek: z.number().int().min(0).max(60).default(1),
  note: zOptionalText(200),
  slots: z.array(zSlotInput).max(60).default([]),
};
type AssignmentShape = {
  teacherId: number;
  assistantId?: number | null;
  slots: z.output<typeof zSlotInput>[];
};
function checkAssignment(a: AssignmentShape, ctx: Issue) {
  if (a.assistantId != null && a.assistantId === a.teacherId) addIssue(ctx, ['assistantId'], 'sameAsTeacher');
  a.slots.forEach((s, i) => {
    checkWhen(s, ctx, ['slots', i]);
    if (s.validFrom && s.validTo && s.validTo < s.validFrom) addIssue(ctx, ['slots', i, 'validTo'], 'endBeforeStart');
  });
}
export const zTeachingAssignmentCreate = z
  .object({ id: z.null().optional(), ...assignmentFields })
  .superRefine(checkAssignment);
export const zTeachingAssignmentUpdate = z.object({ id: zId, ...assignmentFields }).superRefine(checkAssignment);
export type TeachingAssignmentInput = z.input<typeof zTeachingAssignmentCreate>;
// An assignment as the office edits it before saving (`id` when it changes a saved one), for the check.
export const zAssignmentDraft = z
  .object({ id: zId.nullable().optional(), ...assignmentFields })
  .superRefine(checkAssignment);
export type AssignmentDraft = z.input<typeof zAssignmentDraft>;

export const zSlot = z.object({
  id: zId,
  weekday: z.number().int(),
  periodFrom: z.number().int().nullable(),
  periodTo: z.number().int().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  parity: zEnum(weekParityLabels),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  venueId: zId.nullable(),
  sort: z.number().int(),
});
export type Slot = z.infer<typeof zSlot>;

export const zTeachingAssignment = z.object({
  id: zId,
  organizationId: zId,
  semesterId: zId,
  courseId: zId.nullable(),
  subject: z.string(),
  teamId: zId,
  teacherId: zId,
  assistantId: zId.nullable(),
  venueId: zId.nullable(),
  periodsPerWeek: z.number().int(),
  note: z.string().nullable(),
  // Names beside the ids, for lists and the timetable grid.
  semesterName: z.string(),
  courseTitle: z.string().nullable(),
  teamName: z.string(),
  teacherName: z.string(),
  assistantName: z.string().nullable(),
  venueName: z.string().nullable(),
  // Periods a week the slots give (an odd- or even-week slot counts half; a slot by times, one per
  // period it covers, at least one). Differs from `periodsPerWeek`: a warning, not a refusal.
  scheduledPerWeek: z.number(),
  // Lessons generated so far (all states).
  lessonCount: z.number().int(),
  // Only when one assignment is read.
  slots: z.array(zSlot).optional(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type TeachingAssignment = z.infer<typeof zTeachingAssignment>;
export const zTeachingAssignmentFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  semesterId: zId.optional(),
  teamId: zId.optional(),
  // As the teacher or the assistant.
  teacherId: zId.optional(),
  // The assignment's room or one of its slots'.
  venueId: zId.optional(),
  courseId: zId.optional(),
});

// ---- generation and the check ----

export const zGenerateRequest = z.object({
  semesterId: zId,
  // Only these assignments of the semester (default: all of them).
  assignmentIds: z.array(zId).min(1).max(5000).optional(),
  // Generate from this day on (default: today, or the semester's first day if later).
  from: zDay.optional(),
  // Leave out only the occurrences that clash (listed) and write the rest; by default an assignment
  // with a clash is not written at all.
  skipClashes: z.boolean().default(false),
});
export type GenerateRequest = z.input<typeof zGenerateRequest>;

// One occurrence the generation (or the check) could not book, and what is in its way.
export const zClash = z.object({
  // The saved assignment, or null for an unsaved one (then `index` is its place in `assignments`).
  assignmentId: zId.nullable(),
  index: z.number().int().nullable(),
  subject: z.string(),
  teamId: zId,
  day: z.string(),
  startsAt: zDateTime,
  endsAt: zDateTime,
  // The occurrence's 'HH:MM' on the organisation's clock.
  startTime: z.string(),
  endTime: z.string(),
  // The field of the assignment whose teacher, room or class is taken: teacherId, assistantId, venueId, teamId.
  field: z.string(),
  resourceId: zId,
  with: z.object({
    // A lesson, an exam or a live class already booked; or another unsaved assignment (`draftIndex`).
    kind: z.number().int(),
    id: zId.nullable(),
    draftIndex: z.number().int().nullable(),
    name: z.string(),
    startsAt: zDateTime,
    endsAt: zDateTime,
  }),
});
export type Clash = z.infer<typeof zClash>;

export const zGenerateResult = z.object({
  assignments: z.number().int(),
  created: z.number().int(),
  // Occurrences that already had their lesson (a repeat adds nothing).
  existing: z.number().int(),
  // Future lessons that were still only scheduled, removed and made again from the slots.
  removed: z.number().int(),
  // Assignments not written because an occurrence clashes (fix them and generate again); with
  // `skipClashes`, none: the clashing occurrences alone are left out.
  failed: z.array(zId),
  clashCount: z.number().int(),
  // The first 500 clashes.
  clashes: z.array(zClash),
});
export type GenerateResult = z.infer<typeof zGenerateResult>;

export const zCheckRequest = z.object({
  semesterId: zId,
  // Unsaved assignments (an `id` names the saved one it would replace).
  assignments: z.array(zAssignmentDraft).max(500).default([]),
  // Saved assignments to check as they are; with no drafts and no ids, every one of the semester.
  assignmentIds: z.array(zId).max(5000).optional(),
  from: zDay.optional(),
});
export type CheckRequest = z.input<typeof zCheckRequest>;
export const zCheckResult = z.object({
  // Occurrences the generation would make.
  occurrences: z.number().int(),
  clashCount: z.number().int(),
  clashes: z.array(zClash),
});
export type CheckResult = z.infer<typeof zCheckResult>;
