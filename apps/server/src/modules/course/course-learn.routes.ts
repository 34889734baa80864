import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint } from '../../platform/route';
import { registerAssignmentJob } from './course-assign.service';
import { registerDriftJob } from './course-drift';
import { heartbeat, markDone, openForLearner } from './course-heartbeat';
import { catalog, enrolSelf, learnCourse, lessonContent, myCourses } from './course-learn.service';
import { registerMediaStorage } from './lesson-media';

// Courses as students learn them: my courses, the catalogue, self-enrolment, lessons, heartbeats.
// Each route reaches only the caller's own enrolments.
export function courseLearnRoutes(app: FastifyInstance) {
  registerMediaStorage(app.db, app.storage);
  registerDriftJob(app.jobs, app.db);
  registerAssignmentJob(app.jobs, app.db);
  const ep = api.course;
  defineEndpoint(app, ep.my, async ({ ctx, body }) => myCourses(ctx, body));
  defineEndpoint(app, ep.catalog, async ({ ctx, body }) => catalog(ctx, body));
  defineEndpoint(app, ep.enrol, async ({ ctx, params }) => enrolSelf(ctx, params.id));
  defineEndpoint(app, ep.learn, async ({ ctx, params, req }) => learnCourse(ctx, params.id, requestLang(req)));
  defineEndpoint(app, ep.openLesson, async ({ ctx, body, req }) =>
    lessonContent(ctx, await openForLearner(ctx, body.lessonId), requestLang(req)),
  );
  defineEndpoint(app, ep.heartbeat, async ({ ctx, body, req }) => heartbeat(ctx, body, requestLang(req)));
  defineEndpoint(app, ep.markDone, async ({ ctx, body, req }) =>
    markDone(ctx, body.lessonId, body.done, requestLang(req)),
  );
}
