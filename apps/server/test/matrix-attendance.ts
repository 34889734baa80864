import type { Template } from './matrix-types';

// Attendance: statuses, sessions, taking, QR check-in, leave, statistics and alert rules (issue 31).
export const attendanceTemplates: Record<string, Template> = {};
