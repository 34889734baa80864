import { certificateTemplateDecl, certificateTemplateMeta } from '@lyceum/contract';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl } from '../../platform/resource';
import { allows } from '../../platform/route';
import { inOrg } from '../../platform/tenant-sql';
import { certificates, certificateTemplates } from './certificate.table';

// Certificate templates (issue 34): written with certificate:template, read by training staff; the
// logo and seal are files of the file service. A template certificates were printed with stays
// (their foreign key refuses the delete).

// The logo and seal are read by training staff and by anyone holding a certificate printed with
// the template (their print view shows them).
async function readsTemplateFiles(ctx: RequestContext, ids: number[]): Promise<boolean> {
  if (allows(ctx, certificateTemplateDecl.access.read)) return true;
  const [hit] = await ctx.db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      inOrg(certificates, ctx.orgId, [inArray(certificates.templateId, ids), eq(certificates.holderId, ctx.userId)]),
    )
    .limit(1);
  return Boolean(hit);
}

export const certificateTemplateResource = createResource({
  ...fromDecl(certificateTemplateDecl),
  meta: certificateTemplateMeta,
  table: certificateTemplates,
  files: ['logoUrls', 'sealUrls'],
  fileReaders: readsTemplateFiles,
  search: [certificateTemplates.name, certificateTemplates.heading],
  sort: {
    default: [asc(certificateTemplates.name), desc(certificateTemplates.id)],
    fields: { name: certificateTemplates.name, updateTime: certificateTemplates.updateTime },
  },
  unique: [{ fields: ['name'], label: 'name' }],
  usedBy: [
    {
      label: 'certificates',
      count: async (db, ctx, ids) => {
        const [row] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(certificates)
          .where(inOrg(certificates, ctx.orgId, [inArray(certificates.templateId, ids)]));
        return row?.n ?? 0;
      },
    },
  ],
  hooks: { values: (input) => ({ ...input, updateTime: clock.date() }) },
});
