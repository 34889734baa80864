import {
  type AttemptCounting,
  onlyRangeTargets,
  type Task,
  type TaskCounts,
  type TaskInput,
  type TaskRange,
  type TaskReveal,
  TaskType,
  zTaskCreate,
  type zTaskItem,
} from '@lyceum/contract';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { codedProblems } from '../../crud/zod-rules';

type TaskItem = z.infer<typeof zTaskItem>;

// What the task editor's form holds: the contract's input with every target list present (only the
// range type's own is sent) and the times as ISO strings.
export interface TaskFormValues {
  name?: string;
  description?: string | null;
  taskType: TaskType;
  rangeType: TaskRange;
  gradeYears: number[];
  teamIds: number[];
  studentIds: number[];
  paperId?: number | null;
  // A course or knowledge-base task's items, kept as they are (no screen picks them yet).
  items: TaskItem[];
  startTime?: string;
  dueTime?: string;
  passScore?: number | null;
  lateAccepted: boolean;
  lateUntil?: string | null;
  latePenalty: number;
  attemptsAllowed: number;
  scoreCounting: AttemptCounting;
  reveal: TaskReveal;
  showKey: boolean;
  instantFeedback: boolean;
}

const WEEK_DAYS = 7;
// Late work is taken for two more days unless the teacher says otherwise.
const LATE_DAYS = 2;

const endOfDay = (d: Dayjs) => d.hour(23).minute(59).second(0).millisecond(0);
const iso = (d: Dayjs) => d.second(0).millisecond(0).toISOString();

// A new task: open now, due in a week at 23:59, one hand-in, and the contract's other defaults.
export function newTaskValues(now: Dayjs = dayjs()): TaskFormValues {
  const d = zTaskCreate.shape;
  return {
    taskType: TaskType.Paper,
    rangeType: d.rangeType.parse(undefined),
    gradeYears: [],
    teamIds: [],
    studentIds: [],
    items: [],
    startTime: iso(now),
    dueTime: iso(endOfDay(now.add(WEEK_DAYS, 'day'))),
    passScore: null,
    lateAccepted: d.lateAccepted.parse(undefined),
    lateUntil: null,
    latePenalty: d.latePenalty.parse(undefined),
    attemptsAllowed: d.attemptsAllowed.parse(undefined),
    scoreCounting: d.scoreCounting.parse(undefined),
    reveal: d.reveal.parse(undefined),
    showKey: d.showKey.parse(undefined),
    instantFeedback: d.instantFeedback.parse(undefined),
  };
}

// A task as the form edits it.
export function taskValues(task: Task): TaskFormValues {
  return {
    name: task.name,
    description: task.description,
    taskType: task.taskType,
    rangeType: task.rangeType,
    gradeYears: task.gradeYears,
    teamIds: task.teamIds,
    studentIds: task.studentIds,
    paperId: task.paperId,
    items: task.items,
    startTime: task.startTime,
    dueTime: task.dueTime,
    passScore: task.passScore,
    lateAccepted: task.lateAccepted,
    lateUntil: task.lateUntil,
    latePenalty: task.latePenalty,
    attemptsAllowed: task.attemptsAllowed,
    scoreCounting: task.scoreCounting,
    reveal: task.reveal,
    showKey: task.showKey,
    instantFeedback: task.instantFeedback,
  };
}

// The late cutoff offered when late work is switched on: two days after the due time, at 23:59.
export function defaultLateUntil(dueTime: string | undefined): string | null {
  return dueTime ? iso(endOfDay(dayjs(dueTime).add(LATE_DAYS, 'day'))) : null;
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

// What the form sends: only the targets of the chosen range, the paper only for homework, the late
// cutoff and penalty only when late work is taken, empty inputs as null.
export function taskBody(v: TaskFormValues): TaskInput {
  const paper = v.taskType === TaskType.Paper;
  return {
    ...onlyRangeTargets({
      rangeType: v.rangeType,
      gradeYears: v.gradeYears,
      teamIds: v.teamIds,
      studentIds: v.studentIds,
    }),
    name: v.name?.trim() ?? '',
    description: orNull(v.description?.trim()),
    taskType: v.taskType,
    paperId: paper ? orNull(v.paperId) : null,
    items: paper ? [] : v.items,
    startTime: v.startTime ?? '',
    dueTime: v.dueTime ?? '',
    passScore: orNull(v.passScore),
    lateAccepted: v.lateAccepted,
    lateUntil: v.lateAccepted ? orNull(v.lateUntil) : null,
    latePenalty: v.lateAccepted ? v.latePenalty : 0,
    attemptsAllowed: v.attemptsAllowed,
    scoreCounting: v.scoreCounting,
    reveal: v.reveal,
    showKey: v.showKey,
    instantFeedback: v.instantFeedback,
  };
}

// The contract's checks across fields (due after start, the late cutoff after the due time, the
// range's targets, the homework paper), run before sending.
export const taskProblems = (body: TaskInput) => codedProblems(zTaskCreate, body);

// ---- progress ----

export const PROGRESS_PARTS = ['passed', 'failed', 'inProgress', 'notStarted'] as const;
export type ProgressPart = (typeof PROGRESS_PARTS)[number];
export interface ProgressSegment {
  part: ProgressPart;
  count: number;
  // Whole per cents that add up to 100 (largest remainders), for the stacked bar's widths.
  percent: number;
}

// The students of a task in the order the bar shows them, empty parts left out.
export function progressSegments(counts: TaskCounts): ProgressSegment[] {
  const total = PROGRESS_PARTS.reduce((n, p) => n + counts[p], 0);
  if (total <= 0) return [];
  const raw = PROGRESS_PARTS.map((part) => ({ part, count: counts[part], exact: (counts[part] * 100) / total }));
  const floors = raw.map((r) => Math.floor(r.exact));
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const byRemainder = raw.map((r, i) => ({ i, rest: r.exact - floors[i] })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return raw.map((r, i) => ({ part: r.part, count: r.count, percent: floors[i] })).filter((s) => s.count > 0);
}

// Handed in and marked (passed or failed) out of everyone, as a whole per cent.
export function doneShare(counts: TaskCounts): number {
  return counts.students > 0 ? Math.round(((counts.passed + counts.failed) / counts.students) * 100) : 0;
}
