import { Readable } from 'node:stream';
import {
  AdmissionRoundStatus,
  APPLICATION_DOCUMENT_MAX_BYTES,
  APPLICATION_DOCUMENTS_MAX,
  type ApplicationDocumentKind,
  ApplicationStatus,
  type ApplyStatus,
  type ExtraField,
  type zApplySave,
  type zApplySubmit,
} from '@lyceum/contract';
import { and, asc, count, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import { randomToken } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, invalidParams } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { findOrganization } from '../auth/login.service';
import { admit } from '../auth/throttle.service';
import type { FileStorage } from '../file/file.storage';
import { files } from '../file/file.table';
import { cleanName, sniff } from '../file/file-types';
import { recordPersonEvent } from '../student-record/person-events';
import {
  admissionRounds,
  applicationDocuments,
  applicationEvents,
  applicationMessages,
  applications,
} from './admission.table';
import {
  applicantValues,
  applicationByCode,
  checkAnswers,
  findDuplicates,
  newTrackingCode,
  openRound,
} from './application-forms';

// The public side of admissions: no session; the organisation is named by its domain, the
// application by its tracking code. Every call counts against the caller's address first.

const FORM_RULE = { free: 300, maxPauseMs: 15 * 60_000 };
// Looking codes up is what a guesser would do: a tighter count of its own.
const TRACK_RULE = { free: 60, maxPauseMs: 15 * 60_000 };

export async function throttle(db: Db, ip: string, kind: 'form' | 'track'): Promise<void> {
  const admission = await admit(db, `apply-${kind}:${ip}`, kind === 'form' ? FORM_RULE : TRACK_RULE);
  if (!admission.allowed) throw businessError('throttled', { seconds: admission.waitSeconds });
}

export async function orgByDomain(db: Db, domain: string): Promise<number> {
  const org = await findOrganization(db, domain);
  if (org?.status !== 1) throw businessError('organizationUnknown', { domain });
  return org.id;
}

export async function openRounds(db: Db, domain: string) {
  const org = await findOrganization(db, domain);
  if (org?.status !== 1) throw businessError('organizationUnknown', { domain });
  const now = clock.date();
  const rows = await db
    .select()
    .from(admissionRounds)
    .where(
      inOrg(admissionRounds, org.id, [
        eq(admissionRounds.status, AdmissionRoundStatus.Open),
        lte(admissionRounds.opensAt, now),
        gt(admissionRounds.closesAt, now),
      ]),
    )
    .orderBy(asc(admissionRounds.closesAt));
  return {
    organizationName: org.name,
    rounds: rows.map((r) => ({
      id: r.id,
      name: r.name,
      opensAt: r.opensAt.toISOString(),
      closesAt: r.closesAt.toISOString(),
      gradeYear: r.gradeYear,
      fee: r.fee,
      description: r.description,
      extraFields: r.extraFields as ExtraField[],
    })),
  };
}

const answerOf = (row: typeof applications.$inferSelect) => ({
  trackingCode: row.trackingCode,
  status: row.status as ApplicationStatus,
  submittedAt: row.submittedAt?.toISOString() ?? null,
});

// Saves the draft the code (or the first save's requestKey) names, or makes a new one. A form sent
// for an application no longer a draft is refused, unless `submitting` (then it is left as it is).
async function saveDraft(db: Db, orgId: number, body: z.output<typeof zApplySave>, submitting: boolean) {
  const round = await openRound(db, orgId, body.form.roundId, 'form.roundId');
  checkAnswers(round.extraFields as ExtraField[], body.form.answers, false);
  const values = { ...applicantValues(body.form), updateTime: clock.date() };
  return db.transaction(async (tx) => {
    let current: typeof applications.$inferSelect | undefined;
    if (body.trackingCode) current = await applicationByCode(tx, orgId, body.trackingCode, true);
    else if (body.requestKey) {
      const [made] = await tx
        .insert(applications)
        .values({ organizationId: orgId, trackingCode: newTrackingCode(), requestKey: body.requestKey, ...values })
        .onConflictDoNothing()
        .returning();
      if (made) {
        await tx.insert(applicationEvents).values({
          organizationId: orgId,
          applicationId: made.id,
          fromStatus: null,
          toStatus: ApplicationStatus.Draft,
        });
        return made;
      }
      [current] = await tx
        .select()
        .from(applications)
        .where(inOrg(applications, orgId, [eq(applications.requestKey, body.requestKey)]))
        .for('update');
    } else {
      const [made] = await tx
        .insert(applications)
        .values({ organizationId: orgId, trackingCode: newTrackingCode(), ...values })
        .returning();
      await tx.insert(applicationEvents).values({
        organizationId: orgId,
        applicationId: made!.id,
        fromStatus: null,
        toStatus: ApplicationStatus.Draft,
      });
      return made!;
    }
    if (!current) throw invalidParams('trackingCode', 'notFound', { entity: 'Application' });
    if (current.status !== ApplicationStatus.Draft) {
      if (submitting) return current;
      throw invalidParams('trackingCode', 'applicationNotDraft');
    }
    const [updated] = await tx
      .update(applications)
      .set(values)
      .where(inOrg(applications, orgId, [eq(applications.id, current.id)]))
      .returning();
    return updated!;
  });
}

export async function saveApplication(db: Db, domain: string, body: z.output<typeof zApplySave>) {
  const orgId = await orgByDomain(db, domain);
  return answerOf(await saveDraft(db, orgId, body, false));
}

// Submits once: the application is held while its state is checked, so parallel submits queue and
// all but the first find it submitted and answer the same; the partial unique index on the
// 'submitted' event is the second guard.
export async function submitApplication(db: Db, domain: string, body: z.output<typeof zApplySubmit>) {
  const orgId = await orgByDomain(db, domain);
  let code = body.trackingCode;
  if (body.form) {
    code = (await saveDraft(db, orgId, { ...body, form: body.form }, true)).trackingCode;
  } else if (!code) throw invalidParams('trackingCode', 'required');
  const trackingCode = code as string;
  const row = await db.transaction(async (tx) => {
    const app = await applicationByCode(tx, orgId, trackingCode, true);
    if (app.status !== ApplicationStatus.Draft) return app;
    const round = await openRound(tx, orgId, app.roundId, 'form.roundId');
    if (!app.birthDate) throw invalidParams('form.birthDate', 'required');
    checkAnswers(round.extraFields as ExtraField[], app.answers as Record<string, string>, true);
    const duplicateOf = await findDuplicates(tx, orgId, app);
    const now = clock.date();
    const [done] = await tx
      .update(applications)
      .set({ status: ApplicationStatus.Submitted, submittedAt: now, duplicateOf, updateTime: now })
      .where(
        inOrg(applications, orgId, [eq(applications.id, app.id), eq(applications.status, ApplicationStatus.Draft)]),
      )
      .returning();
    await tx.insert(applicationEvents).values({
      organizationId: orgId,
      applicationId: app.id,
      fromStatus: ApplicationStatus.Draft,
      toStatus: ApplicationStatus.Submitted,
    });
    await recordPersonEvent(tx, orgId, {
      userId: null,
      applicationId: app.id,
      kind: 'applied',
      refType: 'application',
      refId: app.id,
      detail: { round: round.name },
    });
    return done ?? app;
  });
  return answerOf(row);
}

export async function documentsOf(db: DbOrTx, orgId: number, applicationId: number) {
  const rows = await db
    .select({
      id: applicationDocuments.id,
      kind: applicationDocuments.kind,
      fileId: applicationDocuments.fileId,
      name: files.name,
      size: files.size,
      requested: applicationDocuments.requested,
      requestNote: applicationDocuments.requestNote,
      createTime: applicationDocuments.createTime,
    })
    .from(applicationDocuments)
    .leftJoin(
      files,
      and(eq(files.organizationId, applicationDocuments.organizationId), eq(files.id, applicationDocuments.fileId)),
    )
    .where(inOrg(applicationDocuments, orgId, [eq(applicationDocuments.applicationId, applicationId)]))
    .orderBy(asc(applicationDocuments.id));
  return rows.map((r) => ({
    ...r,
    kind: r.kind as ApplicationDocumentKind,
    createTime: r.createTime.toISOString(),
  }));
}

export async function messagesOf(db: DbOrTx, orgId: number, applicationId: number) {
  const rows = await db
    .select({ id: applicationMessages.id, body: applicationMessages.body, createTime: applicationMessages.createTime })
    .from(applicationMessages)
    .where(inOrg(applicationMessages, orgId, [eq(applicationMessages.applicationId, applicationId)]))
    .orderBy(asc(applicationMessages.id));
  return rows.map((m) => ({ ...m, createTime: m.createTime.toISOString() }));
}

export async function trackApplication(db: Db, domain: string, code: string): Promise<ApplyStatus> {
  const orgId = await orgByDomain(db, domain);
  const app = await applicationByCode(db, orgId, code);
  const [round] = await db
    .select({ name: admissionRounds.name })
    .from(admissionRounds)
    .where(inOrg(admissionRounds, orgId, [eq(admissionRounds.id, app.roundId)]));
  const draft = app.status === ApplicationStatus.Draft;
  return {
    trackingCode: app.trackingCode,
    status: app.status as ApplicationStatus,
    roundId: app.roundId,
    roundName: round?.name ?? '',
    realName: app.realName,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    decidedAt: app.decidedAt?.toISOString() ?? null,
    interviewAt: app.interviewAt?.toISOString() ?? null,
    messages: await messagesOf(db, orgId, app.id),
    documents: await documentsOf(db, orgId, app.id),
    // The form comes back only while it can be resumed.
    form: draft
      ? {
          realName: app.realName,
          sex: app.sex,
          birthDate: app.birthDate,
          idNumber: app.idNumber,
          phone: app.phone,
          email: app.email,
          priorSchool: app.priorSchool,
          guardians: app.guardians as { name: string; phone: string; relation: string }[],
          answers: app.answers as Record<string, string>,
        }
      : null,
  };
}

async function readAll(body: Readable | Buffer, max: number): Promise<Buffer> {
  if (Buffer.isBuffer(body)) {
    if (body.length > max) throw invalidParams('file', 'fileTooLarge', { mb: max / 1024 / 1024 });
    return body;
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw invalidParams('file', 'fileTooLarge', { mb: max / 1024 / 1024 });
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

// A draft's document, or one the staff asked for (that request is then answered). PDF, JPEG or PNG
// read from the bytes, at most 10 MB and 10 per application.
export async function uploadDocument(
  db: Db,
  storage: FileStorage,
  q: { domain: string; trackingCode: string; kind: ApplicationDocumentKind },
  rawName: string,
  body: unknown,
) {
  const orgId = await orgByDomain(db, q.domain);
  const app = await applicationByCode(db, orgId, q.trackingCode);
  if (!(body instanceof Readable) && !Buffer.isBuffer(body)) throw invalidParams('file', 'fileBody');
  const bytes = await readAll(body, APPLICATION_DOCUMENT_MAX_BYTES);
  if (!bytes.length) throw invalidParams('file', 'fileEmpty');
  const type = sniff(bytes.subarray(0, 4096));
  if (!type || !DOCUMENT_TYPES.includes(type)) throw invalidParams('file', 'fileType', { types: 'a PDF, JPEG or PNG' });
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(inOrg(applications, orgId, [eq(applications.id, app.id)]))
      .for('update');
    const [asked] = await tx
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .where(
        inOrg(applicationDocuments, orgId, [
          eq(applicationDocuments.applicationId, app.id),
          eq(applicationDocuments.kind, q.kind),
          eq(applicationDocuments.requested, true),
          isNull(applicationDocuments.fileId),
        ]),
      );
    if (held?.status !== ApplicationStatus.Draft && !asked) throw invalidParams('kind', 'applicationDocumentNotAsked');
    const [n] = await tx
      .select({ n: count() })
      .from(applicationDocuments)
      .where(
        inOrg(applicationDocuments, orgId, [
          eq(applicationDocuments.applicationId, app.id),
          isNotNull(applicationDocuments.fileId),
        ]),
      );
    if ((n?.n ?? 0) >= APPLICATION_DOCUMENTS_MAX)
      throw invalidParams('file', 'tooMany', { max: APPLICATION_DOCUMENTS_MAX });
    const received = await storage.receive(Readable.from([bytes]), []);
    const now = clock.date();
    const key = `${orgId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomToken(18)}`;
    await received.commit(key);
    const name = cleanName(rawName);
    const [file] = await tx
      .insert(files)
      .values({
        organizationId: orgId,
        storageKey: key,
        name,
        contentType: type,
        size: bytes.length,
        purpose: 'evidence',
      })
      .returning({ id: files.id });
    const values = { fileId: file!.id, requested: false };
    const [doc] = asked
      ? await tx
          .update(applicationDocuments)
          .set(values)
          .where(inOrg(applicationDocuments, orgId, [eq(applicationDocuments.id, asked.id)]))
          .returning()
      : await tx
          .insert(applicationDocuments)
          .values({ organizationId: orgId, applicationId: app.id, kind: q.kind, ...values })
          .returning();
    return {
      id: doc!.id,
      kind: q.kind,
      fileId: file!.id,
      name,
      size: bytes.length,
      requested: false,
      requestNote: doc!.requestNote,
      createTime: doc!.createTime.toISOString(),
    };
  });
}
