import { userSexLabels, userStatusLabels, userVerifiedLabels } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import { index, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  at,
  enumCheck,
  keyedTable,
  keyId,
  ownedRefs,
  refId,
  stamps,
  tenantRefs,
  trigramIndex,
} from '../../platform/columns';
import { tenantTable } from '../../platform/organizations.table';
import { departments, userCategories } from '../department/department.table';
import { roles } from '../role/role.table';

export const users = tenantTable(
  'users',
  {
    userName: varchar('user_name', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    passwordHash: varchar('password_hash', { length: 255 }).notNull(),
    sex: smallint('sex'),
    status: smallint('status').notNull().default(1),
    verified: smallint('verified').notNull().default(0),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 254 }),
    avatar: varchar('avatar', { length: 512 }),
    departmentId: refId('department_id'),
    userCategoryId: refId('user_category_id'),
    ...stamps(),
    lastActiveTime: at('last_active_time'),
  },
  (t) => [
    // User names are unique per organisation regardless of case, so "Admin" cannot shadow "admin".
    uniqueIndex('users_user_name_uq').on(t.organizationId, sql`lower(${t.userName})`),
    index('users_real_name_ix').on(t.organizationId, t.realName),
    trigramIndex('users_user_name_trgm', t.userName),
    trigramIndex('users_real_name_trgm', t.realName),
    ...tenantRefs(t, [t.departmentId, departments], [t.userCategoryId, userCategories]),
    enumCheck('users_sex_ck', t.sex, userSexLabels),
    enumCheck('users_status_ck', t.status, userStatusLabels),
    enumCheck('users_verified_ck', t.verified, userVerifiedLabels),
  ],
);

// Which roles a user holds; part of the user's record, so the user module owns it.
export const userRoles = keyedTable(
  'user_roles',
  {
    userId: keyId('user_id'),
    roleId: keyId('role_id'),
  },
  (t) => [t.userId, t.roleId],
  (t) => ownedRefs('user_roles_role_ix', t, [t.userId, users], [t.roleId, roles]),
);
