import {
  Permission as P,
  RoleKind,
  zCategoryStudentPageRequest,
  zChangeStatusRequest,
  zIdListRequest,
  zIdParam,
  zOrganizationIdRequest,
  zPage,
  zResetPasswordRequest,
  zResetPasswordResponse,
  zRoleBrief,
  zSelectByRoleRequest,
  zStudentListRequest,
  zTeacherNameQuery,
  zUser,
  zUserBrief,
  zUserNameQuery,
  zUserPageRequest,
} from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { registerResource } from '../../platform/resource-routes';
import { defineRoute, type GuardedAccess } from '../../platform/route';
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

const tags = ['user'];
// Look-ups that any staff screen needs (pickers, name search), but students do not.
const STAFF_LOOKUP: GuardedAccess = [P.userPage, P.teacherPage, P.studentPage];
const zUserRow = zUser as z.ZodType;
type UserOut = z.input<typeof zUser>;
type PageOut = z.input<ReturnType<typeof zPage<typeof zUser>>>;

function sameOrganization(ctx: RequestContext, organizationId: number | undefined) {
  if (organizationId !== undefined && organizationId !== ctx.orgId) throw notFound('Organisation');
}

export function userRoutes(app: FastifyInstance) {
  registerResource(app, userResource);
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/changeStatus/:id',
    summary: 'Enable or disable a user (toggles when status is omitted)',
    description: 'Disabling ends the user’s sessions at once.',
    tags,
    access: [P.userStatus],
    mutates: true,
    params: zIdParam,
    body: zChangeStatusRequest,
    response: zUserRow,
    handler: ({ ctx, params, body }) => changeStatus(ctx, params.id, body.status) as Promise<UserOut>,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/resetPassword/:id',
    summary: "Reset a user's password",
    description: 'With no password given, a random one is generated and returned once. The user’s sessions end.',
    tags,
    access: [P.userResetPassword],
    mutates: true,
    params: zIdParam,
    body: zResetPasswordRequest,
    response: zResetPasswordResponse,
    handler: ({ ctx, params, body }) => resetPassword(ctx, params.id, body.password),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/teacher/page',
    summary: 'Page through teachers (users holding a teacher role)',
    tags,
    access: [P.teacherPage],
    body: zUserPageRequest,
    response: zPage(zUser),
    handler: ({ ctx, body }) => userResource.page(ctx, body, withRoleKind(RoleKind.Teacher)) as Promise<PageOut>,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/categoryStudentPage',
    summary: 'Page through enabled students, optionally of one user category',
    tags,
    access: [P.studentPage],
    body: zCategoryStudentPageRequest,
    response: zPage(zUser),
    handler: ({ ctx, body }) =>
      userResource.page(
        ctx,
        { pageIndex: body.pageIndex, pageSize: body.pageSize, sortField: body.sortField, sortOrder: body.sortOrder },
        studentFilter(body),
      ) as Promise<PageOut>,
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/studentList',
    summary: 'List enabled students (brief), by keyword, user category or department',
    tags,
    access: [P.studentPage],
    body: zStudentListRequest,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) => searchBrief(ctx, { extra: studentFilter(body), limit: body.limit }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/taskStudentList/:id',
    summary: 'Students assigned to a task',
    description: 'Tasks arrive with the homework area; until then every task id gives an empty list.',
    tags,
    access: [P.studentPage],
    params: zIdParam,
    response: z.array(zUserBrief),
    handler: async () => [],
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/select/organizationId',
    summary: "Brief records of every user in the caller's organisation",
    description: 'organizationId may be given; another organisation’s id gives "not found".',
    tags,
    access: STAFF_LOOKUP,
    body: zOrganizationIdRequest,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) => {
      sameOrganization(ctx, body.organizationId);
      return searchBrief(ctx, { limit: 5000 });
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/selectByUserName',
    summary: 'Find users whose user name or real name contains the text',
    tags,
    access: STAFF_LOOKUP,
    body: zUserNameQuery,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) => searchBrief(ctx, { keyword: body.userName, limit: body.limit }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/selectByTeacherName',
    summary: 'Find teachers whose user name or real name contains the text',
    tags,
    access: STAFF_LOOKUP,
    body: zTeacherNameQuery,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) =>
      searchBrief(ctx, { keyword: body.teacherName, kind: RoleKind.Teacher, limit: body.limit }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/selectByUserName/classTeacher',
    summary: 'Find teachers who can be a class teacher, by user name or real name',
    description: 'Any enabled teacher can lead a class; the classes area will narrow this further.',
    tags,
    access: STAFF_LOOKUP,
    body: zUserNameQuery,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) => searchBrief(ctx, { keyword: body.userName, kind: RoleKind.Teacher, limit: body.limit }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/getUserByIdList',
    summary: 'Brief records of the given user ids (ids of other organisations are left out)',
    tags,
    access: STAFF_LOOKUP,
    body: zIdListRequest,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) => searchBrief(ctx, { ids: body.ids, limit: body.ids.length }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/select/role',
    summary: 'Users holding a role',
    tags,
    access: [P.userPage, P.rolePage],
    body: zSelectByRoleRequest,
    response: z.array(zUserBrief),
    handler: ({ ctx, body }) =>
      searchBrief(ctx, { keyword: body.keyword, extra: withRole(ctx, body.roleId), limit: body.limit }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/roleListByOrganizationId/:id',
    summary: "The roles of the caller's organisation",
    description:
      'Another organisation’s id gives "not found". `assignable` tells whether the caller may give the role ' +
      '(it needs user:assignRole, and the role’s permissions must be within the caller’s own).',
    tags,
    access: [P.userPage, P.rolePage],
    params: zIdParam,
    response: z.array(zRoleBrief),
    handler: async ({ ctx, params }) => {
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
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/user/findByUserName',
    summary: 'One user by exact user name (case-insensitive)',
    tags,
    access: STAFF_LOOKUP,
    body: z.object({ userName: z.string().trim().min(1).max(64) }),
    response: zUserBrief,
    handler: ({ ctx, body }) => findUserByName(ctx, body.userName),
  });
}
