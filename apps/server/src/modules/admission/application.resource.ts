import { applicationActions, applicationDecl, applicationMeta } from '@lyceum/contract';
import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { createResource, fromDecl, implement, likePattern, type Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { users } from '../user/user.table';
import { admissionRounds, applications } from './admission.table';
import { stepRun } from './application-steps';

// Applications as staff see them (application:page; the export with application:export): made only
// by the public form, moved only by their steps (review, interview, accept, waitlist, reject,
// decline, withdraw), the bulk decision and the enrolment. The tracking code and the client's
// request key stay on the server.

async function decorate(rows: Values[], ctx: RequestContext): Promise<Values[]> {
  const roundIds = [...new Set(rows.map((r) => Number(r.roundId)))];
  if (!roundIds.length) return rows;
  const rounds = await ctx.db
    .select({ id: admissionRounds.id, name: admissionRounds.name })
    .from(admissionRounds)
    .where(inOrg(admissionRounds, ctx.orgId, [inArray(admissionRounds.id, roundIds)]));
  const name = new Map(rounds.map((r) => [r.id, r.name]));
  return rows.map((r) => ({ ...r, roundName: name.get(Number(r.roundId)) ?? '' }));
}

export const applicationResource = createResource({
  ...fromDecl(applicationDecl),
  meta: applicationMeta,
  table: applications,
  filters: {
    keyword: (value) => {
      const like = likePattern(value);
      return or(
        ilike(applications.realName, like),
        ilike(applications.phone, like),
        ilike(applications.idNumber, like),
      );
    },
    roundId: (value) => eq(applications.roundId, value),
    status: (value) => eq(applications.status, value),
    duplicates: (value) => (value ? sql`jsonb_array_length(${applications.duplicateOf}) > 0` : undefined),
  },
  sort: {
    default: [desc(applications.id)],
    fields: { submittedAt: applications.submittedAt, realName: applications.realName, status: applications.status },
  },
  references: {
    roundId: { table: admissionRounds, label: 'admission round' },
    decidedBy: { table: users, label: 'user', labelColumn: 'realName' },
    userId: { table: users, label: 'user', labelColumn: 'realName' },
  },
  omit: ['trackingCode', 'requestKey'],
  actions: {
    startReview: implement(applicationActions.startReview, stepRun('startReview')),
    interview: implement(applicationActions.interview, stepRun('interview')),
    accept: implement(applicationActions.accept, stepRun('accept')),
    waitlist: implement(applicationActions.waitlist, stepRun('waitlist')),
    reject: implement(applicationActions.reject, stepRun('reject')),
    declineOffer: implement(applicationActions.declineOffer, stepRun('declineOffer')),
    withdraw: implement(applicationActions.withdraw, stepRun('withdraw')),
  },
  hooks: { decorate },
});
