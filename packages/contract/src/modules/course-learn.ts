import { z } from 'zod';
import { enrolmentSourceLabels, learnerStatusLabels, lessonTypeLabels, priceKindLabels } from '../enums/course';
import { zDateTime, zEnum, zId, zOptionalText } from '../fields';
import { zPage, zPlainPageRequest } from '../paging';
import { zChapter, zLesson, zLessonState } from './course';

// Courses as a student learns them (issue 30): my courses, the catalogue, the player's outline,
// opening a lesson and its heartbeats.

// ---- the student's side ----

export const MY_COURSE_VIEWS = ['required', 'elective', 'completed', 'all'] as const;
export const zMyCourseRequest = z.object({ view: z.enum(MY_COURSE_VIEWS).default('all') });
export const zMyCourse = z.object({
  id: zId,
  code: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  categoryId: zId.nullable(),
  creditHours: z.number(),
  required: z.boolean(),
  source: zEnum(enrolmentSourceLabels),
  dueTime: zDateTime.nullable(),
  status: zEnum(learnerStatusLabels),
  progress: z.number(),
  lessonsDone: z.number().int(),
  lessons: z.number().int(),
  // Continue where they left off.
  lastLessonId: zId.nullable(),
  lastLessonTitle: z.string().nullable(),
  lastStudyAt: zDateTime.nullable(),
  // Lessons published since the student last opened the course.
  newLessons: z.number().int(),
});
export type MyCourse = z.infer<typeof zMyCourse>;
export const zMyCourses = z.object({ courses: z.array(zMyCourse) });
export type MyCourses = z.infer<typeof zMyCourses>;

// Published courses open for self-enrolment that the student has not joined.
export const zCourseCatalogRequest = zPlainPageRequest.extend({
  keyword: zOptionalText(64),
  categoryId: zId.optional(),
});
export const zCatalogCourse = z.object({
  id: zId,
  code: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  categoryId: zId.nullable(),
  creditHours: z.number(),
  lessons: z.number().int(),
  description: z.string(),
  priceKind: zEnum(priceKindLabels).nullable(),
  price: z.number().int().nullable(),
  // Priced courses (issue 33): money in minor units of this currency (null: free or points).
  currency: z.string().nullable(),
  // The caller is enrolled (a priced course stays listed once bought: it opens from here).
  owned: z.boolean(),
  // Priced, not owned, and in no order of the caller awaiting payment: "Buy".
  buyable: z.boolean(),
  // The caller's order awaiting payment that holds it ("Pay" instead of "Buy").
  awaitingOrderId: zId.nullable(),
});
export const zCourseCatalog = zPage(zCatalogCourse);

// The published version as one student sees it: the outline with each lesson's state.
export const zLearnLesson = zLesson.omit({ body: true, fileUrl: true, paperId: true }).extend({
  state: zLessonState,
  // Published after the student last opened the course.
  isNew: z.boolean(),
});
export const zLearnChapter = zChapter.omit({ lessons: true }).extend({
  lessons: z.array(zLearnLesson),
  locked: z.boolean(),
  lockedBy: z.array(z.string()),
});
export const zLearnCourse = z.object({
  id: zId,
  code: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  description: z.string(),
  creditHours: z.number(),
  required: z.boolean(),
  sequential: z.boolean(),
  version: z.number().int(),
  status: zEnum(learnerStatusLabels),
  progress: z.number(),
  dueTime: zDateTime.nullable(),
  chapters: z.array(zLearnChapter),
  resume: z.object({ lessonId: zId, position: z.number() }).nullable(),
  // Lessons no longer in the course whose completion the student had (kept, not counted).
  retired: z.array(z.object({ title: z.string() })),
});
export type LearnCourse = z.infer<typeof zLearnCourse>;

// Opening a lesson: its content, and the nonce the first heartbeat must carry.
export const zOpenLessonRequest = z.object({ lessonId: zId });
export const zOpenLesson = z.object({
  lessonId: zId,
  courseId: zId,
  title: z.string(),
  lessonType: zEnum(lessonTypeLabels),
  fileUrl: z.string().nullable(),
  contentType: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  body: z.string(),
  // Quiz lessons: the practice exam to take on the exam page.
  examId: zId.nullable(),
  nonce: z.string(),
  // How often the player reports, and the speed counted at most.
  heartbeatSeconds: z.number().int(),
  maxRate: z.number(),
  state: zLessonState,
  // Watched ranges [from, to] in seconds, merged.
  watched: z.array(z.tuple([z.number(), z.number()])),
});
export type OpenLesson = z.infer<typeof zOpenLesson>;

// A player's report: the range played since the last one, at what speed, whether the tab was hidden.
export const zHeartbeat = z.object({
  lessonId: zId,
  nonce: z.string().min(8).max(64),
  from: z.number().min(0).max(86_400),
  to: z.number().min(0).max(86_400),
  rate: z.number().min(0.1).max(16).default(1),
  hidden: z.boolean().default(false),
  // Where the player is now (for resuming), when not at `to`.
  position: z.number().min(0).max(86_400).optional(),
});
export type Heartbeat = z.infer<typeof zHeartbeat>;
export const zHeartbeatResult = z.object({
  nonce: z.string(),
  // Seconds of the range counted (0 when hidden or not counted).
  counted: z.number(),
  state: zLessonState,
  courseProgress: z.number(),
  courseStatus: zEnum(learnerStatusLabels),
});
export type HeartbeatResult = z.infer<typeof zHeartbeatResult>;

export const zMarkDoneRequest = z.object({ lessonId: zId, done: z.boolean().default(true) });
export const zLessonProgressResult = z.object({
  state: zLessonState,
  courseProgress: z.number(),
  courseStatus: zEnum(learnerStatusLabels),
});
export type LessonProgressResult = z.infer<typeof zLessonProgressResult>;
