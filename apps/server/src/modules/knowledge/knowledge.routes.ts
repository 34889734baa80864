import type { FastifyInstance } from 'fastify';

// The knowledge base: articles, versions, read receipts.
export function knowledgeRoutes(_app: FastifyInstance) {}
