import { z } from 'zod';
import {
  CompletionRule,
  CourseRange,
  completionRuleLabels,
  courseRangeLabels,
  courseStatusLabels,
  enrolmentSourceLabels,
  LessonType,
  learnerStatusLabels,
  lessonTypeLabels,
  priceKindLabels,
} from '../enums/course';
import { codedIssue, type ErrorKey, type ParamsArg } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zOptionalLink, zOptionalText, zText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';

// Courses (issue 30): a course holds chapters, a chapter lessons. Editors change the rows (the draft);
// students learn the version last published (a snapshot), so an edit reaches them only when it is
// published, after its effect on their progress was previewed.

// A stable key the editor gives each chapter and lesson when it is made; prerequisites name keys,
// so a lesson can require one created in the same save (ids are given by the database).
export const zNodeKey = z.string().regex(/^[A-Za-z0-9_-]{4,36}$/, codedIssue('invalidFormat', { format: 'pattern' }));

export const zLessonInput = z.object({
  id: zId.nullable().optional(),
  key: zNodeKey,
  title: zText(200),
  lessonType: zEnum(lessonTypeLabels),
  // Video and document lessons: the uploaded file (/api/file/{id}).
  fileUrl: zOptionalLink(512),
  // Article lessons: rich text (sanitised on the server).
  body: z.string().max(200_000).default(''),
  // Quiz lessons: a published paper, taken on the exam page in practice mode.
  paperId: zId.nullable().optional(),
  completionRule: zEnum(completionRuleLabels),
  // Per cent watched (Watched), or the score needed (QuizScore).
  threshold: z.number().min(0).max(100_000).nullable().optional(),
  // Keys of chapters or lessons of this course to finish first.
  requires: z.array(zNodeKey).max(20).default([]),
});
export type LessonInput = z.input<typeof zLessonInput>;

export const zChapterInput = z.object({
  id: zId.nullable().optional(),
  key: zNodeKey,
  title: zText(200),
  requires: z.array(zNodeKey).max(20).default([]),
  lessons: z.array(zLessonInput).max(200).default([]),
});
export type ChapterInput = z.input<typeof zChapterInput>;

// Which completion rules a lesson type takes.
export const RULES_BY_TYPE: Record<LessonType, readonly CompletionRule[]> = {
  [LessonType.Video]: [CompletionRule.Watched, CompletionRule.Viewed, CompletionRule.MarkedDone],
  [LessonType.Document]: [CompletionRule.Viewed, CompletionRule.MarkedDone],
  [LessonType.Article]: [CompletionRule.Viewed, CompletionRule.MarkedDone],
  [LessonType.Quiz]: [CompletionRule.QuizScore, CompletionRule.MarkedDone],
  [LessonType.Live]: [CompletionRule.Attended, CompletionRule.MarkedDone],
};

const courseFields = {
  code: zText(32).regex(/^[A-Za-z0-9_.-]+$/, codedIssue('invalidFormat', { format: 'pattern' })),
  title: zText(200),
  coverUrl: zOptionalLink(512),
  categoryId: zId.nullable().optional(),
  description: z.string().max(100_000).default(''),
  required: z.boolean().default(false),
  creditHours: z.number().min(0).max(1000).default(0),
  // Published elective courses students may join by themselves.
  selfEnrol: z.boolean().default(true),
  // Lessons open one after another (each after the one before it is complete).
  sequential: z.boolean().default(false),
  // Co-teachers: they change the course as the owner does.
  teacherIds: z.array(zId).max(20).default([]),
  priceKind: zEnum(priceKindLabels).nullable().optional(),
  // Points, or money in cents.
  price: z.number().int().min(0).max(100_000_000).nullable().optional(),
  chapters: z.array(zChapterInput).max(100).default([]),
};
type CourseFields = z.output<z.ZodObject<typeof courseFields>>;

function checkCourse(c: CourseFields, ctx: z.core.$RefinementCtx) {
  const issue = <K extends ErrorKey>(path: (string | number)[], key: K, ...params: ParamsArg<K>) =>
    ctx.addIssue({ code: 'custom', path, ...codedIssue(key, ...params) });
  if (c.price != null && c.priceKind == null) issue(['priceKind'], 'required');
  const keys = new Map<string, string>();
  const seen = (key: string, path: (string | number)[]) => {
    if (keys.has(key)) issue([...path, 'key'], 'duplicateKey');
    else keys.set(key, path.join('.'));
  };
  c.chapters.forEach((ch, i) => {
    seen(ch.key, ['chapters', i]);
    ch.lessons.forEach((l, j) => {
      seen(l.key, ['chapters', i, 'lessons', j]);
    });
  });
  c.chapters.forEach((ch, i) => {
    const at = ['chapters', i];
    ch.requires.forEach((k, r) => {
      if (k === ch.key) issue([...at, 'requires', r], 'selfPrerequisite');
      else if (!keys.has(k)) issue([...at, 'requires', r], 'unknownPrerequisite');
    });
    ch.lessons.forEach((l, j) => {
      const p = [...at, 'lessons', j];
      const type = lessonTypeLabels[l.lessonType].en.toLowerCase();
      if (!RULES_BY_TYPE[l.lessonType].includes(l.completionRule)) {
        issue([...p, 'completionRule'], 'lessonRule', {
          rule: completionRuleLabels[l.completionRule].en,
          type,
        });
      }
      if ((l.lessonType === LessonType.Video || l.lessonType === LessonType.Document) && !l.fileUrl)
        issue([...p, 'fileUrl'], 'required');
      if (l.lessonType === LessonType.Quiz && l.paperId == null) issue([...p, 'paperId'], 'required');
      if (l.completionRule === CompletionRule.Watched) {
        if (l.threshold == null) issue([...p, 'threshold'], 'required');
        else if (l.threshold < 1) issue([...p, 'threshold'], 'tooSmall', { min: 1 });
        else if (l.threshold > 100) issue([...p, 'threshold'], 'tooBig', { max: 100 });
      }
      if (l.completionRule === CompletionRule.QuizScore && l.threshold == null) issue([...p, 'threshold'], 'required');
      l.requires.forEach((k, r) => {
        if (k === l.key) issue([...p, 'requires', r], 'selfPrerequisite');
        else if (!keys.has(k)) issue([...p, 'requires', r], 'unknownPrerequisite');
      });
    });
  });
}

export const zCourseCreate = z.object({ id: z.null().optional(), ...courseFields }).superRefine(checkCourse);
export const zCourseUpdate = z.object({ id: zId, ...courseFields }).superRefine(checkCourse);
export type CourseInput = z.input<typeof zCourseCreate>;

export const zLesson = z.object({
  id: zId,
  key: z.string(),
  title: z.string(),
  lessonType: zEnum(lessonTypeLabels),
  fileUrl: z.string().nullable(),
  // Seconds, read from the video when it was uploaded (null: not a video, or unreadable).
  durationSeconds: z.number().nullable(),
  body: z.string(),
  paperId: zId.nullable(),
  completionRule: zEnum(completionRuleLabels),
  threshold: z.number().nullable(),
  requires: z.array(z.string()),
});
export type Lesson = z.infer<typeof zLesson>;
export const zChapter = z.object({
  id: zId,
  key: z.string(),
  title: z.string(),
  requires: z.array(z.string()),
  lessons: z.array(zLesson),
});
export type Chapter = z.infer<typeof zChapter>;

export const zCourseCounts = z.object({
  lessons: z.number().int(),
  learners: z.number().int(),
  completed: z.number().int(),
});

export const zCourse = z.object({
  id: zId,
  organizationId: zId,
  code: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  categoryId: zId.nullable(),
  description: z.string(),
  required: z.boolean(),
  creditHours: z.number(),
  selfEnrol: z.boolean(),
  sequential: z.boolean(),
  teacherIds: z.array(zId),
  priceKind: zEnum(priceKindLabels).nullable(),
  price: z.number().int().nullable(),
  status: zEnum(courseStatusLabels),
  // The version students learn (0: never published); `draftChanged` when the rows differ from it.
  version: z.number().int(),
  draftChanged: z.boolean(),
  ownerId: zId.nullable(),
  counts: zCourseCounts,
  // Only when one course is read.
  chapters: z.array(zChapter).optional(),
  publishTime: zDateTime.nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type Course = z.infer<typeof zCourse>;

export const zCourseFilter = z.object({
  id: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(courseStatusLabels).optional(),
  categoryId: zId.optional(),
  required: z.boolean().optional(),
  ownerId: zId.optional(),
});

export const zPublishCourseRequest = z.object({});
export const zArchiveCourseRequest = z.object({});

// ---- publishing a change: what it does to the learners' progress ----

export const zPublishPreview = z.object({
  // The version the publish will make.
  version: z.number().int(),
  added: z.array(z.object({ id: zId, title: z.string() })),
  removed: z.array(z.object({ id: zId, title: z.string() })),
  // Lessons whose completion rule or threshold changed (their completions are checked again).
  ruleChanged: z.array(z.object({ id: zId, title: z.string() })),
  learners: z.number().int(),
  // Learners grouped by their progress now and after the publish (only groups that move).
  moves: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  completedBefore: z.number().int(),
  completedAfter: z.number().int(),
});
export type PublishPreview = z.infer<typeof zPublishPreview>;

// ---- who takes a course ----

export const zAssignmentInput = z.object({
  courseId: zId,
  rangeType: zEnum(courseRangeLabels).default(CourseRange.Class),
  gradeYears: z.array(z.number().int().min(2000).max(2100)).max(20).default([]),
  teamIds: z.array(zId).max(200).default([]),
  // With every sub-department.
  departmentIds: z.array(zId).max(100).default([]),
  studentIds: z.array(zId).max(5000).default([]),
  required: z.boolean().default(true),
  dueTime: zDateText('date-time').nullable().optional(),
});
export type AssignmentInput = z.input<typeof zAssignmentInput>;
export const zAssignment = z.object({
  id: zId,
  courseId: zId,
  rangeType: zEnum(courseRangeLabels),
  gradeYears: z.array(z.number().int()),
  teamIds: z.array(zId),
  departmentIds: z.array(zId),
  studentIds: z.array(zId),
  // The targets' names, for the list.
  targets: z.array(z.string()),
  required: z.boolean(),
  dueTime: zDateTime.nullable(),
  // Students it reaches now.
  students: z.number().int(),
  createTime: zDateTime,
});
export type Assignment = z.infer<typeof zAssignment>;

// ---- the course's learners (staff) ----

export const zLearnerRequest = zPlainPageRequest.extend({
  courseId: zId,
  keyword: zOptionalText(64),
  status: zEnum(learnerStatusLabels).optional(),
  source: zEnum(enrolmentSourceLabels).optional(),
  teamId: zId.optional(),
});
export const zLearner = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  teamName: z.string().nullable(),
  source: zEnum(enrolmentSourceLabels),
  required: z.boolean(),
  dueTime: zDateTime.nullable(),
  status: zEnum(learnerStatusLabels),
  // Per cent of the published version's lessons complete.
  progress: z.number(),
  lessonsDone: z.number().int(),
  lessons: z.number().int(),
  enrolledAt: zDateTime,
  lastStudyAt: zDateTime.nullable(),
  completedAt: zDateTime.nullable(),
});
export type Learner = z.infer<typeof zLearner>;
export const zLearnerSummary = z.object({
  learners: z.number().int(),
  notStarted: z.number().int(),
  inProgress: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  // How many learners have each lesson complete, in course order (for the chart).
  byLesson: z.array(z.object({ lessonId: zId, title: z.string(), done: z.number().int() })),
});
export type LearnerSummary = z.infer<typeof zLearnerSummary>;
export const zLearnerPage = zPage(zLearner).extend({ summary: zLearnerSummary });
export type LearnerPage = z.infer<typeof zLearnerPage>;

// One learner's lessons (staff, and the student's own "why isn't this complete?").
export const zLessonState = z.object({
  lessonId: zId,
  status: zEnum(learnerStatusLabels),
  // A video's share watched (its rule may need less); other lessons 100 once complete, 0 before.
  percent: z.number(),
  // What is still missing, in words the screen shows ("watch 35 % more", "score 6 of 8 needed").
  missing: z.string().nullable(),
  locked: z.boolean(),
  // The chapters or lessons to finish first (titles), when locked.
  lockedBy: z.array(z.string()),
  completedAt: zDateTime.nullable(),
  // Where the video was left (seconds).
  position: z.number(),
  quizScore: z.number().nullable(),
});
export type LessonState = z.infer<typeof zLessonState>;
