import { z } from 'zod';
import { roleKindLabels } from '../enums/role-kind';
import { zEnum, zId } from '../fields';
import { zOperationLog } from './log';

export const zDashboardSummary = z.object({
  userCount: z.number().int(),
  activeToday: z.number().int(),
  usersByRole: z.array(
    z.object({
      roleId: zId,
      name: z.string(),
      code: z.string().nullable(),
      kind: zEnum(roleKindLabels),
      count: z.number().int(),
    }),
  ),
  // One entry per day of the last 30 days (UTC), oldest first, days without logins included.
  loginsPerDay: z.array(z.object({ date: z.string(), success: z.number().int(), failed: z.number().int() })),
  recentOperations: z.array(zOperationLog),
  // Staff see the organisation; a student sees their own logins only.
  scope: z.enum(['organization', 'self']),
});
export type DashboardSummary = z.infer<typeof zDashboardSummary>;
