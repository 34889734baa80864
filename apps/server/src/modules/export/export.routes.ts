import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint, defineFileEndpoint } from '../../platform/route';
import { deleteExport, downloadExport, getExport, pageExports } from './export.service';

const ep = api.export;

// Every call answers for the caller's own exports only (see the contract's export-endpoints.ts).
export function exportRoutes(app: FastifyInstance) {
  defineEndpoint(app, ep.page, ({ ctx, body }) => pageExports(ctx, body));
  defineEndpoint(app, ep.select, ({ ctx, params }) => getExport(ctx, params.id));
  // Answers the file itself (a file endpoint of the contract).
  defineFileEndpoint(app, api.export.download, ({ ctx, params }) => downloadExport(ctx, app.storage, params.id));
  defineEndpoint(app, ep.remove, async ({ ctx, params }) => {
    await deleteExport(ctx, app.storage, params.id);
    return { deleted: 1 };
  });
}
