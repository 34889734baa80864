import type { Template } from './matrix-types';

// Attendance statistics: the untaken board, rates and trends, day roll-ups and alert rules (issue 31).
export const attendanceStatsTemplates: Record<string, Template> = {};
