import type { TrainingCentre, TrainingProgramme, TrainingSession } from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { roles } from '../src/modules/role/role.table';
import { userRoles, users } from '../src/modules/user/user.table';
import { ok, type Reply, type TestApp } from './harness';

// Training's test helpers (issue 34): a centre with a venue, a programme, a session opened for
// booking, and members of demo made to book (copies of the demo student, logged in).

let made = 0;
// Thursday 15 October 2026, 10:00 in Shanghai; the sessions run on the 20th, 09:00-12:00.
export const NOW = '2026-10-15T02:00:00Z';
export const START = '2026-10-20T01:00:00Z';
export const END = '2026-10-20T04:00:00Z';
export const AFTER = '2026-10-21T02:00:00Z';

export const call = <T>(t: TestApp, token: string, url: string, body: unknown = {}) =>
  t.call<T>('POST', url, { token, body }) as Promise<Reply<T>>;

export async function makeCentre(t: TestApp, token: string, o: Record<string, unknown> = {}) {
  made++;
  const body = {
    name: `Centre ${made}`,
    code: `C${made}`,
    address: '1 Training Road',
    contacts: [{ name: 'Wendy Desk', phone: '+86 21 5555 0100', email: 'desk@example.edu', role: 'Front desk' }],
    venues: [
      { name: 'Room A', capacity: 30 },
      { name: 'Room B', capacity: 12 },
    ],
    ...o,
  };
  return ok(await call<TrainingCentre>(t, token, '/api/trainingCentre/create', body));
}

export async function makeProgramme(t: TestApp, token: string, o: Record<string, unknown> = {}) {
  made++;
  const body = { name: `Programme ${made}`, code: `P${made}`, hoursRequired: 3, validityMonths: 12, ...o };
  return ok(await call<TrainingProgramme>(t, token, '/api/trainingProgramme/create', body));
}

// A session of the programme at the centre, opened for booking unless `draft`.
export async function makeSession(
  t: TestApp,
  token: string,
  programmeId: number,
  centre: TrainingCentre,
  o: Record<string, unknown> = {},
  draft = false,
) {
  made++;
  const body = {
    programmeId,
    centreId: centre.id,
    venueId: centre.venues[0]!.id,
    title: `Session ${made}`,
    startAt: START,
    endAt: END,
    capacity: 2,
    fee: 15_000,
    hours: 3,
    ...o,
  };
  const s = ok(await call<TrainingSession>(t, token, '/api/trainingSession/create', body));
  if (draft) return s;
  return ok(await call<TrainingSession>(t, token, `/api/trainingSession/open/${s.id}`));
}

// `n` members of demo holding the student role (copies of the demo student), logged in.
export async function trainees(t: TestApp, n: number): Promise<{ ids: number[]; tokens: string[] }> {
  const db = t.database.db;
  const orgId = t.ids.demo.orgId;
  const [student] = await db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.userName, 'student')));
  const held = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.organizationId, userRoles.organizationId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.organizationId, orgId), eq(userRoles.userId, student!.id)));
  made++;
  const names = Array.from({ length: n }, (_, i) => `trainee${made}x${i + 1}`);
  const rows = await db
    .insert(users)
    .values(
      names.map((userName, i) => ({
        organizationId: orgId,
        userName,
        realName: `Trainee ${i + 1}`,
        passwordHash: student!.hash,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => Number(r.id));
  await db
    .insert(userRoles)
    .values(ids.flatMap((userId) => held.map((h) => ({ organizationId: orgId, userId, roleId: h.roleId }))));
  const tokens = await Promise.all(ids.map((id) => t.sessionFor(id)));
  const check = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (check.length !== n) throw new Error('trainees not made');
  return { ids, tokens };
}
