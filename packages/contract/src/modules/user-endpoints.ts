import { z } from 'zod';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { zIdParam } from '../fields';
import { Permission as P } from '../menu-catalogue';
import { zPage } from '../paging';
import { zResetPasswordRequest, zResetPasswordResponse, zRoleBrief } from './auth';
import { zTaskStudentPage, zTaskStudentRequest } from './task';
import {
  zCategoryStudentPageRequest,
  zChangeStatusRequest,
  zIdListRequest,
  zOrganizationIdRequest,
  zSelectByRoleRequest,
  zStudentListRequest,
  zTeacherNameQuery,
  zUser,
  zUserBrief,
  zUserCreate,
  zUserFilter,
  zUserNameQuery,
  zUserPageRequest,
  zUserUpdate,
} from './user';

const tags = ['user'];
// Look-ups that any staff screen needs (pickers, name search), but students do not.
const STAFF_LOOKUP = [P.userPage, P.teacherPage, P.studentPage] as const;

// The user area's calls beyond the resource verbs: status, passwords, the teacher and student
// pages, and the look-ups pickers use.
export const userEndpoints = {
  changeStatus: endpoint({
    method: 'POST',
    path: '/api/user/changeStatus/:id',
    summary: 'Enable or disable a user (toggles when status is omitted)',
    description: 'Disabling ends the user’s sessions at once.',
    tags,
    access: [P.userStatus],
    mutates: true,
    params: zIdParam,
    body: zChangeStatusRequest,
    response: zUser,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/user/resetPassword/:id',
    summary: "Reset a user's password",
    description: 'With no password given, a random one is generated and returned once. The user’s sessions end.',
    tags,
    access: [P.userResetPassword],
    mutates: true,
    params: zIdParam,
    body: zResetPasswordRequest,
    response: zResetPasswordResponse,
  }),
  teacherPage: endpoint({
    method: 'POST',
    path: '/api/user/teacher/page',
    summary: 'Page through teachers (users holding a teacher role)',
    tags,
    access: [P.teacherPage],
    body: zUserPageRequest,
    response: zPage(zUser),
  }),
  categoryStudentPage: endpoint({
    method: 'POST',
    path: '/api/user/categoryStudentPage',
    summary: 'Page through enabled students, optionally of one user category',
    tags,
    access: [P.studentPage],
    body: zCategoryStudentPageRequest,
    response: zPage(zUser),
  }),
  studentList: endpoint({
    method: 'POST',
    path: '/api/user/studentList',
    summary: 'List enabled students (brief), by keyword, user category or department',
    tags,
    access: [P.studentPage],
    body: zStudentListRequest,
    response: z.array(zUserBrief),
  }),
  taskStudentList: endpoint({
    method: 'POST',
    path: '/api/user/taskStudentList/:id',
    summary: "A task's students with their status, score and hand-ins, paged and filtered",
    tags,
    access: ['task:page'],
    params: zIdParam,
    body: zTaskStudentRequest,
    response: zTaskStudentPage,
  }),
  ofOrganization: endpoint({
    method: 'POST',
    path: '/api/user/select/organizationId',
    summary: "Brief records of every user in the caller's organisation",
    description: 'organizationId may be given; another organisation’s id gives "not found".',
    tags,
    access: STAFF_LOOKUP,
    body: zOrganizationIdRequest,
    response: z.array(zUserBrief),
  }),
  byUserName: endpoint({
    method: 'POST',
    path: '/api/user/selectByUserName',
    summary: 'Find users whose user name or real name contains the text',
    tags,
    access: STAFF_LOOKUP,
    body: zUserNameQuery,
    response: z.array(zUserBrief),
  }),
  byTeacherName: endpoint({
    method: 'POST',
    path: '/api/user/selectByTeacherName',
    summary: 'Find teachers whose user name or real name contains the text',
    tags,
    access: STAFF_LOOKUP,
    body: zTeacherNameQuery,
    response: z.array(zUserBrief),
  }),
  classTeachers: endpoint({
    method: 'POST',
    path: '/api/user/selectByUserName/classTeacher',
    summary: 'Find teachers who can be a class teacher, by user name or real name',
    description: 'Any enabled teacher can lead a class; the classes area will narrow this further.',
    tags,
    access: STAFF_LOOKUP,
    body: zUserNameQuery,
    response: z.array(zUserBrief),
  }),
  byIds: endpoint({
    method: 'POST',
    path: '/api/user/getUserByIdList',
    summary: 'Brief records of the given user ids (ids of other organisations are left out)',
    tags,
    access: STAFF_LOOKUP,
    body: zIdListRequest,
    response: z.array(zUserBrief),
  }),
  ofRole: endpoint({
    method: 'POST',
    path: '/api/user/select/role',
    summary: 'Users holding a role',
    tags,
    access: [P.userPage, P.rolePage],
    body: zSelectByRoleRequest,
    response: z.array(zUserBrief),
  }),
  rolesOfOrganization: endpoint({
    method: 'POST',
    path: '/api/user/roleListByOrganizationId/:id',
    summary: "The roles of the caller's organisation",
    description:
      'Another organisation’s id gives "not found". `assignable` tells whether the caller may give the role ' +
      '(it needs user:assignRole, and the role’s permissions must be within the caller’s own).',
    tags,
    access: [P.userPage, P.rolePage],
    params: zIdParam,
    response: z.array(zRoleBrief),
  }),
  findByUserName: endpoint({
    method: 'POST',
    path: '/api/user/findByUserName',
    summary: 'One user by exact user name (case-insensitive)',
    tags,
    access: STAFF_LOOKUP,
    body: z.object({ userName: z.string().trim().min(1).max(64) }),
    response: zUserBrief,
  }),
};

// The user resource: the engine's verbs, declared from the same object the server's resource is.
export const userDecl = engineDecl({
  name: 'user',
  title: 'User',
  schemas: { row: zUser, create: zUserCreate, update: zUserUpdate, filter: zUserFilter },
  access: {
    read: [P.userPage],
    create: [P.userCreate],
    update: [P.userUpdate],
    remove: [P.userDelete],
    export: [P.userExport],
    import: [P.userImport],
  },
  sheets: 'both',
});
export const userVerbs = engineEndpoints(userDecl);
