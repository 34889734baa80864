import {
  RegistrationStatus,
  TrainingSessionStatus,
  zTrainingCentreCreate,
  zTrainingOutcomes,
  zTrainingProgrammeCreate,
  zTrainingSessionCreate,
} from '@lyceum/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { certificateTemplates } from '../modules/certificate/certificate.table';
import { trainingSessions } from '../modules/training/training.table';
import { book } from '../modules/training/training-booking';
import { trainingCentreResource } from '../modules/training/training-centre.resource';
import { recordOutcomes } from '../modules/training/training-outcomes';
import { trainingProgrammeResource } from '../modules/training/training-programme.resource';
import { trainingSessionResource } from '../modules/training/training-session.resource';
import { users } from '../modules/user/user.table';
import type { Db } from '../platform/db';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

const DAY = 86_400_000;
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const TRAINING = [
  'trainingCentre:page',
  'trainingCentre:create',
  'training:page',
  'training:programme',
  'training:session',
  'training:register',
];

// Training (issue 34) so Training centres, Training management and the student's Training page have
// something to show, made the way the API makes them:
// - "Riverside Training Centre" with two rooms and a front-desk contact;
// - the programme "First aid at school" (6 hours complete it; its certificate is valid 24 months,
//   printed with the organisation's first certificate template when there is one);
// - "First aid: day 1", held two weeks ago and finished: s2026001 and `student` attended (6 hours
//   credited, so the programme is complete and its certificate issued), s2026002 partly attended
//   (3 hours), s2026003 did not come;
// - "First aid: refresher" next week, full (3 places): s2026001-s2026003 booked, `student` and
//   s2026004 on the waitlist (1 and 2): cancelling a booking moves `student` up.
// Needs the demo's students (s2026001-s2026004 and `student`); certificates need the certificate
// module's tables (its template is optional).
export async function seedTraining(db: Db, orgId: number, officeId: number): Promise<void> {
  const ctx = seedContext(db, orgId, officeId, TRAINING);
  const people = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inOrg(users, orgId, [inArray(users.userName, ['student', 's2026001', 's2026002', 's2026003', 's2026004'])]));
  const id = Object.fromEntries(people.map((p) => [p.userName, Number(p.id)]));
  if (!id.student || !id.s2026004) return;
  const [template] = await db
    .select({ id: certificateTemplates.id })
    .from(certificateTemplates)
    .where(inOrg(certificateTemplates, orgId))
    .orderBy(asc(certificateTemplates.id))
    .limit(1);

  const centre = await trainingCentreResource.create(
    ctx,
    zTrainingCentreCreate.parse({
      name: 'Riverside Training Centre',
      code: 'RTC',
      address: '88 Riverside Road',
      contacts: [
        { name: 'Helen Zhou', phone: '+86 21 5555 0188', email: 'training@demo.example.edu', role: 'Front desk' },
      ],
      venues: [
        { name: 'Room 101', capacity: 24, note: 'Projector' },
        { name: 'Skills lab', capacity: 12 },
      ],
    }),
  );
  const venues = (centre.venues as { id: number }[]) ?? [];
  const programme = await trainingProgrammeResource.create(
    ctx,
    zTrainingProgrammeCreate.parse({
      name: 'First aid at school',
      code: 'FA-1',
      hoursRequired: 6,
      validityMonths: 24,
      certificateTemplateId: template ? Number(template.id) : null,
      description: 'CPR, choking, bleeding and burns; what to do until help arrives.',
    }),
  );
  const session = (title: string, capacity: number, venue: number | undefined) =>
    trainingSessionResource.create(
      ctx,
      zTrainingSessionCreate.parse({
        programmeId: programme.id,
        centreId: centre.id,
        venueId: venue ?? null,
        title,
        startAt: at(7, 1),
        endAt: at(7, 7),
        capacity,
        fee: 12_000,
        hours: 6,
      }),
    );

  // Day 1: booked while open, then moved two weeks back and finished, with its outcomes.
  const day1 = Number((await session('First aid: day 1', 12, venues[1]?.id)).id);
  await trainingSessionResource.runAction(ctx, 'open', day1, {});
  const day1Regs: Record<string, number> = {};
  for (const who of ['s2026001', 'student', 's2026002', 's2026003'])
    day1Regs[who] = await book(ctx, day1, { userId: id[who] });
  await db
    .update(trainingSessions)
    .set({ startAt: new Date(at(-14, 1)), endAt: new Date(at(-14, 7)), status: TrainingSessionStatus.Finished })
    .where(inOrg(trainingSessions, orgId, [eq(trainingSessions.id, day1)]));
  const { Attended, PartlyAttended, NoShow } = RegistrationStatus;
  await recordOutcomes(
    ctx,
    zTrainingOutcomes.parse({
      sessionId: day1,
      items: [
        { registrationId: day1Regs.s2026001!, outcome: Attended },
        { registrationId: day1Regs.student!, outcome: Attended },
        { registrationId: day1Regs.s2026002!, outcome: PartlyAttended, hours: 3 },
        { registrationId: day1Regs.s2026003!, outcome: NoShow },
      ],
    }),
  );

  // The refresher: full, with a waitlist.
  const refresher = Number((await session('First aid: refresher', 3, venues[0]?.id)).id);
  await trainingSessionResource.runAction(ctx, 'open', refresher, {});
  for (const who of ['s2026001', 's2026002', 's2026003', 'student', 's2026004'])
    await book(ctx, refresher, { userId: id[who] });
}
