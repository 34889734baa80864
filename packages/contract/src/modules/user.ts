import { z } from 'zod';
import { userSexLabels } from '../enums/user-sex';
import { UserStatus, userStatusLabels } from '../enums/user-status';
import { userVerifiedLabels } from '../enums/user-verified';
import { codedIssue } from '../errors';
import { zDateTime, zEmail, zEnum, zId, zIds, zOptionalLink, zPassword, zPhone, zText, zUserName } from '../fields';
import { zPageRequest } from '../paging';
import { field, type ResourceMeta } from '../resource-meta';
import { zRoleBrief } from './auth';

export const zUser = z.object({
  id: zId,
  organizationId: zId,
  userName: z.string(),
  realName: z.string(),
  sex: zEnum(userSexLabels).nullable(),
  status: zEnum(userStatusLabels),
  verified: zEnum(userVerifiedLabels),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  departmentId: zId.nullable(),
  userCategoryId: zId.nullable(),
  roleIds: z.array(zId),
  roles: z.array(zRoleBrief),
  createTime: zDateTime,
  lastActiveTime: zDateTime.nullable(),
  // Whether the caller may change this user (their permissions are within the caller's own).
  manageable: z.boolean().optional(),
});
export type User = z.infer<typeof zUser>;

// The short form used by pickers and look-ups.
export const zUserBrief = z.object({
  id: zId,
  userName: z.string(),
  realName: z.string(),
  avatar: z.string().nullable(),
});
export type UserBrief = z.infer<typeof zUserBrief>;

const userFields = {
  userName: zUserName,
  realName: zText(64),
  sex: zEnum(userSexLabels).nullable().optional(),
  status: zEnum(userStatusLabels).default(UserStatus.Enabled),
  verified: zEnum(userVerifiedLabels).default(0),
  phone: zPhone,
  email: zEmail,
  avatar: zOptionalLink(512),
  departmentId: zId.nullable().optional(),
  userCategoryId: zId.nullable().optional(),
  roleIds: z.array(zId).min(1, codedIssue('needsRole')).max(20),
};

// The web sends id null when creating, as the spec's form does.
export const zUserCreate = z.object({ id: z.null().optional(), ...userFields, password: zPassword });
export type UserCreate = z.input<typeof zUserCreate>;

export const zUserUpdate = z.object({ id: zId, ...userFields });
export type UserUpdate = z.input<typeof zUserUpdate>;

export const zUserFilter = z.object({
  userName: z.string().trim().max(64).optional(),
  realName: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(64).optional(),
  roleId: zId.optional(),
  status: zEnum(userStatusLabels).optional(),
  verified: zEnum(userVerifiedLabels).optional(),
  departmentId: zId.optional(),
  userCategoryId: zId.optional(),
});
export type UserFilter = z.infer<typeof zUserFilter>;
export const zUserPageRequest = zPageRequest.extend(zUserFilter.shape);
export type UserPageRequest = z.input<typeof zUserPageRequest>;

export const zUserListRequest = zUserFilter.extend({ limit: z.number().int().min(1).max(1000).default(200) });

export const zChangeStatusRequest = z.object({ status: zEnum(userStatusLabels).optional() });
export const zUserNameQuery = z.object({
  userName: z.string().trim().max(64).default(''),
  limit: z.number().int().min(1).max(100).default(20),
});
export const zTeacherNameQuery = z.object({
  teacherName: z.string().trim().max(64).default(''),
  limit: z.number().int().min(1).max(100).default(20),
});
export const zIdListRequest = z.object({ ids: zIds });
export const zSelectByRoleRequest = z.object({
  roleId: zId,
  keyword: z.string().trim().max(64).optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export const zStudentListRequest = z.object({
  keyword: z.string().trim().max(64).optional(),
  userCategoryId: zId.optional(),
  departmentId: zId.optional(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export const zCategoryStudentPageRequest = zPageRequest.extend({
  userCategoryId: zId.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const zOrganizationIdRequest = z.object({ organizationId: zId.optional() });

export const zProfileUpdate = z.object({
  realName: zText(64),
  sex: zEnum(userSexLabels).nullable().optional(),
  phone: zPhone,
  email: zEmail,
  avatar: zOptionalLink(512),
});
export type ProfileUpdate = z.input<typeof zProfileUpdate>;

// Users in spreadsheets: export leaves the password out; the import template asks for an initial one.
export const userMeta: ResourceMeta = {
  name: 'user',
  title: { en: 'Users', zh: '用户' },
  permission: 'user',
  labelKey: 'userName',
  keyword: true,
  fields: [
    field('userName', ['User name', '用户名'], 'text', { required: true, sortable: true }),
    field('realName', ['Real name', '姓名'], 'text', { required: true, sortable: true }),
    field('password', ['Initial password', '初始密码'], 'text', { required: true, importOnly: true, list: false }),
    field('roleIds', ['Roles', '角色'], 'refs', { required: true, ref: { resource: 'role' } }),
    field('sex', ['Sex', '性别'], 'enum', { enum: userSexLabels }),
    field('status', ['Status', '状态'], 'enum', { enum: userStatusLabels, filter: true }),
    field('verified', ['Verified', '认证'], 'enum', { enum: userVerifiedLabels }),
    field('phone', ['Phone', '电话'], 'text'),
    field('email', ['E-mail', '邮箱'], 'text'),
    field('departmentId', ['Department', '院系部门'], 'ref', { ref: { resource: 'department' }, filter: true }),
    field('userCategoryId', ['User category', '用户类别'], 'ref', { ref: { resource: 'userCategory' }, filter: true }),
  ],
};
