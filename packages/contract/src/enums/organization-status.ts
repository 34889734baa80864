import type { EnumLabel } from '../labels';

export const OrganizationStatus = { Enabled: 1, Disabled: 2 } as const;
export type OrganizationStatus = (typeof OrganizationStatus)[keyof typeof OrganizationStatus];
export const organizationStatusLabels = {
  1: { en: 'Enabled', zh: '启用', color: 'success' },
  2: { en: 'Disabled', zh: '禁用', color: 'error' },
} satisfies Record<OrganizationStatus, EnumLabel>;
