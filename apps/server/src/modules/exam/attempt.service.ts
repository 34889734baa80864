// Exam day, the student's side (decision 37). The rules that keep answers safe:
// - one attempt per student and exam (unique key); a second start returns it;
// - a save is one statement: it takes the attempt row FOR SHARE, checks the attempt is open and the
//   questions are in the paper, and upserts every item whose revision is above the stored one, so a
//   batch is all or nothing and committed before the reply; a stale or repeated save changes nothing;
// - submit, collection and the invigilators' actions change the attempt's status with the row
//   locked FOR UPDATE and only from "answering", so a save that waited for them sees the new status
//   and is refused, a save that got in first is part of the final record, and every attempt gets
//   exactly one final status.
//
// The protocol lives in the attempt-* files beside this one; this file is its public face:
// attempt-start (start, another sitting), attempt-save, attempt-submit, attempt-events (proctoring),
// attempt-end (ending attempts exactly once), attempt-collect (collection at deadline + grace, and
// deadlines moved by the exam), attempt-view (the attempt as the page sees it).

export {
  COLLECT_JOB,
  COLLECT_SWEEP_JOB,
  collectDue,
  endForCancelledExam,
  refreshDeadlines,
  registerAttemptJobs,
  scheduleCollection,
} from './attempt-collect';
export { answeredSql, endAttempts } from './attempt-end';
export {
  EVENT_BURST,
  EVENTS_BODY_LIMIT,
  EVENTS_PER_MINUTE,
  linkSnapshot,
  openAttemptForSnapshot,
  recordEvents,
} from './attempt-events';
export { saveAnswers } from './attempt-save';
export { retakeAttempt, startAttempt, waitingRoom } from './attempt-start';
export { submitAttempt } from './attempt-submit';
