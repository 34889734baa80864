import {
  type DashboardSummary,
  Permission,
  PORTAL_LIST_LIMIT,
  type RoleKind,
  type StudentPortal,
} from '@lyceum/contract';
import { hasAny, type RequestContext } from '../../platform/context';
import { loginsPerDay } from '../auth/login-log.service';
import { portalExams } from '../exam/my-exam.service';
import { portalLive } from '../live-class/live-mine';
import { recentOperations } from '../log/log.service';
import { portalExamResults } from '../marking/my-scores.service';
import { portalMessages } from '../message/message.service';
import { rolesOfOrganization } from '../role/role.service';
import { portalHomework, portalHomeworkResults } from '../task/my-task.service';
import { teamsOf } from '../team/team.service';
import { activeSince, countUsers, departmentNameOf, userCountsByRole } from '../user/user.service';

// The staff home page (the route admits staff roles only).
export async function dashboardSummary(ctx: RequestContext): Promise<DashboardSummary> {
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
  };
}

// A student's home page (the route admits student roles only). The lists stay empty until their
// modules exist: each module adds one call here, through its own service, returning at most
// PORTAL_LIST_LIMIT items of the shape the contract declares (exam: candidate exams whose window
// has not closed; task: homework not handed in, and marked hand-ins; message: the newest
// messages; team: the student's classes; live class: coming and running live classes).
export async function studentPortal(ctx: RequestContext): Promise<StudentPortal> {
  return {
    department: await departmentNameOf(ctx, ctx.userId),
    classes: (await teamsOf(ctx, ctx.userId)).map(({ id, name }) => ({ id, name })),
    exams: await portalExams(ctx, PORTAL_LIST_LIMIT),
    homework: await portalHomework(ctx, PORTAL_LIST_LIMIT),
    results: await latestResults(ctx),
    messages: await portalMessages(ctx, PORTAL_LIST_LIMIT),
    live: await portalLive(ctx, PORTAL_LIST_LIMIT),
  };
}

// Exams whose score the student may see (the result's rule) and marked homework, newest first.
async function latestResults(ctx: RequestContext) {
  const [exams, homework] = await Promise.all([
    portalExamResults(ctx, PORTAL_LIST_LIMIT),
    portalHomeworkResults(ctx, PORTAL_LIST_LIMIT),
  ]);
  return [...exams, ...homework]
    .sort((a, b) => Date.parse(b.publishedTime) - Date.parse(a.publishedTime))
    .slice(0, PORTAL_LIST_LIMIT);
}
