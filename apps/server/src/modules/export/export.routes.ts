import { zExportPageRequest, zExportRow, zIdParam, zPage } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineFileRoute, defineRoute } from '../../platform/route';
import { deleteExport, downloadExport, getExport, pageExports } from './export.service';

const tags = ['export'];
// The export list page of the menu catalogue (Logs › Export list). Every route answers for the
// caller's own exports only; another user's id is answered like a missing one.
const access = ['export:page'] as const;

export function exportRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/export/page',
    summary: 'My exports, newest first (expired ones are gone)',
    tags,
    access,
    body: zExportPageRequest,
    response: zPage(zExportRow),
    handler: ({ ctx, body }) => pageExports(ctx, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/export/select/:id',
    summary: 'One of my exports, with its status and progress',
    tags,
    access,
    params: zIdParam,
    response: zExportRow,
    handler: ({ ctx, params }) => getExport(ctx, params.id),
  });
  defineFileRoute(app, {
    method: 'GET',
    url: '/api/export/download/:id',
    summary: 'Download one of my finished exports (.xlsx)',
    tags,
    access,
    params: zIdParam,
    handler: ({ ctx, params }) => downloadExport(ctx, app.storage, params.id),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/export/delete/:id',
    summary: 'Delete one of my exports (a running one stops)',
    tags,
    access,
    mutates: true,
    params: zIdParam,
    response: z.object({ deleted: z.number().int() }),
    handler: async ({ ctx, params }) => {
      await deleteExport(ctx, app.storage, params.id);
      return { deleted: 1 };
    },
  });
}
