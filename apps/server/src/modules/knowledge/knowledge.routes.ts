import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { knowledgeResource } from './knowledge.resource';
import { articleCategories, articleReceipts, articleVersions, readArticle } from './knowledge.service';

// The knowledge base: articles (the resource engine's verbs), versions, read receipts.
export function knowledgeRoutes(app: FastifyInstance) {
  registerResource(app, knowledgeResource);
  const ep = api.knowledge;
  defineEndpoint(app, ep.categories, ({ ctx }) => articleCategories(ctx));
  defineEndpoint(app, ep.versions, ({ ctx, params }) => articleVersions(ctx, params.id));
  defineEndpoint(app, ep.read, ({ ctx, params }) => readArticle(ctx, params.id));
  defineEndpoint(app, ep.receipts, ({ ctx, params, body }) => articleReceipts(ctx, params.id, body));
}
