import {
  type AttemptCounting,
  type CameraSource,
  type Exam,
  type ExamInput,
  RegistrationMode,
  ShowScore,
  zExamCreate,
} from '@lyceum/contract';
import { codedProblems } from '../../crud/zod-rules';

// What the exam editor's form holds. It differs from the contract's input where a control needs it:
// the place is a venue or a virtual room (one choice), and "camera off" is 0 rather than null.
export interface ExamFormValues {
  name?: string;
  paperId?: number;
  windowStart?: string;
  windowEnd?: string;
  durationMinutes?: number;
  latestEntryMinutes?: number | null;
  graceSeconds?: number;
  teamIds: number[];
  gradeYears: number[];
  departmentIds: number[];
  studentIds: number[];
  placeKind: 'venue' | 'virtual';
  venueId?: number | null;
  virtualRoomId?: string | null;
  invigilatorIds: number[];
  registrationMode: RegistrationMode;
  registrationStart?: string | null;
  registrationEnd?: string | null;
  capacity?: number | null;
  needsApproval: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  fullscreen: boolean;
  switchWarnAfter?: number;
  switchCollectAfter?: number | null;
  cameraSource: CameraSource | 0;
  snapshotIntervalSeconds?: number;
  showScore: ShowScore;
  allowReview: boolean;
  reviewAfterHandIn: boolean;
  attemptsAllowed: number;
  scoreCounting: AttemptCounting;
  instructions?: string | null;
}

// Review right after hand-in is for practice exams: it needs review allowed and the score shown
// after handing in (the contract refuses it otherwise; the form disables it and sends false).
export const practiceReviewAllowed = (v: { showScore?: ShowScore; allowReview?: boolean }): boolean =>
  v.allowReview === true && v.showScore === ShowScore.AfterSubmit;

// A new exam: the contract's defaults (what the server would fill in), nothing chosen yet.
export function newExamValues(): ExamFormValues {
  const d = zExamCreate.shape;
  return {
    graceSeconds: d.graceSeconds.parse(undefined),
    teamIds: [],
    gradeYears: [],
    departmentIds: [],
    studentIds: [],
    placeKind: 'venue',
    invigilatorIds: [],
    registrationMode: d.registrationMode.parse(undefined),
    needsApproval: d.needsApproval.parse(undefined),
    shuffleQuestions: d.shuffleQuestions.parse(undefined),
    shuffleOptions: d.shuffleOptions.parse(undefined),
    fullscreen: d.fullscreen.parse(undefined),
    switchWarnAfter: d.switchWarnAfter.parse(undefined),
    cameraSource: 0,
    snapshotIntervalSeconds: d.snapshotIntervalSeconds.parse(undefined),
    showScore: d.showScore.parse(undefined),
    allowReview: d.allowReview.parse(undefined),
    reviewAfterHandIn: d.reviewAfterHandIn.parse(undefined),
    attemptsAllowed: d.attemptsAllowed.parse(undefined),
    scoreCounting: d.scoreCounting.parse(undefined),
  };
}

// An exam as the form edits it.
export function examValues(exam: Exam): ExamFormValues {
  return {
    name: exam.name,
    paperId: exam.paperId,
    windowStart: exam.windowStart,
    windowEnd: exam.windowEnd,
    durationMinutes: exam.durationMinutes,
    latestEntryMinutes: exam.latestEntryMinutes,
    graceSeconds: exam.graceSeconds,
    teamIds: exam.teamIds,
    gradeYears: exam.gradeYears,
    departmentIds: exam.departmentIds,
    studentIds: exam.studentIds,
    placeKind: exam.virtualRoomId && exam.venueId === null ? 'virtual' : 'venue',
    venueId: exam.venueId,
    virtualRoomId: exam.virtualRoomId,
    invigilatorIds: exam.invigilatorIds,
    registrationMode: exam.registrationMode,
    registrationStart: exam.registrationStart,
    registrationEnd: exam.registrationEnd,
    capacity: exam.capacity,
    needsApproval: exam.needsApproval,
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    fullscreen: exam.fullscreen,
    switchWarnAfter: exam.switchWarnAfter,
    switchCollectAfter: exam.switchCollectAfter,
    cameraSource: exam.cameraSource ?? 0,
    snapshotIntervalSeconds: exam.snapshotIntervalSeconds,
    showScore: exam.showScore,
    allowReview: exam.allowReview,
    reviewAfterHandIn: exam.reviewAfterHandIn,
    attemptsAllowed: exam.attemptsAllowed,
    scoreCounting: exam.scoreCounting,
    instructions: exam.instructions,
  };
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

// What the form sends: only the chosen place, registration details only for open registration,
// empty inputs as null (the server's "none").
export function examBody(v: ExamFormValues): ExamInput {
  const open = v.registrationMode === RegistrationMode.Open;
  const venue = v.placeKind === 'venue';
  return {
    name: v.name ?? '',
    paperId: v.paperId as number,
    windowStart: v.windowStart ?? '',
    windowEnd: v.windowEnd ?? '',
    durationMinutes: v.durationMinutes as number,
    latestEntryMinutes: orNull(v.latestEntryMinutes),
    graceSeconds: v.graceSeconds,
    instructions: orNull(v.instructions?.trim()),
    teamIds: v.teamIds,
    gradeYears: v.gradeYears,
    departmentIds: v.departmentIds,
    studentIds: v.studentIds,
    venueId: venue ? orNull(v.venueId) : null,
    virtualRoomId: venue ? null : orNull(v.virtualRoomId?.trim()),
    invigilatorIds: v.invigilatorIds,
    registrationMode: v.registrationMode,
    registrationStart: open ? orNull(v.registrationStart) : null,
    registrationEnd: open ? orNull(v.registrationEnd) : null,
    capacity: open ? orNull(v.capacity) : null,
    needsApproval: open && v.needsApproval,
    shuffleQuestions: v.shuffleQuestions,
    shuffleOptions: v.shuffleOptions,
    fullscreen: v.fullscreen,
    switchWarnAfter: v.switchWarnAfter,
    switchCollectAfter: orNull(v.switchCollectAfter),
    cameraSource: v.cameraSource === 0 ? null : v.cameraSource,
    snapshotIntervalSeconds: v.snapshotIntervalSeconds,
    showScore: v.showScore,
    allowReview: v.allowReview,
    reviewAfterHandIn: practiceReviewAllowed(v) && v.reviewAfterHandIn,
    attemptsAllowed: v.attemptsAllowed,
    scoreCounting: v.scoreCounting,
  };
}

// The contract's checks across fields (the end after the start, the duration within the window, ...),
// run before sending: each problem with the field it belongs to and its coded error.
export const crossFieldProblems = (body: ExamInput) => codedProblems(zExamCreate, body);
