import { DEFAULT_CURRENCY, type SystemConfig, type zSystemConfigRow } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { organizations } from '../../platform/organizations.table';
import { systemConfigs } from './system-config.table';

export async function getSystemConfig(ctx: RequestContext): Promise<z.input<typeof zSystemConfigRow>> {
  const [org] = await ctx.db.select().from(organizations).where(eq(organizations.id, ctx.orgId));
  const [cfg] = await ctx.db.select().from(systemConfigs).where(eq(systemConfigs.organizationId, ctx.orgId));
  return {
    name: org.name,
    logo: org.logo,
    icpNumber: org.icpNumber,
    copyright: org.copyright,
    themeColor: org.themeColor,
    cameraSource: (cfg?.cameraSource ?? 1) as 1 | 2,
    questionNumberMode: (cfg?.questionNumberMode ?? 1) as 1 | 2,
    loginNotice: cfg?.loginNotice ?? null,
  };
}

// The public fields go to the organisation (login page and shell show them at once); the rest to its settings row.
export async function saveSystemConfig(ctx: RequestContext, input: SystemConfig) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({
        name: input.name,
        logo: input.logo ?? null,
        icpNumber: input.icpNumber ?? null,
        copyright: input.copyright ?? null,
        themeColor: input.themeColor,
        updateTime: new Date(),
      })
      .where(eq(organizations.id, ctx.orgId));
    const settings = {
      cameraSource: input.cameraSource,
      questionNumberMode: input.questionNumberMode,
      loginNotice: input.loginNotice ?? null,
      updateTime: new Date(),
    };
    await tx
      .insert(systemConfigs)
      .values({ organizationId: ctx.orgId, ...settings })
      .onConflictDoUpdate({ target: systemConfigs.organizationId, set: settings });
  });
  return getSystemConfig(ctx);
}

// The organisation's currency (ISO 4217): course prices in money, invoices and payments are minor
// units of it (issue 33).
export async function orgCurrency(db: DbOrTx, orgId: number): Promise<string> {
  const [row] = await db
    .select({ currency: systemConfigs.currency })
    .from(systemConfigs)
    .where(eq(systemConfigs.organizationId, orgId));
  return row?.currency ?? DEFAULT_CURRENCY;
}
