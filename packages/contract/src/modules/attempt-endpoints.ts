import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zDecimalId } from '../fields';
import { streamEndpoint } from '../stream-endpoint';
import {
  zAddTimeRequest,
  zAttempt,
  zAttemptEventsRequest,
  zAttemptEventsResult,
  zAttemptSaveRequest,
  zAttemptSaveResult,
  zAttemptStartRequest,
  zAttemptSubmitRequest,
  zAttemptSubmitResult,
  zCollectRequest,
  zMarkAbnormalRequest,
  zMonitorActionResult,
  zMonitorExam,
  zMonitorExamRequest,
  zMonitorPage,
  zMonitorRequest,
  zMonitorTarget,
  zNoticeRequest,
  zReopenRequest,
  zReviewRequest,
  zTimeline,
  zWaitingRoom,
} from './attempt';

const tags = ['exam day'];

// The exam-taking protocol (the student's side). Saves and events are not in the operation log
// (thousands a minute on exam day; the attempt keeps its own record); start and submit are.
export const attemptEndpoints = {
  retake: endpoint({
    method: 'POST',
    path: '/api/exam/attempt/retake',
    summary: 'Sit an exam that allows several sittings again: the ended sitting is kept, a fresh paper opens',
    description:
      'Only while the window is open, sittings remain and the scores are not confirmed. Two at once keep one ' +
      'copy of the ended sitting and open one new one; the exam page then starts it with /start.',
    tags,
    access: 'student',
    mutates: true,
    body: zAttemptStartRequest,
    response: zAttemptStartRequest,
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/exam/attempt/start',
    summary: 'Enter an exam: the attempt with the paper (no keys), stored answers, deadline and server clock',
    description:
      'Idempotent: a second start (another tab or device) returns the same attempt. Refused outside the window, ' +
      'after the latest entry time, for a non-candidate, or after the attempt ended.',
    tags,
    access: 'student',
    mutates: true,
    body: zAttemptStartRequest,
    response: zAttempt,
  }),
  waitingRoom: endpoint({
    method: 'POST',
    path: '/api/exam/attempt/waitingRoom',
    summary: 'Check in before the start: the exam, its opening time and the server clock, without the paper',
    description:
      'For a candidate of a published exam, at any time before it ends; changes nothing. The exam page shows ' +
      'the countdown and calls /start when the exam opens.',
    tags,
    access: 'student',
    idempotent: true,
    body: zAttemptStartRequest,
    response: zWaitingRoom,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/exam/attempt/save',
    summary: 'Save answers: each is kept when its revision is above the stored one; the batch is all or nothing',
    description:
      'Acknowledged answers are committed before the reply leaves. Refused after deadline + grace or once the ' +
      'attempt ended, and nothing changes. Empty items: a heartbeat.',
    tags,
    access: 'student',
    idempotent: true,
    body: zAttemptSaveRequest,
    response: zAttemptSaveResult,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/exam/attempt/submit',
    summary: 'Hand the paper in (the optional last batch is saved first); a repeated submit returns the same result',
    tags,
    access: 'student',
    mutates: true,
    idempotent: true,
    body: zAttemptSubmitRequest,
    response: zAttemptSubmitResult,
  }),
  events: endpoint({
    method: 'POST',
    path: '/api/exam/attempt/events',
    summary: 'Report proctoring events (screen switches, leaving the app, snapshots), batched',
    description:
      'A repeated event (same type and time) is stored once. Switches beyond the exam’s collect count end the ' +
      'attempt (status 6). Taken only while the attempt is open (else attemptEnded / attemptClosed); a body of at ' +
      'most 256 KiB; per attempt at most 200 events plus 20 per minute since the start (tooManyEvents on events). ' +
      'A snapshot or screenshot (1, 2) carries the fileId of a picture uploaded for this attempt; other events none.',
    tags,
    access: 'student',
    idempotent: true,
    body: zAttemptEventsRequest,
    response: zAttemptEventsResult,
  }),
};

const MONITOR = ['examLog:page'] as const;
const MANAGE = ['examLog:manage'] as const;

// The invigilators' side: exam/monitorLog.
export const examLogEndpoints = {
  exams: endpoint({
    method: 'POST',
    path: '/api/examLog/exams',
    summary: 'Published exams the caller may watch, with live counts',
    tags,
    access: MONITOR,
    body: zMonitorExamRequest,
    response: z.object({
      list: z.array(zMonitorExam),
      total: z.number().int(),
      pageNum: z.number().int(),
      pageSize: z.number().int(),
      pages: z.number().int(),
    }),
  }),
  page: endpoint({
    method: 'POST',
    path: '/api/examLog/page',
    summary: "An exam's candidates as they sit it: status, progress, time left, last seen, events, flags",
    tags,
    access: MONITOR,
    body: zMonitorRequest,
    response: zMonitorPage,
  }),
  stream: streamEndpoint({
    path: '/api/examLog/stream',
    summary: "An exam's board as server-sent events (MonitorEvents): which candidates' attempts changed",
    description:
      'Send Accept: text/event-stream. For those who may watch the exam (else "not found"). A few streams per ' +
      'session and user; a heartbeat comment every 25 s. The page reads what changed through /api/examLog/page.',
    tags,
    access: MONITOR,
    query: z.object({ examId: zDecimalId() }),
  }),
  timeline: endpoint({
    method: 'POST',
    path: '/api/examLog/timeline',
    summary: "One candidate's proctoring timeline with snapshots, and the review decision",
    tags,
    access: MONITOR,
    body: zMonitorTarget,
    response: zTimeline,
  }),
  addTime: endpoint({
    method: 'POST',
    path: '/api/examLog/addTime',
    summary: 'Give candidates more time (their deadline moves; candidates not yet started get it when they start)',
    tags,
    access: MANAGE,
    mutates: true,
    body: zAddTimeRequest,
    response: zMonitorActionResult,
  }),
  collect: endpoint({
    method: 'POST',
    path: '/api/examLog/collect',
    summary: 'Collect papers now (status 6) from their last saved answers',
    tags,
    access: MANAGE,
    mutates: true,
    body: zCollectRequest,
    response: zMonitorActionResult,
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/examLog/reopen',
    summary: 'Let a candidate back in after a forced collection or an abnormal end, optionally with more time',
    tags,
    access: MANAGE,
    mutates: true,
    body: zReopenRequest,
    response: zMonitorActionResult,
  }),
  markAbnormal: endpoint({
    method: 'POST',
    path: '/api/examLog/markAbnormal',
    summary: "End a candidate's attempt as abnormal (status 8), with the reason",
    tags,
    access: MANAGE,
    mutates: true,
    body: zMarkAbnormalRequest,
    response: zMonitorActionResult,
  }),
  notice: endpoint({
    method: 'POST',
    path: '/api/examLog/notice',
    summary: 'Send candidates a message shown on their exam page',
    tags,
    access: MANAGE,
    mutates: true,
    body: zNoticeRequest,
    response: zMonitorActionResult,
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/examLog/review',
    summary: 'Decide on a flagged attempt (cleared or misconduct) with a note',
    tags,
    access: MANAGE,
    mutates: true,
    body: zReviewRequest,
    response: zMonitorActionResult,
  }),
};
