import { api, zLearnerRequest } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerFileReader } from '../../platform/file-readers';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { listExport } from '../export/list-sheet';
import { courseResource, LESSON_FILES, readsLessonFiles } from './course.resource';
import { assign, assignmentCourse, assignments, unassign } from './course-assign.service';
import { learnerLessons, learners, writeLearnersSheet } from './course-learners.service';
import { publishPreview } from './course-publish';

// Courses (staff): the resource (the draft), publishing, assignments, learners.
export function courseRoutes(app: FastifyInstance) {
  registerResource(app, courseResource);
  // Lesson files (videos, documents, article images): the course's staff and its learners.
  registerFileReader(LESSON_FILES, readsLessonFiles);
  const ep = api.course;
  const titled = (row: Record<string, unknown>) => ({ ids: [Number(row.id)], label: String(row.title) });

  defineEndpoint(app, ep.publishPreview, async ({ ctx, params }) =>
    publishPreview(ctx, await courseResource.loadForWrite(ctx.db, ctx, params.id)),
  );
  defineEndpoint(app, ep.assignments, async ({ ctx, params }) => {
    await courseResource.readable(ctx, params.id);
    return assignments(ctx, params.id);
  });
  defineEndpoint(app, ep.assign, async ({ ctx, body, req }) => {
    const course = await courseResource.loadForWrite(ctx.db, ctx, body.courseId);
    noteSubject(req, { ...titled(course), action: 'assignCourse' });
    return assign(ctx, course, body);
  });
  defineEndpoint(app, ep.unassign, async ({ ctx, params, req }) => {
    const course = await courseResource.loadForWrite(ctx.db, ctx, await assignmentCourse(ctx, params.id));
    noteSubject(req, titled(course));
    return unassign(ctx, course, params.id);
  });
  defineEndpoint(app, ep.learners, ({ ctx, body }) => learners(ctx, body));
  defineEndpoint(app, ep.learnerLessons, ({ ctx, body, req }) => learnerLessons(ctx, body, requestLang(req)));

  // The learners sheet as a background export.
  const startLearnersExport = listExport({
    name: 'courseLearner',
    title: { en: 'Course learners', zh: '课程学员' },
    access: ['course:export'],
    parse: (filter) => zLearnerRequest.omit({ courseId: true, pageIndex: true, pageSize: true }).parse(filter),
    write: writeLearnersSheet,
  });
  defineEndpoint(app, ep.learnersExport, async ({ ctx, params, body, req }) => {
    const course = await courseResource.readable(ctx, params.id);
    noteSubject(req, { label: String(course.title) });
    return { exportId: await startLearnersExport(ctx, params.id, body, requestLang(req)) };
  });
}
