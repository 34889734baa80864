import { z } from 'zod';
import {
  CLIENT_LOG_TYPES,
  ExamLogType,
  examLogTypeLabels,
  paperStatusLabels,
  reviewDecisionLabels,
} from '../enums/attempt-status';
import { cameraSourceLabels } from '../enums/camera-source';
import { showScoreLabels, studentExamStatusLabels } from '../enums/exam-status';
import { codedIssue } from '../errors';
import { zEnum, zId, zText } from '../fields';
import { zPlainPageRequest } from '../paging';
import { zStudentAnswer } from './question';
import { zHomeworkRules } from './task';

// The exam-taking protocol (decision 37): the web exam page, a future mobile app and the benchmarks
// speak it. Times are epoch milliseconds on the server's clock; `serverNow` comes with every reply
// so a client computes "time left" as deadline - serverNow + (its elapsed time since the reply),
// never from its own clock's reading of the date.
const zEpochMs = z.number().int().describe('Epoch milliseconds, server clock');

// ---- the paper as the student sees it: no keys, no analysis ----

const zAttemptOption = z.object({
  // The option's own label (what the answer names); shown as A, B, C... in the order given.
  label: z.string(),
  content: z.string(),
});
const zAttemptChild = z.object({
  type: z.literal([1, 2, 3, 4, 5]),
  stem: z.string(),
  options: z.array(zAttemptOption),
  blankCount: z.number().int(),
  score: z.number(),
});
export const zAttemptQuestion = z.object({
  questionId: zId,
  type: z.literal([1, 2, 3, 4, 5, 6]),
  stem: z.string(),
  // In the order this student sees them (shuffled when the exam or paper says so).
  options: z.array(zAttemptOption),
  // Gap filling: how many blanks the stem holds ({{blank}} markers).
  blankCount: z.number().int(),
  score: z.number(),
  // Compose questions: their sub-questions, in order.
  children: z.array(zAttemptChild),
});
export type AttemptQuestion = z.infer<typeof zAttemptQuestion>;
export const zAttemptSection = z.object({
  title: z.string(),
  instructions: z.string().nullable(),
  score: z.number(),
  questions: z.array(zAttemptQuestion),
});
export type AttemptSection = z.infer<typeof zAttemptSection>;

// A stored answer: the client's revision counter per question decides which of two answers wins.
export const zStoredAnswer = z.object({
  questionId: zId,
  answer: zStudentAnswer,
  revision: z.number().int(),
  savedAt: zEpochMs,
});
export type StoredAnswer = z.infer<typeof zStoredAnswer>;

export const zAttemptRules = z.object({
  fullscreen: z.boolean(),
  // Screen switches (events 7 and 9) before a warning, and before the paper is collected (null: never).
  switchWarnAfter: z.number().int(),
  switchCollectAfter: z.number().int().nullable(),
  cameraSource: zEnum(cameraSourceLabels).nullable(),
  snapshotIntervalSeconds: z.number().int(),
  showScore: zEnum(showScoreLabels),
  allowReview: z.boolean(),
});
export type AttemptRules = z.infer<typeof zAttemptRules>;

// A message from the invigilator, shown on the exam page.
export const zAttemptNotice = z.object({ text: z.string(), at: zEpochMs }).nullable();

export const zAttempt = z.object({
  id: zId,
  examId: zId,
  examName: z.string(),
  status: zEnum(paperStatusLabels),
  startedAt: zEpochMs,
  // When answering ends for this student: their start + duration + extra time, at most the window's
  // end + extra time; added time moves it. Saves are taken until `closesAt` (deadline + grace).
  deadline: zEpochMs,
  closesAt: zEpochMs,
  serverNow: zEpochMs,
  durationMinutes: z.number().int(),
  // Accommodation and time added by an invigilator, in minutes.
  extraMinutes: z.number().int(),
  instructions: z.string().nullable(),
  rules: zAttemptRules,
  totalScore: z.number(),
  sections: z.array(zAttemptSection),
  answers: z.array(zStoredAnswer),
  // Screen switches counted by the server so far.
  switchCount: z.number().int(),
  notice: zAttemptNotice,
  endedAt: zEpochMs.nullable(),
  // A homework paper (decision 39): no proctoring, no timer, come back later; null for an exam.
  homework: zHomeworkRules.nullable(),
});
export type Attempt = z.infer<typeof zAttempt>;

export const zAttemptStartRequest = z.object({ examId: zId });

// The exam's waiting room (issue 29): what a candidate who opened the exam before its start sees
// (no paper), and the server's clock to count down on. The page starts the attempt when it opens,
// so on exam morning the sign-ins are spread over the check-in time and the start is starts only.
export const zWaitingRoom = z.object({
  examId: zId,
  examName: z.string(),
  opensAt: zEpochMs,
  serverNow: zEpochMs,
  durationMinutes: z.number().int(),
  // The candidate's own extra time (accommodations), in minutes.
  extraMinutes: z.number().int(),
  instructions: z.string().nullable(),
  // The caller already has a sitting: the page enters it at once.
  started: z.boolean(),
});
export type WaitingRoom = z.infer<typeof zWaitingRoom>;

export const zSaveItem = z.object({
  questionId: zId,
  answer: zStudentAnswer,
  // The client's counter for this question, raised with every change: a save whose revision is not
  // above the stored one changes nothing (a stale or repeated save).
  revision: z.number().int().min(1).max(2_000_000_000),
});
export type SaveItem = z.infer<typeof zSaveItem>;
export const zAttemptSaveRequest = z.object({
  attemptId: zId,
  // Empty: a heartbeat (the monitor's "last seen").
  items: z.array(zSaveItem).max(300),
});
export const zAck = z.object({
  questionId: zId,
  revision: z.number().int(),
  // The answer stored at that revision is not the one sent (another device used the same revision
  // first, or a newer one): the client should read the attempt again and take the server's answer.
  theirs: z.boolean(),
});
export const zAttemptSaveResult = z.object({
  // Per item, the revision now stored (committed before this reply left). When it is above the one
  // sent, another tab or device saved a newer answer.
  acked: z.array(zAck),
  status: zEnum(paperStatusLabels),
  serverNow: zEpochMs,
  deadline: zEpochMs,
  closesAt: zEpochMs,
  notice: zAttemptNotice,
});
export type AttemptSaveResult = z.infer<typeof zAttemptSaveResult>;

export const zAttemptSubmitRequest = z.object({
  attemptId: zId,
  // The last unsaved changes, saved first under the same rules as a save.
  items: z.array(zSaveItem).max(300).optional(),
  // 'timeUp': the page's timer reached zero (recorded as an automatic submit, status 5).
  reason: z.enum(['manual', 'timeUp']).default('manual'),
});
export const zAttemptSubmitResult = z.object({
  attemptId: zId,
  status: zEnum(paperStatusLabels),
  endedAt: zEpochMs,
  answered: z.number().int(),
  total: z.number().int(),
  acked: z.array(zAck),
  serverNow: zEpochMs,
});
export type AttemptSubmitResult = z.infer<typeof zAttemptSubmitResult>;

const PICTURE_TYPES: readonly number[] = [ExamLogType.Screenshot, ExamLogType.Snapshot];
export const zAttemptEvent = z
  .object({
    type: z.literal(CLIENT_LOG_TYPES),
    // When it happened on the device (epoch ms; the server keeps its own receipt time too).
    at: z.number().int().min(0).max(8_640_000_000_000_000),
    detail: z.string().max(500).default(''),
    // A snapshot or screenshot (types 1, 2) carries its picture, uploaded for this attempt with purpose
    // `snapshot`; other events carry none.
    fileId: zId.optional(),
  })
  .superRefine((e, ctx) => {
    const picture = PICTURE_TYPES.includes(e.type);
    if (picture && e.fileId === undefined)
      ctx.addIssue({ code: 'custom', path: ['fileId'], ...codedIssue('required') });
    if (!picture && e.fileId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['fileId'], ...codedIssue('fileOnlyOnSnapshot') });
  });
export type AttemptEvent = z.input<typeof zAttemptEvent>;
// Per batch; per attempt the server also caps the total by the minutes since the start (tooManyEvents).
export const zAttemptEventsRequest = z.object({ attemptId: zId, events: z.array(zAttemptEvent).min(1).max(100) });
export const zAttemptEventsResult = z.object({
  accepted: z.number().int(),
  status: zEnum(paperStatusLabels),
  switchCount: z.number().int(),
  // The switches reached the exam's warning count: the page shows its warning.
  warn: z.boolean(),
  serverNow: zEpochMs,
});
export type AttemptEventsResult = z.infer<typeof zAttemptEventsResult>;

// ---- the monitor (invigilators, exam/monitorLog) ----

export const zMonitorExamRequest = zPlainPageRequest.extend({
  // One exam (the monitor opened by its address).
  id: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
  // Only exams whose window is open now (the default view on exam day).
  live: z.boolean().optional(),
});
export const zMonitorExam = z.object({
  id: zId,
  name: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  durationMinutes: z.number().int(),
  virtualRoomId: z.string().nullable(),
  venueName: z.string().nullable(),
  candidates: z.number().int(),
  answering: z.number().int(),
  ended: z.number().int(),
  flagged: z.number().int(),
});
export type MonitorExam = z.infer<typeof zMonitorExam>;

// Spec: the examination-log query.
export const zMonitorRequest = zPlainPageRequest.extend({
  examId: zId,
  userName: z.string().trim().max(64).optional(),
  paperStatus: zEnum(paperStatusLabels).optional(),
  studentStatus: zEnum(studentExamStatusLabels).optional(),
  virtualRoomId: z.string().trim().max(64).optional(),
  // Only attempts flagged for review and not yet decided.
  flagged: z.boolean().optional(),
});
export const zMonitorRow = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string().nullable(),
  className: z.string().nullable(),
  seatNo: z.number().int().nullable(),
  studentStatus: zEnum(studentExamStatusLabels),
  paperStatus: zEnum(paperStatusLabels),
  attemptId: zId.nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  startedAt: zEpochMs.nullable(),
  deadline: zEpochMs.nullable(),
  // deadline - serverNow while answering; null otherwise.
  timeLeftMs: z.number().int().nullable(),
  extraMinutes: z.number().int(),
  lastSeen: zEpochMs.nullable(),
  switchCount: z.number().int(),
  leftCount: z.number().int(),
  snapshotCount: z.number().int(),
  eventCount: z.number().int(),
  flagged: z.boolean(),
  reviewDecision: zEnum(reviewDecisionLabels).nullable(),
});
export type MonitorRow = z.infer<typeof zMonitorRow>;
export const zMonitorPage = z.object({
  list: z.array(zMonitorRow),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  serverNow: zEpochMs,
  // Counts over all candidates of the exam (not the filtered page): by paper status, and flagged.
  counts: z.object({
    candidates: z.number().int(),
    byStatus: z.array(z.object({ status: zEnum(paperStatusLabels), count: z.number().int() })),
    flagged: z.number().int(),
  }),
});
export type MonitorPage = z.infer<typeof zMonitorPage>;

export const zMonitorTarget = z.object({ examId: zId, userId: zId });
export const zTimelineEntry = z.object({
  id: zId,
  type: zEnum(examLogTypeLabels),
  at: zEpochMs,
  receivedAt: zEpochMs,
  detail: z.string(),
  fileId: zId.nullable(),
  // The snapshot or screenshot, for the thumbnail.
  fileUrl: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof zTimelineEntry>;
export const zTimeline = z.object({
  row: zMonitorRow,
  entries: z.array(zTimelineEntry),
  review: z
    .object({
      decision: zEnum(reviewDecisionLabels),
      note: z.string(),
      reviewerName: z.string().nullable(),
      at: zEpochMs,
    })
    .nullable(),
  notice: zAttemptNotice,
});
export type Timeline = z.infer<typeof zTimeline>;

const zUserIds = z.array(zId).min(1).max(1000);
export const zAddTimeRequest = z.object({ examId: zId, userIds: zUserIds, minutes: z.number().int().min(1).max(600) });
export const zCollectRequest = z.object({ examId: zId, userIds: zUserIds });
export const zReopenRequest = z.object({
  examId: zId,
  userId: zId,
  minutes: z.number().int().min(0).max(600).default(0),
});
export const zMarkAbnormalRequest = z.object({ examId: zId, userId: zId, reason: zText(200) });
export const zNoticeRequest = z.object({ examId: zId, userIds: zUserIds, text: zText(500) });
export const zReviewRequest = z.object({
  examId: zId,
  userId: zId,
  decision: zEnum(reviewDecisionLabels),
  note: zText(500),
});
// How many candidates an action changed (the others were not in a state it applies to).
export const zMonitorActionResult = z.object({ changed: z.number().int() });
