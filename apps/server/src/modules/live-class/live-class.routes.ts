import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { liveClassResource } from './live-class.resource';
import { myLiveClasses } from './live-mine';
import { liveProviderResource, testProvider } from './live-provider.resource';

// Live classes (issue 32): the servers and the live classes with their actions (publish, cancel,
// end), the server test, and a member's own list. Joining, callbacks and recordings are in
// live-session.routes.ts; the report, import and corrections in live-report.routes.ts.
export function liveClassRoutes(app: FastifyInstance) {
  registerResource(app, liveProviderResource);
  registerResource(app, liveClassResource);
  defineEndpoint(app, api.liveProvider.test, ({ ctx, params }) => testProvider(ctx, params.id));
  defineEndpoint(app, api.liveClass.mine, ({ ctx, body }) => myLiveClasses(ctx, body));
}
