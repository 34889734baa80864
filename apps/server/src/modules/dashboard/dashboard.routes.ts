import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineEndpoint } from '../../platform/route';
import { dashboardSummary, studentPortal } from './dashboard.service';
import { staffWork } from './staff-work';

export function dashboardRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.dashboard.summary, ({ ctx }) => dashboardSummary(ctx));
  defineEndpoint(app, api.dashboard.student, ({ ctx }) => studentPortal(ctx));
  defineEndpoint(app, api.dashboard.work, ({ ctx, body }) => staffWork(ctx, body));
}
