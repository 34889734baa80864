import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { examPaperResource } from './exam-paper.resource';
import { examPaperImportRoutes } from './exam-paper-import';
import { examPaperWordRoutes } from './exam-paper-word';
import { loadPaperContent } from './paper-content';
import { countMatching } from './paper-pool';

export function examPaperRoutes(app: FastifyInstance) {
  registerResource(app, examPaperResource);
  examPaperImportRoutes(app);
  defineEndpoint(app, api.examPaper.ruleCount, async ({ ctx, body }) => {
    const { paperId, ...criteria } = body;
    // The paper named must be one the caller reads (its own papers leave "the last N papers").
    if (paperId !== undefined) await examPaperResource.readable(ctx, paperId);
    return { count: await countMatching(ctx.db, ctx, criteria, paperId ?? null) };
  });

  defineEndpoint(app, api.examPaper.content, async ({ ctx, params }) => loadPaperContent(ctx, params.id));
  examPaperWordRoutes(app);
}
