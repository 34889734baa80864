import { z } from 'zod';
import { paperStatusLabels } from '../enums/attempt-status';
import { showScoreLabels } from '../enums/exam-status';
import {
  answerStatusLabels,
  markingFlagLabels,
  queryStatusLabels,
  reviewFlagLabels,
  throwOutModeLabels,
} from '../enums/marking';
import { partialCreditLabels } from '../enums/partial-credit';
import { codedIssue } from '../errors';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { zBlank, zGapRules, zKeyword, zQuestionInput, zStudentAnswer } from './question';

// Marking, scores and analysis (decision 38). After an attempt ends the machine scores what it
// can (one scoring engine, the frozen paper and question versions); teachers mark the rest, by
// question across students or by student, anonymously by default; the office confirms an exam's
// scores, which locks them; reports read only confirmed or marked figures.

// A score a teacher types: 0..max in half steps (the step every question score uses).
export const SCORE_STEP = 0.5;
export const zMarkScore = z
  .number()
  .min(0)
  .max(10_000)
  .refine((n) => Number.isInteger(n / SCORE_STEP), codedIssue('invalidFormat', { format: 'halfSteps' }));

// ---- the exams to mark ----

export const zMarkExamRequest = zPlainPageRequest.extend({
  keyword: zOptionalText(100),
  // Only exams with answers still waiting for a teacher.
  pendingOnly: z.boolean().default(false),
});
export const zMarkExam = z.object({
  id: zId,
  name: z.string(),
  paperId: zId,
  paperName: z.string(),
  windowStart: zDateTime,
  windowEnd: zDateTime,
  candidates: z.number().int(),
  // Attempts that ended (handed in or collected) and so can be marked.
  ended: z.number().int(),
  answering: z.number().int(),
  // Answers judged by hand: how many there are and how many still wait.
  manualItems: z.number().int(),
  pendingItems: z.number().int(),
  confirmedAt: zDateTime.nullable(),
  // The caller may change scores (not confirmed, and an owner, a marker or exam:all).
  canMark: z.boolean(),
});
export type MarkExam = z.infer<typeof zMarkExam>;
export const zMarkExamPage = zPage(zMarkExam);

export const zExamRef = z.object({ examId: zId });

// The paper's questions as marked in this exam, with progress and who marks them.
export const zMarkQuestionSummary = z.object({
  questionId: zId,
  // 1-based position in the paper (as the paper was built; students may have seen another order).
  no: z.number().int(),
  sectionTitle: z.string(),
  type: z.literal([1, 2, 3, 4, 5, 6]),
  stemText: z.string(),
  max: z.number(),
  // Answered by a teacher (short answers, compose questions with one); the rest is scored by the machine.
  manual: z.boolean(),
  answers: z.number().int(),
  pending: z.number().int(),
  reviewed: z.number().int(),
  average: z.number().nullable(),
  thrownOut: zEnum(throwOutModeLabels).nullable(),
  adjusted: z.boolean(),
  markerIds: z.array(zId),
});
export const zMarkerProgress = z.object({
  userId: zId,
  realName: z.string(),
  questionIds: z.array(zId),
  // The answers of their questions that need a hand (an empty one scores 0 by itself), and how many of
  // those are marked (by anyone): what is left is the questions' "to mark".
  assigned: z.number().int(),
  marked: z.number().int(),
});
export const zMarkOverview = z.object({
  examId: zId,
  examName: z.string(),
  paperName: z.string(),
  totalScore: z.number(),
  passScore: z.number().nullable(),
  confirmedAt: zDateTime.nullable(),
  canMark: z.boolean(),
  canAssign: z.boolean(),
  ended: z.number().int(),
  answering: z.number().int(),
  questions: z.array(zMarkQuestionSummary),
  markers: z.array(zMarkerProgress),
});
export type MarkOverview = z.infer<typeof zMarkOverview>;

// ---- the exam's papers (one per attempt) ----

// Whose paper it is and where it stands, as the marking screens and the score list show it (after
// the user name, which the score list alone always has).
export const paperStanding = {
  realName: z.string().nullable(),
  className: z.string().nullable(),
  paperStatus: zEnum(paperStatusLabels),
  answerStatus: zEnum(answerStatusLabels),
  score: z.number().nullable(),
  maxScore: z.number(),
};

export const zMarkPapersRequest = zPlainPageRequest.extend({
  examId: zId,
  // Names instead of anonymous numbers.
  reveal: z.boolean().default(false),
  keyword: zOptionalText(50),
  teamId: zId.optional(),
  pendingOnly: z.boolean().default(false),
});
export const zMarkPaperRow = z.object({
  attemptId: zId,
  // The anonymous number every marker sees (stable per exam: by attempt id).
  code: z.string(),
  userId: zId.nullable(),
  userName: z.string().nullable(),
  ...paperStanding,
  pending: z.number().int(),
  endedAt: zDateTime.nullable(),
});
export const zMarkPapersPage = zPage(zMarkPaperRow);

// ---- one answer to one question, as a marker sees it ----

export const zMarkItem = z
  .object({
    attemptId: zId,
    code: z.string(),
    realName: z.string().nullable(),
    questionId: zId,
    answer: zStudentAnswer,
    max: z.number(),
    // What the machine gave (for hand-marked answers, the keyword hint's suggestion).
    autoScore: z.number(),
    score: z.number().nullable(),
    parts: z.array(
      z.object({ index: z.number().int(), score: z.number(), max: z.number(), correct: z.boolean().nullable() }),
    ),
    markingFlag: zEnum(markingFlagLabels),
    reviewFlag: zEnum(reviewFlagLabels),
    manual: z.boolean(),
    comment: z.string(),
    markerName: z.string().nullable(),
    markedAt: zDateTime.nullable(),
    reviewerName: z.string().nullable(),
    reviewedAt: zDateTime.nullable(),
    // An open query from the student on this mark.
    query: z
      .object({ id: zId, text: z.string(), status: zEnum(queryStatusLabels), reply: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'MarkItem' });
export type MarkItem = z.infer<typeof zMarkItem>;

// The question as this exam uses it: the version the students saw, with its key, the paper's
// score for it, and any change made after the exam.
export const zMarkQuestion = z
  .object({
    questionId: zId,
    version: z.number().int(),
    no: z.number().int(),
    max: z.number(),
    question: zQuestionInput,
    thrownOut: zEnum(throwOutModeLabels).nullable(),
    adjusted: z.boolean(),
  })
  .meta({ id: 'MarkQuestion' });
export type MarkQuestion = z.infer<typeof zMarkQuestion>;

export const zMarkQueueRequest = z.object({
  examId: zId,
  questionId: zId,
  reveal: z.boolean().default(false),
  // Only answers not yet marked by hand (the marker's "what is left").
  pendingOnly: z.boolean().default(false),
  teamId: zId.optional(),
});
export const zMarkQueue = z.object({
  question: zMarkQuestion,
  items: z.array(zMarkItem),
  canMark: z.boolean(),
});
export type MarkQueue = z.infer<typeof zMarkQueue>;

export const zMarkPaperRequest = z.object({ examId: zId, attemptId: zId, reveal: z.boolean().default(false) });
export const zMarkedPaper = z.object({
  examId: zId,
  examName: z.string(),
  attemptId: zId,
  code: z.string(),
  userName: z.string().nullable(),
  ...paperStanding,
  passScore: z.number().nullable(),
  startedAt: zDateTime,
  endedAt: zDateTime.nullable(),
  sections: z.array(
    z.object({
      title: z.string(),
      score: z.number(),
      got: z.number(),
      items: z.array(z.object({ question: zMarkQuestion, mark: zMarkItem })),
    }),
  ),
  canMark: z.boolean(),
});
export type MarkedPaper = z.infer<typeof zMarkedPaper>;
export const zMarkBatchRequest = z.object({
  examId: zId,
  attemptIds: z.array(zId).min(1).max(200),
  reveal: z.boolean().default(false),
});

// ---- marking and review ----

export const zMarkRequest = z.object({
  examId: zId,
  attemptId: zId,
  questionId: zId,
  score: zMarkScore,
  comment: z.string().trim().max(1000).default(''),
});
export const zReviewMarkRequest = zMarkRequest.extend({
  // Why the reviewer changed the first marker's score (required when it changes).
  reason: z.string().trim().max(200).default(''),
});
export const zMarkResult = z.object({ item: zMarkItem, attemptScore: z.number(), attemptPending: z.number().int() });

export const zAssignMarkersRequest = z.object({
  examId: zId,
  // Each marker with the questions they mark; a question may have several markers. An empty
  // list removes every assignment (then everyone who may mark the exam marks any question).
  markers: z.array(z.object({ userId: zId, questionIds: z.array(zId).min(1).max(300) })).max(100),
});

// ---- regrading and throwing out a question ----

// The new key for one question of an exam: the same shape the question editor writes.
export const zRegradeKey = z.object({
  answer: z.union([
    z.string().max(1),
    z.array(z.string().max(1)).max(10),
    z.boolean(),
    z.object({ blanks: z.array(zBlank).min(1).max(30), rules: zGapRules }),
    z.object({ reference: z.string().max(20_000).default(''), keywords: z.array(zKeyword).max(30).default([]) }),
  ]),
  partialCredit: zEnum(partialCreditLabels).optional(),
  partScore: z.number().min(0).max(100).nullable().optional(),
});
export const zRegradeRequest = z.object({
  examId: zId,
  questionId: zId,
  change: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('key'), key: zRegradeKey }),
    z.object({ kind: z.literal('throwOut'), mode: zEnum(throwOutModeLabels) }),
    // Back to the question as the students saw it (undoes an earlier change).
    z.object({ kind: z.literal('restore') }),
  ]),
  reason: zText(200),
  // false: only show what would change.
  apply: z.boolean().default(false),
});
export const zRegradeRow = z.object({
  attemptId: zId,
  code: z.string(),
  realName: z.string().nullable(),
  answer: zStudentAnswer,
  from: z.number(),
  to: z.number(),
  totalFrom: z.number(),
  totalTo: z.number(),
});
export const zRegradeResult = z.object({
  applied: z.boolean(),
  // Every attempt with this question, changed or not: `changed` counts those whose score moves.
  affected: z.number().int(),
  changed: z.number().int(),
  maxFrom: z.number(),
  maxTo: z.number(),
  // Answers judged by hand keep their teacher's score; they are listed for a second look.
  keptManual: z.number().int(),
  rows: z.array(zRegradeRow),
});
export type RegradeResult = z.infer<typeof zRegradeResult>;

// ---- confirmation and the students' queries ----

export const zConfirmRequest = z.object({
  examId: zId,
  // Confirm although answers still wait for a teacher (they count as 0 until marked).
  force: z.boolean().default(false),
});
export const zConfirmResult = z.object({
  confirmedAt: zDateTime.nullable(),
  attempts: z.number().int(),
  pending: z.number().int(),
});

export const zQueryRequest = z.object({ examId: zId, questionId: zId, text: zText(500) });
export const zAnswerQueryRequest = z.object({
  examId: zId,
  queryId: zId,
  reply: zText(500),
  // A new score for the question (audited); omitted: the mark stands.
  score: zMarkScore.optional(),
});
export const zQueriesRequest = zPlainPageRequest.extend({ examId: zId, status: zEnum(queryStatusLabels).optional() });
export const zScoreQuery = z.object({
  id: zId,
  attemptId: zId,
  code: z.string(),
  realName: z.string().nullable(),
  questionId: zId,
  no: z.number().int(),
  text: z.string(),
  status: zEnum(queryStatusLabels),
  reply: z.string().nullable(),
  score: z.number().nullable(),
  max: z.number(),
  createTime: zDateTime,
  repliedAt: zDateTime.nullable(),
});
export const zScoreQueryPage = zPage(zScoreQuery);

// Whether a student may see their score now, and if not why (`myResult`'s rule, which My exams, the
// page after hand-in and the portal's latest results follow too): shown; marking (shown after
// hand-in, and the marking job has not run yet); notEnded; notConfirmed (shown after confirmation);
// notDue (homework shown after its due time); never.
export const zScoreReason = z.enum(['shown', 'marking', 'notEnded', 'notConfirmed', 'notDue', 'never']);
export type ScoreReason = z.infer<typeof zScoreReason>;

// A student's own report: their paper as the exam's rule allows, and where they stand.
export const zMyResultRequest = z.object({ examId: zId });
export const zMyResult = z.object({
  examId: zId,
  examName: z.string(),
  showScore: zEnum(showScoreLabels),
  allowReview: z.boolean(),
  // What may be shown now (the exam's rule and whether scores are confirmed).
  visible: z.boolean(),
  reason: zScoreReason,
  answerStatus: zEnum(answerStatusLabels),
  score: z.number().nullable(),
  // The student's own answers still to mark by a teacher: the score is provisional while above 0.
  pending: z.number().int(),
  // Answers still to mark in the whole exam: rank and means depend on everyone's marks, so they
  // are null until this is 0.
  examPending: z.number().int(),
  maxScore: z.number(),
  passScore: z.number().nullable(),
  passed: z.boolean().nullable(),
  rank: z.number().int().nullable(),
  candidates: z.number().int(),
  classMean: z.number().nullable(),
  examMean: z.number().nullable(),
  knowledge: z.array(
    z.object({ tagId: zId, name: z.string(), mastery: z.number().nullable(), classMastery: z.number().nullable() }),
  ),
  // The paper with keys, analysis and marks: only when the exam allows review, the score is shown
  // and the exam has closed for everyone (a practice exam: at hand-in).
  paper: zMarkedPaper.nullable(),
  // When review is allowed and waits for the exam to close: the moment it opens (or opened), as
  // things stand (time an invigilator adds moves it); null without review, or in a practice exam.
  reviewFrom: zDateTime.nullable(),
});
export type MyResult = z.infer<typeof zMyResult>;
