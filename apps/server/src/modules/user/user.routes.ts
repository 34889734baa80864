import { api, RoleKind, type zPage, type zUser } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { assignableRoles } from '../role/privilege.service';
import { rolesOfOrganization } from '../role/role.service';
import {
  changeStatus,
  findUserByName,
  resetPassword,
  searchBrief,
  studentFilter,
  userResource,
  withRole,
  withRoleKind,
} from './user.service';

const ep = api.user;
type UserOut = z.input<typeof zUser>;
type PageOut = z.input<ReturnType<typeof zPage<typeof zUser>>>;

function sameOrganization(ctx: RequestContext, organizationId: number | undefined) {
  if (organizationId !== undefined && organizationId !== ctx.orgId) throw notFound('Organisation');
}

export function userRoutes(app: FastifyInstance) {
  registerResource(app, userResource);
  defineEndpoint(
    app,
    ep.changeStatus,
    ({ ctx, params, body }) => changeStatus(ctx, params.id, body.status) as Promise<UserOut>,
  );
  defineEndpoint(app, ep.resetPassword, ({ ctx, params, body }) => resetPassword(ctx, params.id, body.password));
  defineEndpoint(
    app,
    ep.teacherPage,
    ({ ctx, body }) => userResource.page(ctx, body, withRoleKind(RoleKind.Teacher)) as Promise<PageOut>,
  );
  defineEndpoint(
    app,
    ep.categoryStudentPage,
    ({ ctx, body }) =>
      userResource.page(
        ctx,
        { pageIndex: body.pageIndex, pageSize: body.pageSize, sortField: body.sortField, sortOrder: body.sortOrder },
        studentFilter(body),
      ) as Promise<PageOut>,
  );
  defineEndpoint(app, ep.studentList, ({ ctx, body }) =>
    searchBrief(ctx, { extra: studentFilter(body), limit: body.limit }),
  );
  defineEndpoint(app, ep.ofOrganization, ({ ctx, body }) => {
    sameOrganization(ctx, body.organizationId);
    return searchBrief(ctx, { limit: 5000 });
  });
  defineEndpoint(app, ep.byUserName, ({ ctx, body }) =>
    searchBrief(ctx, { keyword: body.userName, limit: body.limit }),
  );
  defineEndpoint(app, ep.byTeacherName, ({ ctx, body }) =>
    searchBrief(ctx, { keyword: body.teacherName, kind: RoleKind.Teacher, limit: body.limit }),
  );
  defineEndpoint(app, ep.classTeachers, ({ ctx, body }) =>
    searchBrief(ctx, { keyword: body.userName, kind: RoleKind.Teacher, limit: body.limit }),
  );
  defineEndpoint(app, ep.byIds, ({ ctx, body }) => searchBrief(ctx, { ids: body.ids, limit: body.ids.length }));
  defineEndpoint(app, ep.ofRole, ({ ctx, body }) =>
    searchBrief(ctx, { keyword: body.keyword, extra: withRole(ctx, body.roleId), limit: body.limit }),
  );
  defineEndpoint(app, ep.rolesOfOrganization, async ({ ctx, params }) => {
    sameOrganization(ctx, params.id);
    const roles = await rolesOfOrganization(ctx.db, ctx.orgId);
    const assignable = await assignableRoles(
      ctx,
      roles.map((r) => r.id),
    );
    return roles.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind as RoleKind,
      code: r.code,
      assignable: assignable.has(r.id),
    }));
  });
  defineEndpoint(app, ep.findByUserName, ({ ctx, body }) => findUserByName(ctx, body.userName));
}
