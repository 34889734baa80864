import { endpoint } from '../endpoint';
import { zDashboardSummary, zStaffWork, zStaffWorkRequest, zStudentPortal } from './dashboard';

// The home page: staff see the organisation's figures, a student their portal.
export const dashboardEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/api/dashboard/summary',
    summary: 'Home page figures: users by role, logins per day over 30 days, recent operations',
    description: 'The staff home page. Recent operations only for readers of the operation log.',
    tags: ['dashboard'],
    access: 'staff',
    response: zDashboardSummary,
  }),
  work: endpoint({
    method: 'POST',
    path: '/api/dashboard/work',
    summary: "A staff member's work: answers and homework to mark, today's exams with who has not started",
    description:
      'Each part only for the screens the role has (marking, homework, exams), within the rows the caller ' +
      'may see there: a teacher their own exams and homework, academic staff everyone’s.',
    tags: ['dashboard'],
    access: 'staff',
    body: zStaffWorkRequest,
    response: zStaffWork,
  }),
  student: endpoint({
    method: 'POST',
    path: '/api/dashboard/student',
    summary: "A student's home page: exams and homework due, latest results, messages",
    description:
      'Where the student belongs (department, classes) and four short lists, each the most pressing first. ' +
      'The exam, homework and message modules fill the lists as they land; until then they are empty.',
    tags: ['dashboard'],
    access: 'student',
    response: zStudentPortal,
  }),
};
