import type { FastifyInstance } from 'fastify';

// The committed OpenAPI document (apps/server/openapi.json) is this text; a test fails when it is stale.
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}
