import { RegistrationStatus, TrainingSessionStatus, type zTrainingOutcomes } from '@lyceum/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { invalidParams } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { issueCertificate, validCertificateOf } from '../certificate/certificate.service';
import { trainingProgrammes, trainingRegistrations, trainingSessions } from './training.table';
import { holdSession, moveRegistration, registrationTransition } from './training-places';

// Outcomes after a session (no-show, partly attended, attended) and the hours they credit, in one
// transaction with the session held. Hours credited over a programme's sessions that reach its
// hours complete it: its certificate is issued through the certificate module in the same
// transaction (one valid certificate per person and programme, so recording again issues none).

const { Booked, NoShow, PartlyAttended, Attended, HoursCredited } = RegistrationStatus;
const RECORDABLE: readonly number[] = [Booked, NoShow, PartlyAttended, Attended];

type OutcomesInput = z.output<typeof zTrainingOutcomes>;

// Hours a person has had credited over a programme's sessions.
export async function creditedHours(db: DbOrTx, orgId: number, programmeId: number, userIds: number[]) {
  if (!userIds.length) return new Map<number, number>();
  const rows = await db
    .select({
      userId: trainingRegistrations.userId,
      hours: sql<number>`coalesce(sum(${trainingRegistrations.hoursCredited}), 0)`.mapWith(Number),
    })
    .from(trainingRegistrations)
    .innerJoin(
      trainingSessions,
      sameOrg(trainingSessions, trainingRegistrations, [eq(trainingSessions.id, trainingRegistrations.sessionId)]),
    )
    .where(
      inOrg(trainingRegistrations, orgId, [
        eq(trainingSessions.programmeId, programmeId),
        eq(trainingRegistrations.status, HoursCredited),
        inArray(trainingRegistrations.userId, userIds),
      ]),
    )
    .groupBy(trainingRegistrations.userId);
  return new Map(rows.map((r) => [Number(r.userId), r.hours]));
}

// Certificates for those whose credited hours now reach the programme's (answers how many).
async function certifyCompleted(tx: Tx, ctx: RequestContext, programmeId: number, userIds: number[]) {
  const [programme] = await tx
    .select()
    .from(trainingProgrammes)
    .where(inOrg(trainingProgrammes, ctx.orgId, [eq(trainingProgrammes.id, programmeId)]));
  if (!programme) return 0;
  const hours = await creditedHours(tx, ctx.orgId, programmeId, userIds);
  let issued = 0;
  for (const [holderId, total] of hours) {
    if (total < programme.hoursRequired) continue;
    const ref = { holderId, source: 'programme' as const, sourceId: programmeId };
    if (await validCertificateOf(tx, ctx.orgId, ref)) continue;
    await issueCertificate(
      tx,
      ctx.orgId,
      {
        holderId,
        source: 'programme',
        sourceId: programmeId,
        title: programme.name,
        what: `Completed the training programme ${programme.name} (${programme.code})`,
        hours: total,
        validMonths: programme.validityMonths,
        templateId: programme.certificateTemplateId,
      },
      ctx.userId,
    );
    issued++;
  }
  return issued;
}

export async function recordOutcomes(ctx: RequestContext, input: OutcomesInput) {
  return ctx.db.transaction(async (tx) => {
    const session = await holdSession(tx, ctx.orgId, input.sessionId);
    const over = session.status === TrainingSessionStatus.Finished || clock.date() >= session.endAt;
    if (!over || session.status === TrainingSessionStatus.Cancelled)
      throw invalidParams('sessionId', 'trainingNotOver');
    const ids = input.items.map((i) => i.registrationId);
    if (new Set(ids).size !== ids.length) throw invalidParams('items', 'duplicateItems');
    const regs = await tx
      .select()
      .from(trainingRegistrations)
      .where(
        and(
          inOrg(trainingRegistrations, ctx.orgId, [
            eq(trainingRegistrations.sessionId, session.id),
            inArray(trainingRegistrations.id, ids),
          ]),
        ),
      );
    const byId = new Map(regs.map((r) => [Number(r.id), r]));
    // Every item checked before anything is written.
    const plan = input.items.map((item, i) => {
      const reg = byId.get(item.registrationId);
      const at = `items.${i}`;
      if (!reg)
        throw invalidParams(`${at}.registrationId`, 'noSuchReference', {
          entity: 'registration of this session',
          ids: String(item.registrationId),
        });
      if (!RECORDABLE.includes(reg.status)) throw registrationTransition('outcomes', reg.status);
      const hours =
        item.outcome === NoShow ? 0 : (item.hours ?? (item.outcome === Attended ? session.hours : undefined));
      if (hours === undefined) throw invalidParams(`${at}.hours`, 'required');
      if (hours > session.hours) throw invalidParams(`${at}.hours`, 'trainingHoursAbove', { max: session.hours });
      return { reg, item, hours };
    });
    const credited: number[] = [];
    for (const { reg, item, hours } of plan) {
      let row = reg;
      if (reg.status !== item.outcome)
        row = await moveRegistration(tx, ctx.orgId, reg, item.outcome, ctx.userId, {
          note: item.note,
          hoursCredited: null,
          action: 'outcomes',
        });
      if (hours > 0) {
        await moveRegistration(tx, ctx.orgId, row, HoursCredited, ctx.userId, {
          note: `${hours} h`,
          hoursCredited: hours,
          action: 'outcomes',
        });
        credited.push(reg.userId);
      }
    }
    const certificates = await certifyCompleted(tx, ctx, session.programmeId, [...new Set(credited)]);
    return { recorded: plan.length, certificates };
  });
}
