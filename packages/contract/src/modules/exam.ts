import { z } from 'zod';
import { cameraSourceLabels } from '../enums/camera-source';
import {
  examStateLabels,
  examStatusLabels,
  RegistrationMode,
  registrationModeLabels,
  ShowScore,
  showScoreLabels,
} from '../enums/exam-status';
import { AttemptCounting, attemptCountingLabels } from '../enums/task';
import { codedIssue } from '../errors';
import { examFieldWords } from '../field-words';
import { zDateText, zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';
import { zAttemptRules } from './attempt';

const zMoment = zDateText('date-time');

// An exam: a published exam paper given to a set of candidates in a window, at a place, under rules.
const examFields = {
  name: zText(100),
  paperId: zId,
  windowStart: zMoment,
  windowEnd: zMoment,
  // The time each candidate has once they start (their accommodation adds to it).
  durationMinutes: z.number().int().min(1).max(1440),
  // Minutes after the window opens after which nobody may start (null: any time in the window).
  latestEntryMinutes: z.number().int().min(0).max(1440).nullable().optional(),
  // Seconds after the deadline in which a last save is still taken.
  graceSeconds: z.number().int().min(0).max(600).default(60),
  instructions: zOptionalText(2000),
  // Who sits it: resolved to the candidate list when the exam is published (assigned), or who may
  // register (open registration; nothing given: every student of the organisation).
  teamIds: z.array(zId).max(200).default([]),
  gradeYears: z.array(z.number().int().min(2000).max(2100)).max(20).default([]),
  departmentIds: z.array(zId).max(200).default([]),
  studentIds: z.array(zId).max(5000).default([]),
  venueId: zId.nullable().optional(),
  virtualRoomId: zOptionalText(64),
  invigilatorIds: z.array(zId).max(50).default([]),
  registrationMode: zEnum(registrationModeLabels).default(RegistrationMode.Assigned),
  registrationStart: zMoment.nullable().optional(),
  registrationEnd: zMoment.nullable().optional(),
  // Open registration: at most this many registrations (held under concurrency); null: the venue's seats.
  capacity: z.number().int().min(1).max(100_000).nullable().optional(),
  needsApproval: z.boolean().default(false),
  // Exam-day rules (the taking and monitoring screens apply them).
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  fullscreen: z.boolean().default(false),
  // Screen switches allowed before a warning, and before the paper is collected (null: never collected).
  switchWarnAfter: z.number().int().min(0).max(100).default(3),
  switchCollectAfter: z.number().int().min(1).max(100).nullable().optional(),
  // Camera snapshots: off (null), front or rear camera, every N seconds.
  cameraSource: zEnum(cameraSourceLabels).nullable().optional(),
  snapshotIntervalSeconds: z.number().int().min(10).max(3600).default(60),
  showScore: zEnum(showScoreLabels).default(ShowScore.AfterConfirmed),
  // The marked paper with keys and analysis for its student, once the exam has closed for everyone
  // (the window's end plus the longest extra time).
  allowReview: z.boolean().default(false),
  // A practice exam: the marked paper right after handing in, while others may still be sitting it.
  // Needs review allowed and the score shown after handing in.
  reviewAfterHandIn: z.boolean().default(false),
  // Sittings a student may have (a practice exam taken again while the window is open), and which of
  // them make the score. Every sitting is kept.
  attemptsAllowed: z.number().int().min(1).max(20).default(1),
  scoreCounting: zEnum(attemptCountingLabels).default(AttemptCounting.Best),
};
type ExamFields = z.output<z.ZodObject<typeof examFields>>;

function checkExam(e: ExamFields, ctx: z.core.$RefinementCtx) {
  const start = Date.parse(e.windowStart);
  const end = Date.parse(e.windowEnd);
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['windowEnd'], ...codedIssue('endBeforeStart') });
  else if (e.durationMinutes * 60_000 > end - start) {
    ctx.addIssue({ code: 'custom', path: ['durationMinutes'], ...codedIssue('longerThanWindow') });
  }
  if (e.latestEntryMinutes != null && e.latestEntryMinutes * 60_000 > end - start) {
    ctx.addIssue({ code: 'custom', path: ['latestEntryMinutes'], ...codedIssue('longerThanWindow') });
  }
  if (e.switchCollectAfter != null && e.switchCollectAfter < e.switchWarnAfter) {
    ctx.addIssue({ code: 'custom', path: ['switchCollectAfter'], ...codedIssue('collectBeforeWarn') });
  }
  if (e.reviewAfterHandIn && (!e.allowReview || e.showScore !== ShowScore.AfterSubmit)) {
    ctx.addIssue({ code: 'custom', path: ['reviewAfterHandIn'], ...codedIssue('practiceReview') });
  }
  if (e.registrationMode === RegistrationMode.Open) {
    if (!e.registrationStart) ctx.addIssue({ code: 'custom', path: ['registrationStart'], ...codedIssue('required') });
    if (!e.registrationEnd) ctx.addIssue({ code: 'custom', path: ['registrationEnd'], ...codedIssue('required') });
    if (e.registrationStart && e.registrationEnd) {
      const rs = Date.parse(e.registrationStart);
      const re = Date.parse(e.registrationEnd);
      if (re <= rs) ctx.addIssue({ code: 'custom', path: ['registrationEnd'], ...codedIssue('endBeforeStart') });
      else if (re > start) {
        ctx.addIssue({ code: 'custom', path: ['registrationEnd'], ...codedIssue('registrationAfterStart') });
      }
    }
  }
}

export const zExamCreate = z.object({ id: z.null().optional(), ...examFields }).superRefine(checkExam);
export const zExamUpdate = z.object({ id: zId, ...examFields }).superRefine(checkExam);
export type ExamInput = z.input<typeof zExamCreate>;

export const zExam = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  paperId: zId,
  windowStart: zDateTime,
  windowEnd: zDateTime,
  durationMinutes: z.number().int(),
  latestEntryMinutes: z.number().int().nullable(),
  graceSeconds: z.number().int(),
  instructions: z.string().nullable(),
  teamIds: z.array(zId),
  gradeYears: z.array(z.number().int()),
  departmentIds: z.array(zId),
  studentIds: z.array(zId),
  venueId: zId.nullable(),
  virtualRoomId: z.string().nullable(),
  invigilatorIds: z.array(zId),
  registrationMode: zEnum(registrationModeLabels),
  registrationStart: zDateTime.nullable(),
  registrationEnd: zDateTime.nullable(),
  capacity: z.number().int().nullable(),
  needsApproval: z.boolean(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  // The rules the exam page enforces, as an attempt carries them.
  ...zAttemptRules.shape,
  reviewAfterHandIn: z.boolean(),
  attemptsAllowed: z.number().int(),
  scoreCounting: zEnum(attemptCountingLabels),
  state: zEnum(examStateLabels),
  // Derived from the window and the server's clock when read (never stored).
  status: zEnum(examStatusLabels),
  // Approved candidates (assigned ones, and approved registrations); pending registrations apart.
  candidateCount: z.number().int(),
  pendingCount: z.number().int(),
  // Papers handed in (every ending but abnormal) and those of them marked: the cancel confirmation
  // says what a cancel leaves behind (derived when read).
  handedInCount: z.number().int(),
  markedCount: z.number().int(),
  cancelReason: z.string().nullable(),
  creatorId: zId.nullable(),
  publishTime: zDateTime.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type Exam = z.infer<typeof zExam>;

export const zExamFilter = z.object({
  // One exam (a link from the calendar).
  id: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
  state: zEnum(examStateLabels).optional(),
  status: zEnum(examStatusLabels).optional(),
  registrationMode: zEnum(registrationModeLabels).optional(),
  paperId: zId.optional(),
  venueId: zId.optional(),
  // Exams a class is addressed by (its detail page).
  teamId: zId.optional(),
  // Exams whose window meets [from, to).
  from: zMoment.optional(),
  to: zMoment.optional(),
});
export const zExamPageRequest = zPageRequest.extend(zExamFilter.shape);

export const examMeta: FormMeta = {
  name: 'exam',
  title: { en: 'Exams', zh: '考试' },
  keyword: true,
  fields: [
    field('name', examFieldWords.name, 'text', { required: true, sortable: true }),
    field('paperId', examFieldWords.paperId, 'ref', { ref: { resource: 'examPaper', remote: true }, required: true }),
    field('windowStart', examFieldWords.windowStart, 'datetime', { required: true, sortable: true, width: 160 }),
    field('windowEnd', examFieldWords.windowEnd, 'datetime', { required: true, width: 160 }),
    field('durationMinutes', examFieldWords.durationMinutes, 'duration', { required: true, width: 110 }),
    field('venueId', examFieldWords.venueId, 'ref', { ref: { resource: 'teachVenue' }, filter: true, width: 140 }),
    field('registrationMode', examFieldWords.registrationMode, 'enum', {
      enum: registrationModeLabels,
      filter: true,
      width: 140,
    }),
    field('candidateCount', examFieldWords.candidateCount, 'number', { form: false, width: 100 }),
    field('state', examFieldWords.state, 'enum', { enum: examStateLabels, form: false, filter: true, width: 110 }),
    field('status', examFieldWords.status, 'enum', { enum: examStatusLabels, form: false, filter: true, width: 110 }),
  ],
};

// Publish: the candidates are resolved and the conflicts checked; a conflict refuses the publish
// unless it is only a warning and `acceptWarnings` is set.
export const zPublishExamRequest = z.object({ acceptWarnings: z.boolean().default(false) });
export const zCancelExamRequest = z.object({ reason: zOptionalText(200) });
// Extend: a new end of the window; every candidate's deadline follows it.
export const zExtendExamRequest = z.object({ windowEnd: zMoment });

export const ConflictKind = {
  VenueDoubleBooked: 'venueDoubleBooked',
  InvigilatorBusy: 'invigilatorBusy',
  CandidateOverlap: 'candidateOverlap',
  OverCapacity: 'overCapacity',
  NoCandidates: 'noCandidates',
  PaperNotPublished: 'paperNotPublished',
  WindowPassed: 'windowPassed',
} as const;
export type ConflictKind = (typeof ConflictKind)[keyof typeof ConflictKind];
export const conflictKindLabels: Record<ConflictKind, { en: string; zh: string }> = {
  venueDoubleBooked: { en: 'Venue double-booked', zh: '考场时间冲突' },
  invigilatorBusy: { en: 'Invigilator in two rooms', zh: '监考教师时间冲突' },
  candidateOverlap: { en: 'Candidate in two exams', zh: '考生时间冲突' },
  overCapacity: { en: 'More candidates than seats', zh: '考生数超过座位数' },
  noCandidates: { en: 'No candidates', zh: '没有考生' },
  paperNotPublished: { en: 'Paper not published', zh: '试卷未发布' },
  windowPassed: { en: 'Window has passed', zh: '考试时间已过' },
};

// An open-window exam (decision 43): a candidate may still start it one whole duration after it
// opens, so they choose when to sit it (a practice exam open for a month, "any time this week").
// Anything else is a sitting: everyone sits it at about the same time.
export function isOpenWindow(e: {
  windowStart: string | number | Date;
  windowEnd: string | number | Date;
  durationMinutes: number;
  latestEntryMinutes?: number | null;
}): boolean {
  const start = new Date(e.windowStart).getTime();
  const byEnd = new Date(e.windowEnd).getTime() - e.durationMinutes * 60_000;
  const latestStart = e.latestEntryMinutes == null ? byEnd : Math.min(byEnd, start + e.latestEntryMinutes * 60_000);
  return latestStart - start >= e.durationMinutes * 60_000;
}
// One conflict of an exam with the others (or with its venue). An error refuses the publish.
export const zExamConflict = z.object({
  kind: z.enum(Object.values(ConflictKind) as [ConflictKind, ...ConflictKind[]]),
  severity: z.enum(['error', 'warning']),
  // The other exam, when the conflict is with one.
  otherExamId: zId.nullable(),
  otherExamName: z.string().nullable(),
  // Who or what is in two places: the venue, the invigilator or the candidates (at most 20 named).
  subjects: z.array(z.string()),
  count: z.number().int(),
  message: z.object({ en: z.string(), zh: z.string() }),
});
export type ExamConflict = z.infer<typeof zExamConflict>;

// The scheduling calendar: every exam whose window meets [from, to), by venue or class.
// An exam as the calendar and the registration office list it: what it is, where it stands, and its window.
export const examHeading = {
  id: zId,
  name: z.string(),
  state: zEnum(examStateLabels),
  status: zEnum(examStatusLabels),
  windowStart: zDateTime,
  windowEnd: zDateTime,
};

export const zCalendarRequest = z.object({
  from: zMoment,
  to: zMoment,
  venueId: zId.optional(),
  teamId: zId.optional(),
  // Cancelled exams are left out unless asked for.
  includeCancelled: z.boolean().default(false),
});
export const zCalendarEntry = z.object({
  ...examHeading,
  // The end counting the longest accommodation of its candidates.
  latestEnd: zDateTime,
  venueId: zId.nullable(),
  venueName: z.string().nullable(),
  virtualRoomId: z.string().nullable(),
  teamIds: z.array(zId),
  invigilatorIds: z.array(zId),
  candidateCount: z.number().int(),
  // Candidates choose when to sit it (isOpenWindow): the calendar shows a period, not a block.
  openWindow: z.boolean(),
  conflicts: z.array(zExamConflict),
});
export const zCalendar = z.object({ entries: z.array(zCalendarEntry) });
export type CalendarEntry = z.infer<typeof zCalendarEntry>;
