import { type DashboardSummary, isStaffKind, Permission, type RoleKind } from '@lyceum/contract';
import { hasAny, type RequestContext } from '../../platform/context';
import { loginsPerDay } from '../auth/login-log.service';
import { recentOperations } from '../log/log.service';
import { rolesOfOrganization } from '../role/role.service';
import { activeSince, countUsers, userCountsByRole } from '../user/user.service';

export async function dashboardSummary(ctx: RequestContext): Promise<DashboardSummary> {
  const staff = ctx.roleKind !== null && isStaffKind(ctx.roleKind);
  if (!staff) {
    return {
      userCount: 0,
      activeToday: 0,
      usersByRole: [],
      loginsPerDay: await loginsPerDay(ctx, 30, ctx.userId),
      recentOperations: [],
      scope: 'self',
    };
  }
  const roles = await rolesOfOrganization(ctx.db, ctx.orgId);
  const counts = await userCountsByRole(
    ctx,
    roles.map((r) => r.id),
  );
  const midnight = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  return {
    userCount: await countUsers(ctx),
    activeToday: await activeSince(ctx, midnight),
    usersByRole: roles.map((r) => ({
      roleId: r.id,
      name: r.name,
      code: r.code,
      kind: r.kind as RoleKind,
      count: counts.get(r.id) ?? 0,
    })),
    loginsPerDay: await loginsPerDay(ctx, 30),
    // Who did what is the operation log's to show: only its readers see the latest entries here.
    recentOperations: hasAny(ctx, [Permission.logPage]) ? await recentOperations(ctx, 10) : [],
    scope: 'organization',
  };
}
