import type { FastifyInstance } from 'fastify';

// The committed OpenAPI document (apps/server/openapi.json) is this text; a test fails when it is stale.
// Written without indentation: indented it passed the 1 MiB a tracked file may have.
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger())}\n`;
}
