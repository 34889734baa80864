import { type MyTraining, RegistrationStatus, type TrainingRegistration } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageReceipts, messages } from '../src/modules/message/message.table';
import { trainingRegistrationEvents } from '../src/modules/training/training.table';
import { setClock } from '../src/platform/clock';
import { createTestApp, ok, type TestApp } from './harness';
import { call, makeCentre, makeProgramme, makeSession, NOW, trainees } from './training-fixture';

// Training under races (issue 34), on PostgreSQL and on the embedded database: twenty bookings at
// once for the last three places of a session book exactly three and waitlist seventeen in the
// order they took the session (the session row held while the places are counted); a cancelled
// place goes to the first waitlisted, who is told; one request key booked twice at once, once.

const { Booked, Waitlisted, Cancelled } = RegistrationStatus;
let t: TestApp;
let academic: string;

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  academic = await t.login('demo', 'academic');
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

type Booking = { registration: TrainingRegistration };

describe('training races', () => {
  it('20 bookings at once for the last 3 places: 3 booked, 17 waitlisted in order; a cancel promotes the first', async () => {
    const centre = await makeCentre(t, academic);
    const programme = await makeProgramme(t, academic);
    const session = await makeSession(t, academic, programme.id, centre, { capacity: 5 });
    const early = await trainees(t, 2);
    for (const token of early.tokens)
      expect(ok(await call<Booking>(t, token, `/api/trainingSession/book/${session.id}`)).registration.status).toBe(
        Booked,
      );
    const crowd = await trainees(t, 20);
    const replies = await Promise.all(
      crowd.tokens.map((token) => call<Booking>(t, token, `/api/trainingSession/book/${session.id}`)),
    );
    const regs = replies.map((r) => ok(r).registration);
    expect(regs.filter((r) => r.status === Booked)).toHaveLength(3);
    const waiting = regs.filter((r) => r.status === Waitlisted);
    expect(waiting).toHaveLength(17);
    // Places 1-17, each once, in the order the bookings were made.
    expect(waiting.map((r) => r.position).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    const byOrder = [...waiting].sort((a, b) => a.id - b.id).map((r) => r.position);
    expect(byOrder).toEqual([...byOrder].sort((a, b) => a! - b!));

    const page = ok(
      await call<{ list: TrainingRegistration[]; total: number }>(
        t,
        academic,
        `/api/trainingSession/registrations/${session.id}`,
        { pageIndex: 1, pageSize: 50, status: Waitlisted },
      ),
    );
    expect(page.total).toBe(17);
    const first = page.list.find((r) => r.position === 1)!;

    // One booked member cancels: the first waitlisted takes the place and is told.
    const leaver = early.tokens[0]!;
    const mine = ok(await call<MyTraining>(t, leaver, '/api/trainingRegistration/my')).registrations;
    const cancelled = ok(
      await call<TrainingRegistration>(t, leaver, `/api/trainingRegistration/cancel/${mine[0]!.id}`),
    );
    expect(cancelled.status).toBe(Cancelled);
    const after = ok(
      await call<{ list: TrainingRegistration[] }>(t, academic, `/api/trainingSession/registrations/${session.id}`, {
        pageIndex: 1,
        pageSize: 50,
      }),
    ).list;
    expect(after.find((r) => r.id === first.id)).toMatchObject({ status: Booked, position: null });
    expect(after.filter((r) => r.status === Booked)).toHaveLength(5);
    expect(
      after
        .filter((r) => r.status === Waitlisted)
        .map((r) => r.position)
        .sort((a, b) => a! - b!),
    ).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const told = await t.database.db
      .select({ notice: messages.notice })
      .from(messageReceipts)
      .innerJoin(messages, eq(messages.id, messageReceipts.messageId))
      .where(and(eq(messageReceipts.userId, first.userId), eq(messages.notice, 'trainingPromoted')));
    expect(told).toHaveLength(1);
    const history = await t.database.db
      .select({ from: trainingRegistrationEvents.fromStatus, to: trainingRegistrationEvents.toStatus })
      .from(trainingRegistrationEvents)
      .where(eq(trainingRegistrationEvents.registrationId, first.id))
      .orderBy(trainingRegistrationEvents.id);
    expect(history).toEqual([
      { from: null, to: Waitlisted },
      { from: Waitlisted, to: Booked },
    ]);
  });

  it('one request key sent 5 times at once books once', async () => {
    const centre = await makeCentre(t, academic);
    const programme = await makeProgramme(t, academic);
    const session = await makeSession(t, academic, programme.id, centre);
    const [token] = (await trainees(t, 1)).tokens;
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<Booking>(t, token!, `/api/trainingSession/book/${session.id}`, { requestKey: 'race-key-0001' }),
      ),
    );
    expect(new Set(replies.map((r) => ok(r).registration.id)).size).toBe(1);
  });
});
