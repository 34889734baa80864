import { endpoint } from '../endpoint';
import { zDashboardSummary } from './dashboard';

// The home page's figures.
export const dashboardEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/dashboard/summary',
    summary: 'Home page figures: users by role, logins per day over 30 days, recent operations',
    description: 'Staff see their organisation; a student sees their own logins only.',
    tags: ['dashboard'],
    access: 'login',
    response: zDashboardSummary,
  }),
};
