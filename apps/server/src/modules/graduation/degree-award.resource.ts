import { degreeAwardActions, degreeAwardDecl, degreeAwardMeta } from '@lyceum/contract';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl, implement, likePattern, type Values } from '../../platform/resource';
import { degrees } from '../education/education.table';
import { users } from '../user/user.table';
import { degreeAwards as da, graduationBatches } from './graduation.table';
import { revokeAward } from './graduation-confer';

// Degree awards (read with educational:page, exported with educational:export): made only by a
// batch's conferral, never edited or deleted; revoked with a reason (degree:revoke), which revokes
// the certificate issued with it, so its public verification says "revoked".

async function decorate(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  if (!rows.length) return rows;
  const ids = (k: string) => [...new Set(rows.map((r) => Number(r[k])))];
  const [people, names, batches] = await Promise.all([
    ctx.db
      .select({ id: users.id, realName: users.realName, userName: users.userName })
      .from(users)
      .where(and(eq(users.organizationId, ctx.orgId), inArray(users.id, ids('userId')))),
    ctx.db
      .select({ id: degrees.id, name: degrees.name })
      .from(degrees)
      .where(and(eq(degrees.organizationId, ctx.orgId), inArray(degrees.id, ids('degreeId')))),
    ctx.db
      .select({ id: graduationBatches.id, name: graduationBatches.name })
      .from(graduationBatches)
      .where(and(eq(graduationBatches.organizationId, ctx.orgId), inArray(graduationBatches.id, ids('batchId')))),
  ]);
  const person = new Map(people.map((p) => [Number(p.id), p]));
  const degree = new Map(names.map((d) => [Number(d.id), d.name]));
  const batch = new Map(batches.map((b) => [Number(b.id), b.name]));
  return rows.map((r) => ({
    ...r,
    realName: person.get(Number(r.userId))?.realName ?? '',
    userName: person.get(Number(r.userId))?.userName ?? '',
    degreeName: degree.get(Number(r.degreeId)) ?? '',
    batchName: batch.get(Number(r.batchId)) ?? '',
  }));
}

// The certificate number, or the student's name or user name.
function keyword(value: string, ctx: RequestContext) {
  const like = likePattern(value);
  const person = sql`exists (select 1 from ${users} u where u.organization_id = ${ctx.orgId}
    and u.id = ${da.userId} and (u.real_name ilike ${like} or u.user_name ilike ${like}))`;
  return or(ilike(da.certificateNo, like), person);
}

export const degreeAwardResource = createResource({
  ...fromDecl(degreeAwardDecl),
  meta: degreeAwardMeta,
  table: da,
  sort: {
    default: [desc(da.id)],
    fields: { certificateNo: da.certificateNo, awardedOn: da.awardedOn, createTime: da.createTime },
  },
  filters: { keyword },
  actions: {
    revokeAward: implement(degreeAwardActions.revokeAward, (tx, row, input, ctx) => revokeAward(tx, row, input, ctx)),
  },
  hooks: { decorate },
});
