import { z } from 'zod';
import { OrganizationStatus, organizationStatusLabels } from '../enums/organization-status';
import { zColor, zDateTime, zDomain, zEnum, zId, zOptionalLink, zOptionalText, zText } from '../fields';

// What anyone may see of an organisation before logging in: enough to draw its login page.
export const zOrganizationPublic = z.object({
  domain: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  icpNumber: z.string().nullable(),
  copyright: z.string().nullable(),
  themeColor: z.string(),
});
export type OrganizationPublic = z.infer<typeof zOrganizationPublic>;

export const zOrganization = zOrganizationPublic.extend({
  id: zId,
  status: zEnum(organizationStatusLabels),
  createTime: zDateTime,
});
export type Organization = z.infer<typeof zOrganization>;

export const zOrganizationCreate = z.object({
  domain: zDomain,
  name: zText(100),
  logo: zOptionalLink(512),
  icpNumber: zOptionalText(64),
  copyright: zOptionalText(200),
  themeColor: zColor.optional(),
  status: zEnum(organizationStatusLabels).default(OrganizationStatus.Enabled),
});
export type OrganizationCreate = z.input<typeof zOrganizationCreate>;

export const zDomainParam = z.object({ domain: z.string().min(1).max(64) });
