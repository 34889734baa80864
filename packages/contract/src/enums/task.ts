import { defineEnum, type EnumValue } from '../labels';

// Spec: task status. 0 (a draft, not yet given to anyone) is ours: the spec names only the two
// states a task has once students can see it.
export const { values: TaskStatus, labels: taskStatusLabels } = defineEnum({
  Draft: [0, 'Draft', '草稿', 'default'],
  Published: [1, 'Published', '已发布', 'success'],
  Withdrawn: [2, 'Withdrawn', '已撤回', 'warning'],
});
export type TaskStatus = EnumValue<typeof TaskStatus>;

// Spec: per-user task status. It moves by itself: opened, then passed or failed once marked (or
// failed when the last hand-in time passes with nothing handed in).
export const { values: TaskUserStatus, labels: taskUserStatusLabels } = defineEnum({
  NotStarted: [0, 'Not started', '未开始', 'default'],
  InProgress: [1, 'In progress', '进行中', 'processing'],
  Passed: [2, 'Passed', '已通过', 'success'],
  Failed: [3, 'Failed', '未通过', 'error'],
});
export type TaskUserStatus = EnumValue<typeof TaskUserStatus>;

// Spec: task range, who a task is given to.
export const { values: TaskRange, labels: taskRangeLabels } = defineEnum({
  Grade: [1, 'Grade', '年级'],
  Class: [2, 'Class', '班级'],
  Individual: [3, 'Individual students', '指定学生'],
});
export type TaskRange = EnumValue<typeof TaskRange>;

// Spec: task type. A paper (homework) is built; a course or a knowledge-base article is modelled as
// a task item that completes when studied, and waits for those areas.
export const { values: TaskType, labels: taskTypeLabels } = defineEnum({
  Paper: [1, 'Homework paper', '试卷作业'],
  Course: [2, 'Course', '课程学习'],
  KnowledgeBase: [3, 'Knowledge base', '知识库学习'],
});
export type TaskType = EnumValue<typeof TaskType>;

// What a course or knowledge-base task asks to study.
export const { values: TaskItemKind, labels: taskItemKindLabels } = defineEnum({
  Course: [1, 'Course', '课程'],
  Article: [2, 'Article', '文章'],
});
export type TaskItemKind = EnumValue<typeof TaskItemKind>;

// When a student sees their score (and, if the task shows keys, the marked paper).
export const { values: TaskReveal, labels: taskRevealLabels } = defineEnum({
  AfterHandIn: [1, 'As soon as it is marked', '批改后立即显示'],
  AfterDue: [2, 'After the due time', '截止后显示'],
  Never: [3, 'Never', '不显示'],
});
export type TaskReveal = EnumValue<typeof TaskReveal>;

// Which sittings make the score of homework handed in, or an exam sat, more than once (each is kept).
export const { values: AttemptCounting, labels: attemptCountingLabels } = defineEnum({
  Best: [1, 'Best counts', '取最高一次'],
  Last: [2, 'Last counts', '取最后一次'],
  Average: [3, 'Average counts', '取各次平均'],
});
export type AttemptCounting = EnumValue<typeof AttemptCounting>;
