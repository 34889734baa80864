import { z } from 'zod';
import { paperStatusLabels } from '../enums/attempt-status';
import {
  AttemptCounting,
  attemptCountingLabels,
  TaskRange,
  TaskReveal,
  TaskType,
  taskItemKindLabels,
  taskRangeLabels,
  taskRevealLabels,
  taskStatusLabels,
  taskTypeLabels,
  taskUserStatusLabels,
} from '../enums/task';
import { codedIssue } from '../errors';
import { taskFieldWords } from '../field-words';
import { zDateText, zDateTime, zEnum, zId, zIds, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { type FormMeta, field } from '../resource-meta';

const zMoment = zDateText('date-time');

// A course or an article a course or knowledge-base task asks the student to study: the item is
// done when the course is completed or the article read. The title is the server's, set on save.
export const zTaskItem = z.object({
  kind: zEnum(taskItemKindLabels),
  targetId: zId,
  title: zText(200),
});
export type TaskItem = z.infer<typeof zTaskItem>;

// A task: homework (a paper of type 6 done at home), or later a course or an article to study,
// given to grades, classes or students, between a start and a due time.
const taskFields = {
  name: zText(100),
  description: zOptionalText(2000),
  taskType: zEnum(taskTypeLabels).default(TaskType.Paper),
  rangeType: zEnum(taskRangeLabels).default(TaskRange.Class),
  // The targets of the range type (the others are emptied when saved).
  gradeYears: z.array(z.number().int().min(2000).max(2100)).max(20).default([]),
  teamIds: z.array(zId).max(200).default([]),
  studentIds: z.array(zId).max(5000).default([]),
  // The homework paper (type 6, published) of a paper task.
  paperId: zId.nullable().optional(),
  items: z.array(zTaskItem).max(50).default([]),
  startTime: zMoment,
  dueTime: zMoment,
  // Points needed to pass (null: 60 % of the paper's total).
  passScore: z.number().min(0).max(100_000).nullable().optional(),
  // Late work: taken until `lateUntil`, its score reduced by `latePenalty` per cent.
  lateAccepted: z.boolean().default(false),
  lateUntil: zMoment.nullable().optional(),
  latePenalty: z.number().int().min(0).max(100).default(0),
  // How many times a student may hand it in (a redo reopens their paper with their answers).
  attemptsAllowed: z.number().int().min(1).max(10).default(1),
  // With more than one: which hand-ins make the score (every hand-in is kept).
  scoreCounting: zEnum(attemptCountingLabels).default(AttemptCounting.Best),
  reveal: zEnum(taskRevealLabels).default(TaskReveal.AfterHandIn),
  // The marked paper with the keys, when the score is shown (as soon as it is marked only when the
  // homework is handed in once; otherwise after the cutoff, when nobody hands it in again).
  showKey: z.boolean().default(true),
  // A "check" button on objective questions while answering: right or wrong at once, and the
  // answer is final once checked.
  instantFeedback: z.boolean().default(false),
};
type TaskFields = z.output<z.ZodObject<typeof taskFields>>;

function checkTask(t: TaskFields, ctx: z.core.$RefinementCtx) {
  const issue = (path: string, code: Parameters<typeof codedIssue>[0]) =>
    ctx.addIssue({ code: 'custom', path: [path], ...codedIssue(code) });
  const start = Date.parse(t.startTime);
  const due = Date.parse(t.dueTime);
  if (due <= start) issue('dueTime', 'endBeforeStart');
  if (t.lateAccepted) {
    if (!t.lateUntil) issue('lateUntil', 'required');
    else if (Date.parse(t.lateUntil) <= due) issue('lateUntil', 'endBeforeStart');
  }
  if (t.rangeType === TaskRange.Grade && !t.gradeYears.length) issue('gradeYears', 'required');
  if (t.rangeType === TaskRange.Class && !t.teamIds.length) issue('teamIds', 'required');
  if (t.rangeType === TaskRange.Individual && !t.studentIds.length) issue('studentIds', 'required');
  if (t.taskType === TaskType.Paper && t.paperId == null) issue('paperId', 'required');
  if (t.taskType !== TaskType.Paper && !t.items.length) issue('items', 'required');
  // A student who saw the keys must not hand in again: keys at once only with one hand-in.
  if (t.showKey && t.reveal === TaskReveal.AfterHandIn && t.attemptsAllowed > 1)
    issue('showKey', 'keysBeforeLastHandIn');
}

// Only the targets of the range type count; the others are emptied (the server does it on save).
export function onlyRangeTargets<T extends Pick<TaskFields, 'rangeType' | 'gradeYears' | 'teamIds' | 'studentIds'>>(
  t: T,
): T {
  return {
    ...t,
    gradeYears: t.rangeType === TaskRange.Grade ? t.gradeYears : [],
    teamIds: t.rangeType === TaskRange.Class ? t.teamIds : [],
    studentIds: t.rangeType === TaskRange.Individual ? t.studentIds : [],
  };
}

export const zTaskCreate = z.object({ id: z.null().optional(), ...taskFields }).superRefine(checkTask);
export const zTaskUpdate = z.object({ id: zId, ...taskFields }).superRefine(checkTask);
export type TaskInput = z.input<typeof zTaskCreate>;

// Where a published task stands on the clock (derived when read).
export const TASK_PHASES = ['upcoming', 'open', 'late', 'closed'] as const;
export type TaskPhase = (typeof TASK_PHASES)[number];

export const zTaskCounts = z.object({
  students: z.number().int(),
  notStarted: z.number().int(),
  inProgress: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  // Handed in (or collected) with answers still waiting for a teacher.
  toMark: z.number().int(),
});
export type TaskCounts = z.infer<typeof zTaskCounts>;

export const zTask = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  description: z.string().nullable(),
  taskType: zEnum(taskTypeLabels),
  rangeType: zEnum(taskRangeLabels),
  gradeYears: z.array(z.number().int()),
  teamIds: z.array(zId),
  studentIds: z.array(zId),
  paperId: zId.nullable(),
  items: z.array(zTaskItem),
  startTime: zDateTime,
  dueTime: zDateTime,
  passScore: z.number().nullable(),
  lateAccepted: z.boolean(),
  lateUntil: zDateTime.nullable(),
  latePenalty: z.number().int(),
  attemptsAllowed: z.number().int(),
  scoreCounting: zEnum(attemptCountingLabels),
  reveal: zEnum(taskRevealLabels),
  showKey: z.boolean(),
  instantFeedback: z.boolean(),
  status: zEnum(taskStatusLabels),
  phase: z.enum(TASK_PHASES),
  // The exam the homework runs on (hidden from the exam screens): its marking is /task/taskPaperEdit.
  examId: zId.nullable(),
  counts: zTaskCounts,
  creatorId: zId.nullable(),
  publishTime: zDateTime.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type Task = z.infer<typeof zTask>;

export const zTaskFilter = z.object({
  id: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(taskStatusLabels).optional(),
  taskType: zEnum(taskTypeLabels).optional(),
  rangeType: zEnum(taskRangeLabels).optional(),
  phase: z.enum(TASK_PHASES).optional(),
  teamId: zId.optional(),
  paperId: zId.optional(),
});

export const taskMeta: FormMeta = {
  name: 'task',
  title: { en: 'Tasks', zh: '任务' },
  keyword: true,
  fields: [
    field('name', taskFieldWords.name, 'text', { required: true, sortable: true }),
    field('taskType', taskFieldWords.taskType, 'enum', { enum: taskTypeLabels, filter: true, width: 130 }),
    field('rangeType', taskFieldWords.rangeType, 'enum', { enum: taskRangeLabels, filter: true, width: 120 }),
    field('paperId', taskFieldWords.paperId, 'ref', { ref: { resource: 'examPaper', remote: true } }),
    field('startTime', taskFieldWords.startTime, 'datetime', { required: true, sortable: true, width: 160 }),
    field('dueTime', taskFieldWords.dueTime, 'datetime', { required: true, sortable: true, width: 160 }),
    field('passScore', taskFieldWords.passScore, 'number', { width: 100 }),
    field('status', taskFieldWords.status, 'enum', { enum: taskStatusLabels, form: false, filter: true, width: 110 }),
  ],
};

export const zPublishTaskRequest = z.object({});
export const zWithdrawTaskRequest = z.object({});
// Extend: a later due time (and late cutoff); open papers follow it.
export const zExtendTaskRequest = z.object({ dueTime: zMoment, lateUntil: zMoment.nullable().optional() });

// ---- the students of a task (POST /api/user/taskStudentList/{id}) ----

export const zTaskStudentRequest = zPlainPageRequest.extend({
  keyword: zOptionalText(64),
  status: zEnum(taskUserStatusLabels).optional(),
  teamId: zId.optional(),
  // Only those whose due time has passed without a hand-in, or whose work waits for marking.
  late: z.boolean().optional(),
  toMark: z.boolean().optional(),
});
export const zTaskStudent = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  teamName: z.string().nullable(),
  status: zEnum(taskUserStatusLabels),
  // The paper: 0 not opened, 3 answering, 4-8 ended (7 marked).
  paperStatus: zEnum(paperStatusLabels),
  attemptId: zId.nullable(),
  openedAt: zDateTime.nullable(),
  handedInAt: zDateTime.nullable(),
  late: z.boolean(),
  // The score after the late penalty; `rawScore` before it. Null until marked.
  score: z.number().nullable(),
  rawScore: z.number().nullable(),
  maxScore: z.number().nullable(),
  // Answers still waiting for a teacher.
  pending: z.number().int(),
  handIns: z.number().int(),
  // The scores of the hand-ins before the current one, oldest first (null: not marked then).
  earlierScores: z.array(z.number().nullable()),
  returnedCount: z.number().int(),
  returnNote: z.string().nullable(),
});
export type TaskStudent = z.infer<typeof zTaskStudent>;
export const zTaskStudentPage = zPage(zTaskStudent).extend({ counts: zTaskCounts });
export type TaskStudentPage = z.infer<typeof zTaskStudentPage>;

// Return handed-in work for a redo: the paper opens again with the student's answers, until
// `until` (default: the task's last hand-in time, or two days from now when that has passed).
export const zReturnTaskRequest = z.object({
  taskId: zId,
  userIds: zIds,
  note: zOptionalText(500),
  until: zMoment.nullable().optional(),
});

// ---- the student's side ----

export const zEarlierHandIn = z.object({
  no: z.number().int(),
  handedInAt: zDateTime.nullable(),
  late: z.boolean(),
  // Given back by the teacher rather than redone by the student.
  returned: z.boolean(),
  score: z.number().nullable(),
});
export type EarlierHandIn = z.infer<typeof zEarlierHandIn>;

export const MY_TASK_VIEWS = ['todo', 'done', 'all'] as const;
export const zMyTaskRequest = z.object({ view: z.enum(MY_TASK_VIEWS).default('all') });
export const zMyTask = z.object({
  id: zId,
  name: z.string(),
  description: z.string().nullable(),
  taskType: zEnum(taskTypeLabels),
  examId: zId.nullable(),
  // A course or knowledge-base task: what to study, and the positions of the items done.
  items: z.array(zTaskItem),
  itemsDone: z.array(z.number().int()),
  startTime: zDateTime,
  dueTime: zDateTime,
  lateUntil: zDateTime.nullable(),
  latePenalty: z.number().int(),
  phase: z.enum(TASK_PHASES),
  status: zEnum(taskUserStatusLabels),
  paperStatus: zEnum(paperStatusLabels),
  attemptId: zId.nullable(),
  handedInAt: zDateTime.nullable(),
  late: z.boolean(),
  // Shown by the task's rule; null while hidden or not marked.
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  passScore: z.number().nullable(),
  // Answers waiting for the teacher.
  pending: z.number().int(),
  reveal: zEnum(taskRevealLabels),
  scoreVisible: z.boolean(),
  handIns: z.number().int(),
  attemptsAllowed: z.number().int(),
  scoreCounting: zEnum(attemptCountingLabels),
  // Hand-ins before the current one, oldest first; a score only where the rule shows it.
  earlier: z.array(zEarlierHandIn),
  // Whether the student may open (start or continue) or redo it now.
  canOpen: z.boolean(),
  canRedo: z.boolean(),
  returnNote: z.string().nullable(),
  instantFeedback: z.boolean(),
});
export type MyTask = z.infer<typeof zMyTask>;
export const zMyTasks = z.object({ serverNow: z.number(), tasks: z.array(zMyTask) });
export type MyTasks = z.infer<typeof zMyTasks>;

// The homework rules the exam page follows for a homework paper (null for an exam).
export const zHomeworkRules = z.object({
  taskId: zId,
  taskName: z.string(),
  dueTime: zDateTime,
  lateUntil: zDateTime.nullable(),
  instantFeedback: z.boolean(),
  // Questions checked already (their answers are final).
  checked: z.array(z.object({ questionId: zId, correct: z.boolean(), score: z.number(), max: z.number() })),
  returnNote: z.string().nullable(),
});
export type HomeworkRules = z.infer<typeof zHomeworkRules>;

// Immediate feedback: one objective question of an open homework paper, scored now.
export const zCheckAnswerRequest = z.object({ attemptId: zId, questionId: zId });
export const zCheckAnswerResult = z.object({
  questionId: zId,
  correct: z.boolean(),
  score: z.number(),
  max: z.number(),
});
export type CheckAnswerResult = z.infer<typeof zCheckAnswerResult>;
