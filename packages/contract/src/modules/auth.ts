import { z } from 'zod';
import { roleKindLabels } from '../enums/role-kind';
import { userSexLabels } from '../enums/user-sex';
import { zEnum, zId, zPassword } from '../fields';
import { zOrganizationPublic } from './organization';

export const zLoginRequest = z.object({
  userName: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  domain: z.string().trim().toLowerCase().min(1).max(64),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

export const zLoginResponse = z.object({ userName: z.string(), realName: z.string(), token: z.string() });
export type LoginResponse = z.infer<typeof zLoginResponse>;

export const zSecretQuery = z.object({ secret: z.string().min(1).max(200) });

// A trusted system using an organisation API key names the staff user it hands off.
export const zHandoffRequest = z.object({ userName: z.string().trim().min(1).max(64).optional() });
export const zHandoffResponse = z.object({ secret: z.string(), expiresIn: z.number().int() });
export type HandoffResponse = z.infer<typeof zHandoffResponse>;

export const zMenuChild = z.object({
  path: z.string(),
  name: z.string(),
  component: z.string(),
  metaTitle: z.string(),
  metaTitleZh: z.string(),
  metaNoCache: z.boolean(),
  metaActiveMenu: z.string().nullable(),
  hidden: z.boolean(),
});
export const zMenuItem = z.object({
  path: z.string(),
  metaTitle: z.string(),
  metaTitleZh: z.string(),
  metaIcon: z.string(),
  children: z.array(zMenuChild),
});
export const zMenuResponse = z.object({
  permissionList: z.array(z.string()),
  routerItemVMList: z.array(zMenuItem),
});
export type MenuChild = z.infer<typeof zMenuChild>;
export type MenuItem = z.infer<typeof zMenuItem>;
export type MenuResponse = z.infer<typeof zMenuResponse>;

// `code` is set on the four built-in roles (admin, academic, teacher, student) so screens can translate their names.
export const zRoleBrief = z.object({
  id: zId,
  name: z.string(),
  kind: zEnum(roleKindLabels),
  code: z.string().nullable(),
  // In the organisation's role list: whether the caller may give this role to users.
  assignable: z.boolean().optional(),
});
export type RoleBrief = z.infer<typeof zRoleBrief>;

export const zCurrentUser = z.object({
  id: zId,
  userName: z.string(),
  realName: z.string(),
  avatar: z.string().nullable(),
  sex: zEnum(userSexLabels).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roles: z.array(zRoleBrief),
  activeRoleId: zId.nullable(),
  organization: zOrganizationPublic,
});
export type CurrentUser = z.infer<typeof zCurrentUser>;

export const zChangeRoleRequest = z.object({ roleId: zId });

export const zChangePasswordRequest = z.object({ oldPassword: z.string().min(1).max(128), newPassword: zPassword });
export const zResetPasswordRequest = z.object({ password: zPassword.optional() });
export const zResetPasswordResponse = z.object({ password: z.string().nullable() });
