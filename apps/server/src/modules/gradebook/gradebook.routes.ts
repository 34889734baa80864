import { api, zGradebookKey } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../platform/resource-io';
import { defineEndpoint } from '../../platform/route';
import { listExport } from '../export/list-sheet';
import {
  checkGradebookKey,
  gradebook,
  gradeScale,
  myGrades,
  saveGradeScale,
  setupGradebook,
} from './gradebook.service';
import { gradebookSheet } from './gradebook-sheet';

// The gradebook and a student's grades (issue 36).
export function gradebookRoutes(app: FastifyInstance) {
  const g = api.gradebook;
  defineEndpoint(app, g.get, ({ ctx, body, req }) => gradebook(ctx, body, requestLang(req)));
  defineEndpoint(app, g.setup, ({ ctx, body, req }) => setupGradebook(ctx, body, requestLang(req)));
  defineEndpoint(app, g.scale, ({ ctx }) => gradeScale(ctx.db, ctx.orgId));
  defineEndpoint(app, g.saveScale, ({ ctx, body }) => saveGradeScale(ctx, body.bands));
  defineEndpoint(app, g.my, ({ ctx, body, req }) => myGrades(ctx, body.semesterId, requestLang(req)));

  const startExport = listExport({
    name: 'gradebook',
    title: { en: 'Gradebook', zh: '成绩册' },
    access: ['gradebook:export'],
    parse: (filter) => zGradebookKey.pick({ semesterId: true }).parse(filter),
    write: async (ctx, teamId, req, lang) =>
      gradebookSheet(await gradebook(ctx, { teamId, semesterId: req.semesterId }, lang), lang),
  });
  defineEndpoint(app, g.export, async ({ ctx, body, req }) => {
    await checkGradebookKey(ctx, body);
    return { exportId: await startExport(ctx, body.teamId, { semesterId: body.semesterId }, requestLang(req)) };
  });
}
