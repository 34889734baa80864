import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { CourseStatus, courseStatusLabels } from '../enums/course';
import { zId, zIdParam } from '../fields';
import { type FormMeta, field } from '../resource-meta';
import {
  zArchiveCourseRequest,
  zAssignment,
  zAssignmentInput,
  zCourse,
  zCourseCreate,
  zCourseFilter,
  zCourseUpdate,
  zLearnerPage,
  zLearnerRequest,
  zLessonState,
  zPublishCourseRequest,
  zPublishPreview,
} from './course';
import {
  zCourseCatalog,
  zCourseCatalogRequest,
  zHeartbeat,
  zHeartbeatResult,
  zLearnCourse,
  zLessonProgressResult,
  zMarkDoneRequest,
  zMyCourseRequest,
  zMyCourses,
  zOpenLesson,
  zOpenLessonRequest,
} from './course-learn';
import { zExportStarted } from './export';

const tags = ['course'];
// A student's own learning (any member: each call reaches only the caller's enrolments).
const MINE = 'login' as const;

// The course list's columns and its Excel export (the editor is a screen of its own).
export const courseMeta: FormMeta = {
  name: 'course',
  title: { en: 'Courses', zh: '课程' },
  labelKey: 'title',
  keyword: true,
  fields: [
    field('code', ['Code', '课程编号'], 'text', { required: true, sortable: true, width: 120 }),
    field('title', ['Title', '课程名称'], 'text', { required: true, sortable: true }),
    field('categoryId', ['Category', '课程分类'], 'ref', { ref: { resource: 'courseCategory' }, filter: true }),
    field('required', ['Required', '必修'], 'boolean', { filter: true, width: 90 }),
    field('creditHours', ['Credit hours', '学时'], 'number', { sortable: true, width: 100 }),
    field('status', ['Status', '状态'], 'enum', { enum: courseStatusLabels, form: false, filter: true, width: 110 }),
    field('version', ['Version', '版本'], 'number', { form: false, width: 90 }),
    field('updateTime', ['Updated', '更新时间'], 'datetime', { form: false, sortable: true, width: 160 }),
  ],
};

// The course resource: CRUD of the draft (chapters and lessons as owned rows) at /api/course/*.
// Academic staff (course:all) reach every course; a teacher the ones they own or co-teach.
export const courseDecl = engineDecl({
  name: 'course',
  title: 'Course',
  schemas: { row: zCourse, create: zCourseCreate, update: zCourseUpdate, filter: zCourseFilter },
  access: {
    read: ['courseLearning:page'],
    create: ['course:create'],
    update: ['course:update'],
    remove: ['course:delete'],
    export: ['course:export'],
  },
  sheets: 'export',
});
export const courseVerbs = engineEndpoints(courseDecl);

export const courseActions = resourceActions('course', zCourse, {
  publish: {
    summary:
      'Publish the draft as the next version: students learn it from now on; their completions are kept by lesson',
    access: ['course:publish'],
    from: [CourseStatus.Draft, CourseStatus.Published],
    to: CourseStatus.Published,
    input: zPublishCourseRequest,
  },
  archive: {
    summary: 'Archive a course: learners keep their records and may still open it; nobody new joins',
    access: ['course:publish'],
    from: [CourseStatus.Published],
    to: CourseStatus.Archived,
    input: zArchiveCourseRequest,
  },
});

export const courseEndpoints = {
  publishPreview: endpoint({
    method: 'POST',
    path: '/api/course/publishPreview/:id',
    summary: "What publishing the draft would do to the learners' progress (lessons added, removed, progress moves)",
    tags,
    access: ['course:publish'],
    params: zIdParam,
    response: zPublishPreview,
  }),
  assignments: endpoint({
    method: 'POST',
    path: '/api/course/assignments/:id',
    summary: "A course's assignments: grades, classes, departments or students, required or elective, due",
    tags,
    access: ['courseLearning:page'],
    params: zIdParam,
    response: z.array(zAssignment),
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/course/assign',
    summary: 'Assign a course: its targets are enrolled now (or when the course is first published)',
    tags,
    access: ['course:update'],
    mutates: true,
    body: zAssignmentInput,
    response: zAssignment,
  }),
  unassign: endpoint({
    method: 'POST',
    path: '/api/course/unassign/:id',
    summary: 'Remove an assignment: its learners who never started leave the course; the others keep their records',
    tags,
    access: ['course:update'],
    mutates: true,
    params: zIdParam,
    response: z.object({ removed: z.number().int() }),
  }),
  learners: endpoint({
    method: 'POST',
    path: '/api/course/learners',
    summary: "A course's learners with their progress, and a summary for the chart",
    tags,
    access: ['courseLearning:page'],
    body: zLearnerRequest,
    response: zLearnerPage,
  }),
  learnerLessons: endpoint({
    method: 'POST',
    path: '/api/course/learnerLessons',
    summary: "One learner's lessons: done, in progress, what is missing",
    tags,
    access: ['courseLearning:page'],
    body: z.object({ courseId: zId, userId: zId }),
    response: z.array(zLessonState),
  }),
  learnersExport: endpoint({
    method: 'POST',
    path: '/api/course/learners/export/:id',
    summary: "Export a course's learners and their progress to Excel through the export list",
    tags,
    access: ['course:export'],
    mutates: true,
    params: zIdParam,
    body: zLearnerRequest.omit({ courseId: true, pageIndex: true, pageSize: true }),
    response: zExportStarted,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/course/my',
    summary: "The student's courses with progress: required, elective, completed; where they left off",
    tags,
    access: MINE,
    body: zMyCourseRequest,
    response: zMyCourses,
  }),
  catalog: endpoint({
    method: 'POST',
    path: '/api/course/catalog',
    summary: 'Published courses open for self-enrolment that the caller has not joined',
    tags,
    access: MINE,
    body: zCourseCatalogRequest,
    response: zCourseCatalog,
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/api/course/enrol/:id',
    summary: 'Join a published course open for self-enrolment (joining twice is one enrolment)',
    tags,
    access: MINE,
    mutates: true,
    params: zIdParam,
    response: z.object({ courseId: zId }),
  }),
  learn: endpoint({
    method: 'POST',
    path: '/api/course/learn/:id',
    summary: "The published course as the caller learns it: the outline, each lesson's state, where to resume",
    tags,
    access: MINE,
    params: zIdParam,
    response: zLearnCourse,
  }),
  openLesson: endpoint({
    method: 'POST',
    path: '/api/course/lesson/open',
    summary: 'Open a lesson: its content and the nonce for the first heartbeat (refused while locked)',
    tags,
    access: MINE,
    mutates: true,
    body: zOpenLessonRequest,
    response: zOpenLesson,
  }),
  heartbeat: endpoint({
    method: 'POST',
    path: '/api/course/heartbeat',
    summary: "A player's report of the range watched since the last one; counted only as fast as time allows",
    tags,
    access: MINE,
    mutates: true,
    body: zHeartbeat,
    response: zHeartbeatResult,
  }),
  markDone: endpoint({
    method: 'POST',
    path: '/api/course/lesson/done',
    summary: 'Mark a lesson done (or not done) where its rule lets the student say so',
    tags,
    access: MINE,
    mutates: true,
    body: zMarkDoneRequest,
    response: zLessonProgressResult,
  }),
};
