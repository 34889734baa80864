import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { teamResource } from './team.resource';
import { teamMemberPage, teamsOf } from './team.service';

export function teamRoutes(app: FastifyInstance) {
  registerResource(app, teamResource);
  defineEndpoint(app, api.team.members, ({ ctx, params, body }) => teamMemberPage(ctx, params.id, body));
  defineEndpoint(app, api.team.mine, ({ ctx }) => teamsOf(ctx, ctx.userId));
}
