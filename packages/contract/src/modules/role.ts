import { z } from 'zod';
import { permissionLevelLabels } from '../enums/permission-level';
import { roleKindLabels } from '../enums/role-kind';
import { zDateTime, zEnum, zId, zOptionalText, zText } from '../fields';
import { zPageRequest } from '../paging';
import { field, type ResourceMeta, sortField } from '../resource-meta';

export const zRole = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  kind: zEnum(roleKindLabels),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  code: z.string().nullable(),
  sort: z.number().int(),
  userCount: z.number().int(),
  permissionIds: z.array(zId),
  createTime: zDateTime,
  // Whether the caller may give this role to users (user:assignRole, within their own permissions).
  assignable: z.boolean().optional(),
});
export type Role = z.infer<typeof zRole>;

const roleFields = {
  name: zText(64),
  kind: zEnum(roleKindLabels),
  description: zOptionalText(500),
  sort: z.number().int().min(0).max(9999).default(100),
};
export const zRoleCreate = z.object({ id: z.null().optional(), ...roleFields });
export const zRoleUpdate = z.object({ id: zId, ...roleFields });
export type RoleCreate = z.input<typeof zRoleCreate>;
export type RoleUpdate = z.input<typeof zRoleUpdate>;

export const zRoleFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  kind: zEnum(roleKindLabels).optional(),
});
export const zRolePageRequest = zPageRequest.extend(zRoleFilter.shape);

export interface PermissionNode {
  id: number;
  parentId: number | null;
  level: 1 | 2 | 3;
  name: string;
  permission: string | null;
  title: string;
  titleZh: string;
  children: PermissionNode[];
}
export const zPermissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    id: zId,
    parentId: zId.nullable(),
    level: zEnum(permissionLevelLabels),
    name: z.string(),
    permission: z.string().nullable(),
    title: z.string(),
    titleZh: z.string(),
    children: z.array(zPermissionNode),
  }),
);

export const zRoleGrantRequest = z.object({ roleId: zId, permissionIds: z.array(zId).max(5000) });

// Gives a role to users, or takes it away ('remove'); a user keeps at least one role.
export const zRoleAssignRequest = z.object({
  roleId: zId,
  userIds: z.array(zId).min(1).max(1000),
  mode: z.enum(['add', 'remove']).default('add'),
});

// Roles as the generic screen sees them (the role screen adds the built-in tag and the permission grant).
export const roleMeta: ResourceMeta = {
  name: 'role',
  title: { en: 'Roles', zh: '角色' },
  permission: 'role',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true, width: 230 }),
    field('kind', ['Kind', '类型'], 'enum', { enum: roleKindLabels, required: true, filter: true, width: 140 }),
    field('description', ['Description', '说明'], 'textarea'),
    field('userCount', ['Users', '用户数'], 'number', { form: false, width: 90 }),
    // The role page sorts by this order itself; the column offers no sorting of its own.
    { ...sortField, width: 80, sortable: false },
    field('createTime', ['Created', '创建时间'], 'datetime', { form: false, width: 150 }),
  ],
};
