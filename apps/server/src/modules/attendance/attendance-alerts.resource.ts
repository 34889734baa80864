import { attendanceAlertRuleDecl, attendanceAlertRuleEntity } from '@lyceum/contract';
import { asc, count, inArray } from 'drizzle-orm';
import { createResource, fromDecl } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { attendanceAlertRules, attendanceAlerts } from './attendance.table';

// The early-warning rules (attendance:settings). A rule that has sent alerts stays (the alerts name
// it): switch it off instead.
export const attendanceAlertRuleResource = createResource({
  ...fromDecl(attendanceAlertRuleDecl),
  meta: attendanceAlertRuleEntity.meta,
  table: attendanceAlertRules,
  sort: {
    default: [asc(attendanceAlertRules.kind), asc(attendanceAlertRules.threshold), asc(attendanceAlertRules.id)],
    fields: { kind: attendanceAlertRules.kind, threshold: attendanceAlertRules.threshold },
  },
  usedBy: [
    {
      label: 'attendance alerts sent',
      count: async (db, ctx, ids) => {
        const [row] = await db
          .select({ n: count() })
          .from(attendanceAlerts)
          .where(inOrg(attendanceAlerts, ctx.orgId, [inArray(attendanceAlerts.ruleId, ids)]));
        return Number(row?.n ?? 0);
      },
    },
  ],
});
