import {
  type APPLICATION_DECISIONS,
  ApplicationStatus,
  applicationActions,
  applicationStatusLabels,
  operationActionLabels,
} from '@lyceum/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import type { Values } from '../../platform/resource';
import { inOrg } from '../../platform/tenant-sql';
import { recordPersonEvent } from '../student-record/person-events';
import { admissionRounds, applicationEvents, applications } from './admission.table';

// The staff's steps of an application. Each appends to its history and the applicant's timeline in
// the transaction that changes it; accepting holds the round, so parallel acceptances cannot pass
// the quota together.

const { Accepted, Enrolled } = ApplicationStatus;
type StepName = keyof typeof applicationActions;
const DECIDING: readonly number[] = [Accepted, ApplicationStatus.Waitlisted, ApplicationStatus.Rejected];

export async function appendEvent(
  tx: DbOrTx,
  orgId: number,
  row: { id: number; status: number },
  to: number,
  actorId: number | null,
  note: string | null,
): Promise<void> {
  await tx.insert(applicationEvents).values({
    organizationId: orgId,
    applicationId: row.id,
    fromStatus: row.status,
    toStatus: to,
    actorId,
    note,
  });
  const [app] = await tx
    .select({ userId: applications.userId })
    .from(applications)
    .where(inOrg(applications, orgId, [eq(applications.id, row.id)]));
  await recordPersonEvent(tx, orgId, {
    userId: app?.userId ?? null,
    applicationId: row.id,
    kind: 'applicationStatus',
    refType: 'application',
    refId: row.id,
    detail: { from: row.status, to },
    actorId,
  });
}

// Places left in a round: the round is held until the transaction ends.
async function checkQuota(tx: DbOrTx, orgId: number, roundId: number, adding: number, field: string): Promise<void> {
  const [round] = await tx
    .select({ quota: admissionRounds.quota })
    .from(admissionRounds)
    .where(inOrg(admissionRounds, orgId, [eq(admissionRounds.id, roundId)]))
    .for('update');
  if (!round?.quota) return;
  const [taken] = await tx
    .select({ n: count() })
    .from(applications)
    .where(
      inOrg(applications, orgId, [
        eq(applications.roundId, roundId),
        inArray(applications.status, [Accepted, Enrolled]),
      ]),
    );
  if ((taken?.n ?? 0) + adding > round.quota) throw invalidParams(field, 'admissionQuotaFull', { quota: round.quota });
}

// What a step writes besides the status (the engine sets that and updateTime).
async function stepValues(
  tx: Tx | DbOrTx,
  ctx: RequestContext,
  row: { id: number; status: number; roundId: number },
  to: number,
  input: { note?: string | null; interviewAt?: string },
): Promise<Values> {
  if (to === Accepted) await checkQuota(tx, ctx.orgId, row.roundId, 1, 'status');
  await appendEvent(tx, ctx.orgId, row, to, ctx.userId, input.note ?? null);
  const values: Values = {};
  if (DECIDING.includes(to)) Object.assign(values, { decidedAt: clock.date(), decidedBy: ctx.userId });
  if (input.interviewAt) values.interviewAt = new Date(input.interviewAt);
  return values;
}

export function stepRun(name: StepName) {
  const to = applicationActions[name].action.to as number;
  return async (tx: Tx, row: Values, input: { note?: string | null; interviewAt?: string }, ctx: RequestContext) =>
    stepValues(tx, ctx, row as unknown as { id: number; status: number; roundId: number }, to, input);
}

const DECISION_STEP = {
  review: 'startReview',
  interview: 'interview',
  accept: 'accept',
  waitlist: 'waitlist',
  reject: 'reject',
} as const satisfies Record<(typeof APPLICATION_DECISIONS)[number], StepName>;

// Several at once, all or nothing: each named application must exist here and be in a state the
// decision starts from (refused naming ids.N), the quota is checked for the whole lot.
export async function decideMany(
  ctx: RequestContext,
  input: { ids: number[]; decision: (typeof APPLICATION_DECISIONS)[number]; note: string | null },
): Promise<number> {
  const step = applicationActions[DECISION_STEP[input.decision]].action;
  const to = step.to as number;
  const from = step.from as readonly number[];
  const ids = [...new Set(input.ids)];
  if (input.decision === 'interview')
    throw invalidParams('decision', 'notOneOf', { values: 'review, accept, waitlist, reject' });
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: applications.id, status: applications.status, roundId: applications.roundId })
      .from(applications)
      .where(inOrg(applications, ctx.orgId, [inArray(applications.id, ids)]))
      .orderBy(asc(applications.id))
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));
    input.ids.forEach((id, i) => {
      const r = found.get(id);
      if (!r) throw invalidParams(`ids.${i}`, 'noSuchReference', { entity: 'application', ids: String(id) });
      if (!from.includes(r.status)) {
        const state = applicationStatusLabels[r.status as ApplicationStatus];
        throw invalidParams(`ids.${i}`, 'transition', {
          action: input.decision,
          a: /^[aeiou]/i.test(state.en) ? 'an' : 'a',
          state: state.en.toLowerCase(),
          entity: 'application',
          actionZh: operationActionLabels[DECISION_STEP[input.decision]].zh,
          stateZh: state.zh,
        });
      }
    });
    if (to === Accepted) {
      const perRound = new Map<number, number>();
      for (const r of rows) perRound.set(r.roundId, (perRound.get(r.roundId) ?? 0) + 1);
      for (const [roundId, n] of perRound) await checkQuota(tx, ctx.orgId, roundId, n, 'ids');
    }
    const now = clock.date();
    for (const r of rows) {
      await appendEvent(tx, ctx.orgId, r, to, ctx.userId, input.note);
      await tx
        .update(applications)
        .set({
          status: to,
          updateTime: now,
          ...(DECIDING.includes(to) ? { decidedAt: now, decidedBy: ctx.userId } : {}),
        })
        .where(and(eq(applications.organizationId, ctx.orgId), eq(applications.id, r.id)));
    }
    return rows.length;
  });
}
