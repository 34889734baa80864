import type { PersonEventKind } from '@lyceum/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { personEvents } from './person-events.table';

export interface PersonEvent {
  // The person's account; null for an applicant who has none yet (then applicationId).
  userId: number | null;
  applicationId?: number | null;
  kind: PersonEventKind;
  refType: 'application' | 'studentRecord' | 'statusChange' | 'degreeAward' | 'trainingRegistration' | 'certificate';
  refId: number;
  detail?: Record<string, string | number | boolean | null>;
  actorId?: number | null;
}

// Appends one entry to a person's timeline; call it in the transaction that made the change.
export async function recordPersonEvent(db: DbOrTx, orgId: number, event: PersonEvent): Promise<void> {
  await db.insert(personEvents).values({
    organizationId: orgId,
    userId: event.userId,
    applicationId: event.applicationId ?? null,
    kind: event.kind,
    refType: event.refType,
    refId: event.refId,
    detail: event.detail ?? {},
    actorId: event.actorId ?? null,
  });
}

// An applicant's entries (made before they had an account) become their user's when they enrol.
export async function claimApplicantEvents(
  db: DbOrTx,
  orgId: number,
  applicationId: number,
  userId: number,
): Promise<void> {
  await db
    .update(personEvents)
    .set({ userId })
    .where(
      and(
        eq(personEvents.organizationId, orgId),
        eq(personEvents.applicationId, applicationId),
        isNull(personEvents.userId),
      ),
    );
}
