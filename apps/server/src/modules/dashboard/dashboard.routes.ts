import { zDashboardSummary } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/route';
import { dashboardSummary } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/api/dashboard/summary',
    summary: 'Home page figures: users by role, logins per day over 30 days, recent operations',
    description: 'Staff see their organisation; a student sees their own logins only.',
    tags: ['dashboard'],
    access: 'login',
    response: zDashboardSummary,
    handler: ({ ctx }) => dashboardSummary(ctx),
  });
}
