import { trainingProgrammeDecl, trainingProgrammeMeta } from '@lyceum/contract';
import { asc, count, inArray } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { certificateTemplates } from '../certificate/certificate.table';
import { trainingProgrammes, trainingSessions } from './training.table';

// Training programmes (read with training:page, written with training:programme): the hours that
// complete one, how long its certificate stays valid, the template it prints with, and whether
// registrations wait for approval. A programme with sessions is not deleted (they name it).

async function decorate(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => Number(r.id));
  const made = await ctx.db
    .select({ id: trainingSessions.programmeId, n: count() })
    .from(trainingSessions)
    .where(inOrg(trainingSessions, ctx.orgId, [inArray(trainingSessions.programmeId, ids)]))
    .groupBy(trainingSessions.programmeId);
  const sessions = new Map(made.map((m) => [Number(m.id), Number(m.n)]));
  return rows.map((r) => ({ ...r, sessions: sessions.get(Number(r.id)) ?? 0 }));
}

export const trainingProgrammeResource = createResource({
  ...fromDecl(trainingProgrammeDecl),
  meta: trainingProgrammeMeta,
  table: trainingProgrammes,
  search: [trainingProgrammes.name, trainingProgrammes.code],
  sort: {
    default: [asc(trainingProgrammes.name)],
    fields: { name: trainingProgrammes.name, code: trainingProgrammes.code, createTime: trainingProgrammes.createTime },
  },
  unique: [
    { fields: ['name'], label: 'Training programme' },
    { fields: ['code'], label: 'Training programme' },
  ],
  references: { certificateTemplateId: { table: certificateTemplates, label: 'certificate template' } },
  hooks: {
    values: (input) => ({ ...input, updateTime: clock.date() }) as Values,
    decorate,
  },
});
