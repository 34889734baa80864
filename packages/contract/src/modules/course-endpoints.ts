import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { CourseStatus } from '../enums/course';
import { zId, zIdParam } from '../fields';
import {
  zArchiveCourseRequest,
  zAssignment,
  zAssignmentInput,
  zCourse,
  zCourseCatalog,
  zCourseCatalogRequest,
  zCourseCreate,
  zCourseFilter,
  zCourseUpdate,
  zHeartbeat,
  zHeartbeatResult,
  zLearnCourse,
  zLearnerPage,
  zLearnerRequest,
  zLessonProgressResult,
  zLessonState,
  zMarkDoneRequest,
  zMyCourseRequest,
  zMyCourses,
  zOpenLesson,
  zOpenLessonRequest,
  zPublishCourseRequest,
  zPublishPreview,
} from './course';
import { zExportStarted } from './export';

const tags = ['course'];
// A student's own learning (any member: each call reaches only the caller's enrolments).
const MINE = 'login' as const;

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
