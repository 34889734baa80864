import { zAdmissionRoundCreate, zApplySave, zEnrolInput } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import { admissionRoundResource } from '../modules/admission/admission-round.resource';
import { applicationResource } from '../modules/admission/application.resource';
import { enrolApplicant } from '../modules/admission/application-enrol';
import { saveApplication, submitApplication } from '../modules/admission/application-public';
import { teams } from '../modules/team/team.table';
import type { Db } from '../platform/db';
import { organizations } from '../platform/organizations.table';
import { inOrg } from '../platform/tenant-sql';
import { seedContext } from './seed-context';

const DAY = 86_400_000;
const STAFF = ['application:page', 'application:review', 'application:enrol', 'application:round'];

// Admissions (issue 34), made the way the public form and the staff make them: an open round
// "Autumn intake" (a required extra field, quota 40, the demo's first class for the admitted) with
// one application in each state — a draft, submitted, under review (flagged: a guardian's phone in
// common with the submitted one), invited to an interview, accepted, waitlisted, rejected, and one
// enrolled (a new student account named after its student number, in the class, with a record).
// Needs the demo organisation, its classes and the office user (`officeId`); after the student
// records' seed if that makes guardians (a guardian with the same phone is linked, not repeated).
export async function seedAdmissions(db: Db, orgId: number, officeId: number): Promise<void> {
  const [org] = await db
    .select({ domain: organizations.domain })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) return;
  const ctx = seedContext(db, orgId, officeId, STAFF);
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(inOrg(teams, orgId, []))
    .limit(1);
  const now = Date.now();
  const round = await admissionRoundResource.create(
    ctx,
    zAdmissionRoundCreate.parse({
      name: 'Autumn intake / 秋季招生',
      gradeYear: new Date().getUTCFullYear(),
      opensAt: new Date(now - 10 * DAY).toISOString(),
      closesAt: new Date(now + 30 * DAY).toISOString(),
      quota: 40,
      teamId: team?.id ?? null,
      description: 'Applications for the autumn term. 秋季学期新生报名。',
      extraFields: [
        {
          key: 'track',
          label: { en: 'Preferred track', zh: '意向方向' },
          type: 'select',
          required: true,
          options: ['Science / 理科', 'Humanities / 文科'],
        },
      ],
    }),
  );
  const roundId = Number(round.id);
  await admissionRoundResource.runAction(ctx, 'open', roundId, {});

  const people = [
    ['Zhao Lei', '2013-02-11', '13700000101', 'draft'],
    ['Sun Mei', '2013-06-02', '13700000102', 'submitted'],
    ['Zhou Jie', '2012-11-23', '13700000102', 'startReview'],
    ['Wu Xia', '2013-01-30', '13700000104', 'interview'],
    ['Zheng Hao', '2013-04-17', '13700000105', 'accept'],
    ['Feng Lin', '2012-12-09', '13700000106', 'waitlist'],
    ['Chen Yu', '2013-08-21', '13700000107', 'reject'],
    ['Liu Yang', '2013-03-14', '13700000108', 'enrol'],
  ] as const;
  for (const [i, [realName, birthDate, phone, step]] of people.entries()) {
    const body = zApplySave.parse({
      domain: org.domain,
      requestKey: `seed-admission-${i}`,
      form: {
        roundId,
        realName,
        sex: i % 2 ? 1 : 2,
        birthDate,
        phone: `1380000010${i}`,
        priorSchool: 'Riverside Primary School / 河畔小学',
        guardians: [{ name: `${realName.split(' ')[0]} (parent)`, phone, relation: 'parent' }],
        answers: { track: i % 2 ? 'Science / 理科' : 'Humanities / 文科' },
      },
    });
    if (step === 'draft') {
      await saveApplication(db, org.domain, body);
      continue;
    }
    await submitApplication(db, org.domain, body);
    const page = await applicationResource.page(ctx, { pageIndex: 1, pageSize: 1, keyword: realName });
    const id = Number(page.list[0]?.id);
    if (!id || step === 'submitted') continue;
    if (step === 'interview') {
      await applicationResource.runAction(ctx, 'interview', id, {
        interviewAt: new Date(now + 3 * DAY).toISOString(),
        note: null,
      });
    } else if (step === 'enrol') {
      await applicationResource.runAction(ctx, 'accept', id, { note: null });
      await enrolApplicant(ctx, id, zEnrolInput.parse({}));
    } else {
      await applicationResource.runAction(ctx, step, id, { note: null });
    }
  }
}
