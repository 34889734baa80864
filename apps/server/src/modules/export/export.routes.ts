import { api, zIdParam } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint, defineFileRoute } from '../../platform/route';
import { deleteExport, downloadExport, getExport, pageExports } from './export.service';

const ep = api.export;

// Every call answers for the caller's own exports only (see the contract's export-endpoints.ts).
export function exportRoutes(app: FastifyInstance) {
  defineEndpoint(app, ep.page, ({ ctx, body }) => pageExports(ctx, body));
  defineEndpoint(app, ep.select, ({ ctx, params }) => getExport(ctx, params.id));
  // Answers the file, not the envelope, so it is no endpoint of the contract.
  defineFileRoute(app, {
    method: 'GET',
    url: '/api/export/download/:id',
    summary: 'Download one of my finished exports (.xlsx)',
    tags: ['export'],
    access: ep.page.access,
    params: zIdParam,
    handler: ({ ctx, params }) => downloadExport(ctx, app.storage, params.id),
  });
  defineEndpoint(app, ep.remove, async ({ ctx, params }) => {
    await deleteExport(ctx, app.storage, params.id);
    return { deleted: 1 };
  });
}
