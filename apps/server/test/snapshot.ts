import { asc, eq } from 'drizzle-orm';
import { rolePermissions, roles } from '../src/modules/role/role.table';
import { userRoles, users } from '../src/modules/user/user.table';
import type { Db } from '../src/platform/db';

// Everything an organisation owns that the platform calls could change, as one comparable string.
export async function snapshotOrganization(db: Db, orgId: number): Promise<string> {
  const u = await db
    .select({
      id: users.id,
      userName: users.userName,
      realName: users.realName,
      passwordHash: users.passwordHash,
      status: users.status,
      sex: users.sex,
      phone: users.phone,
      email: users.email,
      avatar: users.avatar,
      departmentId: users.departmentId,
      userCategoryId: users.userCategoryId,
      verified: users.verified,
    })
    .from(users)
    .where(eq(users.organizationId, orgId))
    .orderBy(asc(users.id));
  const r = await db.select().from(roles).where(eq(roles.organizationId, orgId)).orderBy(asc(roles.id));
  const ur = await db
    .select()
    .from(userRoles)
    .where(eq(userRoles.organizationId, orgId))
    .orderBy(asc(userRoles.userId), asc(userRoles.roleId));
  const rp = await db
    .select()
    .from(rolePermissions)
    .where(eq(rolePermissions.organizationId, orgId))
    .orderBy(asc(rolePermissions.roleId), asc(rolePermissions.permissionId));
  return JSON.stringify({ u, r, ur, rp });
}
