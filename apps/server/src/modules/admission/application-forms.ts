import { randomBytes } from 'node:crypto';
import {
  AdmissionRoundStatus,
  type ApplicantFields,
  ApplicationStatus,
  type DuplicateFlag,
  type ExtraField,
  isRealDateText,
  TRACKING_CODE_LENGTH,
} from '@lyceum/contract';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { findRecordMatches, normalPhone } from '../student-record/student-record.service';
import { admissionRounds, applications } from './admission.table';

// The application form's rules shared by the public routes and the staff's: the round must be open,
// answers follow the round's extra fields, duplicates are looked for at submission.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

// 20 characters of Crockford base32 from 100 random bits: never sequential, not guessable.
export function newTrackingCode(): string {
  const bytes = randomBytes(TRACKING_CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

export type RoundRow = typeof admissionRounds.$inferSelect;

export async function openRound(db: DbOrTx, orgId: number, roundId: number, field: string): Promise<RoundRow> {
  const [round] = await db
    .select()
    .from(admissionRounds)
    .where(inOrg(admissionRounds, orgId, [eq(admissionRounds.id, roundId)]));
  if (!round) throw invalidParams(field, 'noSuchReference', { entity: 'admission round', ids: String(roundId) });
  const now = clock.now();
  const open =
    round.status === AdmissionRoundStatus.Open && round.opensAt.getTime() <= now && now < round.closesAt.getTime();
  if (!open) throw invalidParams(field, 'admissionRoundNotOpen');
  return round;
}

// Answers follow the round's form: no unknown keys, a select's value among its options, a date a
// date; `complete` (at submission) also needs every required one.
export function checkAnswers(fields: ExtraField[], answers: Record<string, string>, complete: boolean): void {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const unknown = Object.keys(answers).filter((k) => !byKey.has(k));
  if (unknown.length) throw invalidParams('form.answers', 'unknownFields', { keys: unknown.join(', ') });
  for (const f of fields) {
    const value = answers[f.key]?.trim() ?? '';
    const at = `form.answers.${f.key}`;
    if (!value) {
      if (complete && f.required) throw invalidParams(at, 'required');
      continue;
    }
    if (f.type === 'select' && !f.options.includes(value))
      throw invalidParams(at, 'notOneOf', { values: f.options.join(', ') });
    if (f.type === 'date' && !isRealDateText(value, 'date'))
      throw invalidParams(at, 'invalidFormat', { format: 'date' });
  }
}

// The applicant's fields as stored (guardian phones in the form records match them by).
export function applicantValues(form: ApplicantFields) {
  return {
    roundId: form.roundId,
    realName: form.realName,
    sex: form.sex ?? null,
    birthDate: form.birthDate ?? null,
    idNumber: form.idNumber?.toUpperCase() ?? null,
    phone: form.phone,
    email: form.email,
    priorSchool: form.priorSchool,
    guardians: form.guardians.map((g) => ({ ...g, phone: normalPhone(g.phone) })),
    answers: form.answers,
  };
}

type Applicant = Pick<typeof applications.$inferSelect, 'id' | 'realName' | 'birthDate' | 'idNumber' | 'guardians'>;
const phonesOf = (a: Applicant) =>
  ((a.guardians ?? []) as { phone: string }[]).map((g) => normalPhone(g.phone)).filter(Boolean);

// Other applications (drafts and withdrawn ones aside) and students already in the school that
// this applicant may be: same ID number, same name and birth date, or a guardian's phone in common.
export async function findDuplicates(db: DbOrTx, orgId: number, a: Applicant): Promise<DuplicateFlag[]> {
  const phones = phonesOf(a);
  const reasons = [
    a.idNumber ? sql`upper(${applications.idNumber}) = ${a.idNumber.toUpperCase()}` : undefined,
    a.birthDate
      ? sql`(lower(${applications.realName}) = ${a.realName.toLowerCase()} and ${applications.birthDate} = ${a.birthDate})`
      : undefined,
    ...phones.map((p) => sql`${applications.guardians} @> ${JSON.stringify([{ phone: p }])}::jsonb`),
  ].filter((s) => s !== undefined);
  const flags: DuplicateFlag[] = [];
  if (reasons.length) {
    const others = await db
      .select({
        id: applications.id,
        realName: applications.realName,
        birthDate: applications.birthDate,
        idNumber: applications.idNumber,
        guardians: applications.guardians,
      })
      .from(applications)
      .where(
        inOrg(applications, orgId, [
          ne(applications.id, a.id),
          notInArray(applications.status, [ApplicationStatus.Draft, ApplicationStatus.Withdrawn]),
          sql`(${sql.join(reasons, sql` or `)})`,
        ]),
      )
      .limit(20);
    for (const o of others) {
      if (a.idNumber && o.idNumber?.toUpperCase() === a.idNumber.toUpperCase())
        flags.push({ kind: 'application', id: o.id, name: o.realName, reason: 'idNumber' });
      else if (a.birthDate && o.birthDate === a.birthDate && o.realName.toLowerCase() === a.realName.toLowerCase())
        flags.push({ kind: 'application', id: o.id, name: o.realName, reason: 'nameBirthDate' });
      else if (phonesOf(o).some((p) => phones.includes(p)))
        flags.push({ kind: 'application', id: o.id, name: o.realName, reason: 'guardianPhone' });
    }
  }
  const students = await findRecordMatches(db, orgId, {
    idNumber: a.idNumber,
    realName: a.realName,
    birthDate: a.birthDate,
    guardianPhones: phones,
  });
  for (const s of students) flags.push({ kind: 'student', id: s.userId, name: s.realName, reason: s.reason });
  return flags;
}

export async function applicationByCode(db: DbOrTx, orgId: number, code: string, lock = false) {
  const q = db
    .select()
    .from(applications)
    .where(and(eq(applications.organizationId, orgId), eq(applications.trackingCode, code)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Application');
  return row;
}
