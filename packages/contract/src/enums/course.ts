import { defineEnum, type EnumValue } from '../labels';

// A course's life: written as a draft, published (students see the published version), archived
// (kept with its learners' records, closed to new enrolments).
export const { values: CourseStatus, labels: courseStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Published: [2, 'Published', '已发布', 'success'],
  Archived: [3, 'Archived', '已归档', 'warning'],
});
export type CourseStatus = EnumValue<typeof CourseStatus>;

export const { values: LessonType, labels: lessonTypeLabels } = defineEnum({
  Video: [1, 'Video', '视频'],
  Document: [2, 'Document', '文档'],
  Article: [3, 'Article', '图文'],
  Quiz: [4, 'Quiz', '测验'],
  Live: [5, 'Live class', '直播课'],
});
export type LessonType = EnumValue<typeof LessonType>;

// When a lesson counts as done. `threshold` is the per cent watched, or the quiz score needed.
export const { values: CompletionRule, labels: completionRuleLabels } = defineEnum({
  Viewed: [1, 'Opened', '打开即完成'],
  Watched: [2, 'Watched at least', '观看达到比例'],
  QuizScore: [3, 'Quiz score at least', '测验达到分数'],
  MarkedDone: [4, 'Marked done by the student', '学生标记完成'],
  Attended: [5, 'Attended', '出席'],
});
export type CompletionRule = EnumValue<typeof CompletionRule>;

// How a student came to a course (kept on the enrolment).
export const { values: EnrolmentSource, labels: enrolmentSourceLabels } = defineEnum({
  Assignment: [1, 'Assigned', '指派'],
  Self: [2, 'Self-enrolled', '自主选课'],
  Order: [3, 'Bought', '购买'],
  Task: [4, 'Task', '任务'],
});
export type EnrolmentSource = EnumValue<typeof EnrolmentSource>;

// Who a course is assigned to: the task range words, and departments (with their sub-departments).
export const { values: CourseRange, labels: courseRangeLabels } = defineEnum({
  Grade: [1, 'Grade', '年级'],
  Class: [2, 'Class', '班级'],
  Individual: [3, 'Individual students', '指定学生'],
  Department: [4, 'Department', '院系部门'],
});
export type CourseRange = EnumValue<typeof CourseRange>;

export const { values: PriceKind, labels: priceKindLabels } = defineEnum({
  Points: [1, 'Points', '积分'],
  Money: [2, 'Money', '金额'],
});
export type PriceKind = EnumValue<typeof PriceKind>;

// A learner's standing in a course (and in a lesson).
export const { values: LearnerStatus, labels: learnerStatusLabels } = defineEnum({
  NotStarted: [0, 'Not started', '未开始', 'default'],
  InProgress: [1, 'In progress', '学习中', 'processing'],
  Completed: [2, 'Completed', '已完成', 'success'],
});
export type LearnerStatus = EnumValue<typeof LearnerStatus>;

// What the progress log records (append-only; lesson and course progress are derived from it).
export const { values: ProgressEvent, labels: progressEventLabels } = defineEnum({
  Opened: [1, 'Opened', '打开'],
  Watched: [2, 'Watched', '观看'],
  MarkedDone: [3, 'Marked done', '标记完成'],
  Unmarked: [4, 'Unmarked', '取消完成'],
  QuizScored: [5, 'Quiz scored', '测验得分'],
  Attended: [6, 'Attended', '出席'],
});
export type ProgressEvent = EnumValue<typeof ProgressEvent>;

// A knowledge-base article's life: drafts are seen by their editors only.
export const { values: ArticleStatus, labels: articleStatusLabels } = defineEnum({
  Draft: [1, 'Draft', '草稿', 'default'],
  Published: [2, 'Published', '已发布', 'success'],
});
export type ArticleStatus = EnumValue<typeof ArticleStatus>;
