import {
  DEFAULT_THEME_COLOR,
  type OrganizationCreate,
  type OrganizationPublic,
  OrganizationStatus,
  zOrganizationCreate,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { businessError } from '../../platform/errors';
import { endOrganizationSessions } from '../auth/session.service';
import { createBuiltInRoles } from '../role/role.service';
import { apiKeys, organizations } from './organization.table';

type OrgRow = typeof organizations.$inferSelect;

export function toPublic(org: OrgRow): OrganizationPublic {
  return {
    domain: org.domain,
    name: org.name,
    logo: org.logo,
    icpNumber: org.icpNumber,
    copyright: org.copyright,
    themeColor: org.themeColor,
  };
}

export async function publicOrganization(db: Db, domain: string): Promise<OrganizationPublic> {
  const [org] = await db.select().from(organizations).where(eq(organizations.domain, domain.toLowerCase()));
  if (!org) throw businessError('organizationUnknown', { domain });
  if (org.status !== OrganizationStatus.Enabled) throw businessError('organizationDisabled', { name: org.name });
  return toPublic(org);
}

// Creates an organisation with its four built-in roles (administrator, academic staff, teacher, student).
export async function createOrganization(db: Db, input: OrganizationCreate) {
  const data = zOrganizationCreate.parse(input);
  const [clash] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.domain, data.domain));
  if (clash) throw businessError('organizationExists', { domain: data.domain });
  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ ...data, themeColor: data.themeColor ?? DEFAULT_THEME_COLOR })
      .returning();
    const roleIds = await createBuiltInRoles(tx, org.id);
    return { org, roleIds };
  });
}

export async function setOrganizationStatus(db: Db, domain: string, status: OrganizationStatus) {
  const [org] = await db
    .update(organizations)
    .set({ status, updateTime: new Date() })
    .where(eq(organizations.domain, domain))
    .returning();
  if (!org) throw businessError('organizationUnknown', { domain });
  // Disabling ends every session of the organisation at once.
  if (status === OrganizationStatus.Disabled) await endOrganizationSessions(db, org.id);
  return org;
}

export async function createApiKey(db: Db, domain: string, name: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.domain, domain));
  if (!org) throw businessError('organizationUnknown', { domain });
  const key = `lyk_${randomToken()}`;
  await db.insert(apiKeys).values({ organizationId: org.id, name, keyHash: sha256(key) });
  return key;
}

export async function listOrganizations(db: Db) {
  return db.select().from(organizations).orderBy(organizations.id);
}
