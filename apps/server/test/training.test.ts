import {
  type CatalogueSession,
  type MyTraining,
  type Page,
  type RegistrationEvent,
  RegistrationStatus,
  type TrainingCentre,
  type TrainingRegistration,
  type TrainingSession,
  TrainingSessionStatus,
} from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates } from '../src/modules/certificate/certificate.table';
import { setClock } from '../src/platform/clock';
import { logins, userIds } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';
import { AFTER, call, END, makeCentre, makeProgramme, makeSession, NOW, START } from './training-fixture';
import { noticesOf } from './tuition-fixture';

// Training (issue 34) on one app: centres with venues and contacts, programmes, sessions and their
// moves, booking (booked, waitlisted, requested), cancelling with the waitlist moving up, approval
// and decline, capacity changes, outcomes and hours, a programme completed issuing its certificate,
// the member's catalogue and own registrations, the export, and who may do what.

const { Requested, Booked, Waitlisted, Declined, Cancelled, Attended, NoShow, HoursCredited } = RegistrationStatus;
type Booking = { registration: TrainingRegistration };

let t: TestApp;
let tok: Record<string, string>;
let id: Record<string, number>;
let centre: TrainingCentre;

beforeAll(async () => {
  t = await createTestApp();
  setClock(NOW);
  tok = await logins(t, ['academic', 'teacher', 'student', 's2026001', 's2026002', 's2026003']);
  id = await userIds(t, ['student', 's2026001', 's2026002', 's2026003', 'teacher']);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const as = <T>(who: string, url: string, body: unknown = {}) => call<T>(t, tok[who]!, url, body);
const bookAs = (who: string, sessionId: number, body: Record<string, unknown> = {}) =>
  as<Booking>(who, `/api/trainingSession/book/${sessionId}`, body);
const registrations = async (sessionId: number) =>
  ok(
    await as<Page<TrainingRegistration>>('academic', `/api/trainingSession/registrations/${sessionId}`, {
      pageIndex: 1,
      pageSize: 50,
    }),
  ).list;

describe('centres and programmes', () => {
  it('keep venues and contacts; bad input names the field; a teacher may not write', async () => {
    centre = await makeCentre(t, tok.academic!, { name: 'North Training Centre' });
    expect(centre.venues.map((v) => [v.name, v.capacity])).toEqual([
      ['Room A', 30],
      ['Room B', 12],
    ]);
    expect(centre.contacts[0]).toMatchObject({ name: 'Wendy Desk', email: 'desk@example.edu' });
    const bad = await as('academic', '/api/trainingCentre/create', {
      name: 'Bad',
      code: 'BAD',
      contacts: [{ name: 'X', email: 'not-an-email' }],
    });
    refused(bad, 'invalidFormat', 'contacts.0.email');
    refused(await as('academic', '/api/trainingCentre/create', { name: 'north training centre', code: 'Z' }), 'unique');
    expect((await as('teacher', '/api/trainingCentre/create', { name: 'T', code: 'T' })).code).toBe(403);
    refused(
      await as('academic', '/api/trainingProgramme/create', { name: 'P0', code: 'P0', hoursRequired: 0 }),
      'tooSmall',
      'hoursRequired',
    );
  });
});

describe('sessions and bookings', () => {
  let programmeId: number;
  let session: TrainingSession;

  it('a session checks its times and venue, and books only once open', async () => {
    programmeId = (await makeProgramme(t, tok.academic!, { hoursRequired: 3 })).id;
    const other = await makeCentre(t, tok.academic!);
    const base = { programmeId, centreId: centre.id, title: 'X', startAt: START, endAt: END, capacity: 2, hours: 3 };
    refused(await as('academic', '/api/trainingSession/create', { ...base, endAt: START }), 'endBeforeStart', 'endAt');
    refused(
      await as('academic', '/api/trainingSession/create', { ...base, venueId: other.venues[0]!.id }),
      'noSuchReference',
      'venueId',
    );
    session = await makeSession(t, tok.academic!, programmeId, centre, {}, true);
    expect(session).toMatchObject({
      status: TrainingSessionStatus.Draft,
      seatsLeft: 2,
      programmeName: expect.any(String),
    });
    refused(await bookAs('student', session.id), 'trainingNotBookable', 'id');
    expect((await as('teacher', `/api/trainingSession/open/${session.id}`)).code).toBe(403);
    ok(await as('academic', `/api/trainingSession/open/${session.id}`));
  });

  it('books, refuses a second live registration, waitlists in order, and moves the waitlist up on a cancel', async () => {
    const mine = ok(await bookAs('student', session.id)).registration;
    expect(mine).toMatchObject({ status: Booked, position: null });
    refused(await bookAs('student', session.id), 'trainingAlreadyRegistered', 'userId');
    expect(ok(await bookAs('s2026001', session.id)).registration.status).toBe(Booked);
    const w1 = ok(await bookAs('s2026002', session.id)).registration;
    const w2 = ok(await bookAs('s2026003', session.id)).registration;
    expect([w1.status, w1.position, w2.status, w2.position]).toEqual([Waitlisted, 1, Waitlisted, 2]);
    const cat = ok(
      await as<Page<CatalogueSession>>('s2026003', '/api/trainingSession/catalogue', { pageIndex: 1, pageSize: 50 }),
    );
    expect(cat.list.find((s) => s.id === session.id)).toMatchObject({
      seatsLeft: 0,
      waitlisted: 2,
      myStatus: Waitlisted,
      myPosition: 2,
      bookable: false,
    });
    // Another member's registration is nobody else's business.
    expect((await as('s2026001', `/api/trainingRegistration/cancel/${mine.id}`)).code).not.toBe(1);
    expect((await as('s2026001', `/api/trainingRegistration/history/${mine.id}`)).code).not.toBe(1);
    ok(await as('student', `/api/trainingRegistration/cancel/${mine.id}`, { reason: 'Clash' }));
    const after = await registrations(session.id);
    expect(after.find((r) => r.id === w1.id)).toMatchObject({ status: Booked });
    expect(after.find((r) => r.id === w2.id)).toMatchObject({ status: Waitlisted, position: 1 });
    expect(await noticesOf(t, id.s2026002!, 'trainingPromoted')).toHaveLength(1);
    const history = ok(await as<RegistrationEvent[]>('s2026002', `/api/trainingRegistration/history/${w1.id}`));
    expect(history.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, Waitlisted],
      [Waitlisted, Booked],
    ]);
    // Booking again after a cancel is a new registration.
    expect(ok(await bookAs('student', session.id)).registration).toMatchObject({ status: Waitlisted, position: 2 });
  });

  it('capacity: never below the places booked; raised, the waitlist moves up', async () => {
    const body = { ...session, id: session.id, capacity: 1, venueId: session.venueId, trainerIds: [id.teacher] };
    refused(await as('academic', '/api/trainingSession/update', body), 'trainingCapacityBelow', 'capacity');
    const raised = ok(await as<TrainingSession>('academic', '/api/trainingSession/update', { ...body, capacity: 4 }));
    expect(raised).toMatchObject({ booked: 4, waitlisted: 0, seatsLeft: 0, trainerNames: [expect.any(String)] });
  });

  it('staff book others (training:register); a student may not book someone else', async () => {
    const s2 = await makeSession(t, tok.academic!, programmeId, centre);
    expect((await bookAs('student', s2.id, { userId: id.s2026001 })).code).toBe(403);
    const r = ok(await bookAs('academic', s2.id, { userId: id.s2026001 })).registration;
    expect(r).toMatchObject({ userId: id.s2026001, status: Booked });
    refused(await bookAs('academic', s2.id, { userId: 987_654 }), 'noSuchReference', 'userId');
  });

  it('outcomes only after the session; hours credited complete the programme and issue its certificate once', async () => {
    const list = await registrations(session.id);
    const booked = list.filter((r) => r.status === Booked);
    const items = booked.map((r, i) => ({ registrationId: r.id, outcome: i === 0 ? NoShow : Attended }));
    refused(
      await as('academic', '/api/trainingRegistration/outcomes', { sessionId: session.id, items }),
      'trainingNotOver',
      'sessionId',
    );
    setClock(AFTER);
    try {
      refused(
        await as('academic', '/api/trainingRegistration/outcomes', {
          sessionId: session.id,
          items: [{ registrationId: booked[1]!.id, outcome: RegistrationStatus.PartlyAttended }],
        }),
        'required',
        'items.0.hours',
      );
      expect((await as('teacher', '/api/trainingRegistration/outcomes', { sessionId: session.id, items })).code).toBe(
        403,
      );
      const done = ok(
        await as<{ recorded: number; certificates: number }>('academic', '/api/trainingRegistration/outcomes', {
          sessionId: session.id,
          items,
        }),
      );
      expect(done).toEqual({ recorded: booked.length, certificates: booked.length - 1 });
      const again = await as('academic', '/api/trainingRegistration/outcomes', {
        sessionId: session.id,
        items: items.slice(1),
      });
      refused(again, 'transition', 'status');
      const after = await registrations(session.id);
      expect(after.find((r) => r.id === booked[0]!.id)).toMatchObject({ status: NoShow, hoursCredited: null });
      expect(after.find((r) => r.id === booked[1]!.id)).toMatchObject({ status: HoursCredited, hoursCredited: 3 });
      const holder = booked[1]!.userId;
      const certs = await t.database.db
        .select({ source: certificates.source, sourceId: certificates.sourceId })
        .from(certificates)
        .where(and(eq(certificates.holderId, holder), eq(certificates.source, 'programme')));
      expect(certs).toEqual([{ source: 'programme', sourceId: programmeId }]);
    } finally {
      setClock(NOW);
    }
  });

  it('the member reads their registrations with their history and programme progress', async () => {
    const my = ok(await as<MyTraining>('s2026002', '/api/trainingRegistration/my'));
    const reg = my.registrations.find((r) => r.sessionId === session.id)!;
    expect(reg.events.map((e) => e.toStatus)).toEqual([Waitlisted, Booked, Attended, HoursCredited]);
    expect(my.programmes.find((p) => p.programmeId === programmeId)).toMatchObject({
      hoursCredited: 3,
      completed: true,
    });
  });

  it('approval sessions: requested, then approved into a place or declined with a reason', async () => {
    const p = await makeProgramme(t, tok.academic!, { requiresApproval: true });
    const s = await makeSession(t, tok.academic!, p.id, centre, { capacity: 1 });
    const a = ok(await bookAs('s2026001', s.id)).registration;
    const b = ok(await bookAs('s2026002', s.id)).registration;
    expect([a.status, b.status]).toEqual([Requested, Requested]);
    expect((await as('teacher', `/api/trainingRegistration/approve/${a.id}`)).code).toBe(403);
    expect(ok(await as<TrainingRegistration>('academic', `/api/trainingRegistration/approve/${a.id}`)).status).toBe(
      Booked,
    );
    refused(await as('academic', `/api/trainingRegistration/approve/${a.id}`), 'transition', 'status');
    refused(await as('academic', `/api/trainingRegistration/decline/${b.id}`, {}), 'required', 'reason');
    const declined = ok(
      await as<TrainingRegistration>('academic', `/api/trainingRegistration/decline/${b.id}`, { reason: 'Full' }),
    );
    expect(declined.status).toBe(Declined);
    const history = ok(await as<RegistrationEvent[]>('academic', `/api/trainingRegistration/history/${a.id}`));
    expect(history.map((e) => e.toStatus)).toEqual([Requested, RegistrationStatus.Approved, Booked]);
  });

  it('a cancelled session cancels its registrations and tells each person; the export lists registrations', async () => {
    const s = await makeSession(t, tok.academic!, programmeId, centre);
    ok(await bookAs('s2026003', s.id));
    const before = (await noticesOf(t, id.s2026003!, 'trainingCancelled')).length;
    ok(await as('academic', `/api/trainingSession/cancel/${s.id}`, { reason: 'Trainer ill' }));
    expect((await registrations(s.id)).map((r) => r.status)).toEqual([Cancelled]);
    expect(await noticesOf(t, id.s2026003!, 'trainingCancelled')).toHaveLength(before + 1);
    refused(await bookAs('s2026003', s.id), 'trainingNotBookable', 'id');
    const sheet = (await as<unknown[][]>('academic', '/api/trainingRegistration/export', { sessionId: session.id }))
      .response;
    expect(sheet.length).toBeGreaterThan(2);
    expect((await as('student', '/api/trainingRegistration/export', {})).code).toBe(403);
  });
});
