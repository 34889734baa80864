import type { EnumLabel } from '../labels';

// Spec: task status. 0 (a draft, not yet given to anyone) is ours: the spec names only the two
// states a task has once students can see it.
export const TaskStatus = { Draft: 0, Published: 1, Withdrawn: 2 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];
export const taskStatusLabels = {
  0: { en: 'Draft', zh: '草稿', color: 'default' },
  1: { en: 'Published', zh: '已发布', color: 'success' },
  2: { en: 'Withdrawn', zh: '已撤回', color: 'warning' },
} satisfies Record<TaskStatus, EnumLabel>;

// Spec: per-user task status. It moves by itself: opened, then passed or failed once marked (or
// failed when the last hand-in time passes with nothing handed in).
export const TaskUserStatus = { NotStarted: 0, InProgress: 1, Passed: 2, Failed: 3 } as const;
export type TaskUserStatus = (typeof TaskUserStatus)[keyof typeof TaskUserStatus];
export const taskUserStatusLabels = {
  0: { en: 'Not started', zh: '未开始', color: 'default' },
  1: { en: 'In progress', zh: '进行中', color: 'processing' },
  2: { en: 'Passed', zh: '已通过', color: 'success' },
  3: { en: 'Failed', zh: '未通过', color: 'error' },
} satisfies Record<TaskUserStatus, EnumLabel>;

// Spec: task range, who a task is given to.
export const TaskRange = { Grade: 1, Class: 2, Individual: 3 } as const;
export type TaskRange = (typeof TaskRange)[keyof typeof TaskRange];
export const taskRangeLabels = {
  1: { en: 'Grade', zh: '年级' },
  2: { en: 'Class', zh: '班级' },
  3: { en: 'Individual students', zh: '指定学生' },
} satisfies Record<TaskRange, EnumLabel>;

// Spec: task type. A paper (homework) is built; a course or a knowledge-base article is modelled as
// a task item that completes when studied, and waits for those areas.
export const TaskType = { Paper: 1, Course: 2, KnowledgeBase: 3 } as const;
export type TaskType = (typeof TaskType)[keyof typeof TaskType];
export const taskTypeLabels = {
  1: { en: 'Homework paper', zh: '试卷作业' },
  2: { en: 'Course', zh: '课程学习' },
  3: { en: 'Knowledge base', zh: '知识库学习' },
} satisfies Record<TaskType, EnumLabel>;

// What a course or knowledge-base task asks to study.
export const TaskItemKind = { Course: 1, Article: 2 } as const;
export type TaskItemKind = (typeof TaskItemKind)[keyof typeof TaskItemKind];
export const taskItemKindLabels = {
  1: { en: 'Course', zh: '课程' },
  2: { en: 'Article', zh: '文章' },
} satisfies Record<TaskItemKind, EnumLabel>;

// When a student sees their score (and, if the task shows keys, the marked paper).
export const TaskReveal = { AfterHandIn: 1, AfterDue: 2, Never: 3 } as const;
export type TaskReveal = (typeof TaskReveal)[keyof typeof TaskReveal];
export const taskRevealLabels = {
  1: { en: 'As soon as it is marked', zh: '批改后立即显示' },
  2: { en: 'After the due time', zh: '截止后显示' },
  3: { en: 'Never', zh: '不显示' },
} satisfies Record<TaskReveal, EnumLabel>;

// Which sittings make the score of homework handed in, or an exam sat, more than once (each is kept).
export const AttemptCounting = { Best: 1, Last: 2, Average: 3 } as const;
export type AttemptCounting = (typeof AttemptCounting)[keyof typeof AttemptCounting];
export const attemptCountingLabels = {
  1: { en: 'Best counts', zh: '取最高一次' },
  2: { en: 'Last counts', zh: '取最后一次' },
  3: { en: 'Average counts', zh: '取各次平均' },
} satisfies Record<AttemptCounting, EnumLabel>;
