import { type AttemptEventsResult, ExamLogType, PaperStatus, type zAttemptEventsRequest } from '@lyceum/contract';
import { eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import { fileLinks, files } from '../file/file.table';
import { attemptEvents, examAttempts } from './attempt.table';
import { endAttempts } from './attempt-end';
import { exams } from './exam.table';
import { ts } from './exam-time';
import { announceCandidates } from './monitor-push';

const { Answering, ForceCollected } = PaperStatus;

// ---- proctoring events ----

const SWITCH_TYPES: readonly number[] = [ExamLogType.ScreenSwitch, ExamLogType.LeftApp];
const PICTURE_TYPES: readonly number[] = [ExamLogType.Screenshot, ExamLogType.Snapshot];
const SNAPSHOT_LINK = 'examAttempt';
// Events an attempt may have reported so far: a burst at the start, then a steady allowance per
// minute. The web page sends one event per absence and a snapshot at most every 10 s (6 a minute),
// so an honest client stays far below; a flood is refused without a counter in any process.
export const EVENT_BURST = 200;
export const EVENTS_PER_MINUTE = 20;
// Bytes of one events request: 100 events with the longest details in any script fit.
export const EVENTS_BODY_LIMIT = 256 * 1024;

// Snapshots come only from an open attempt of the caller; an attempt of someone else, one handed in
// or one past its closing time is refused naming the field, before a byte is stored.
export async function openAttemptForSnapshot(ctx: RequestContext, attemptId: number): Promise<void> {
  const [open] = await ctx.db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      inOrg(examAttempts, ctx.orgId, [
        eq(examAttempts.id, attemptId),
        eq(examAttempts.userId, ctx.userId),
        eq(examAttempts.status, Answering),
        gt(examAttempts.closesAt, clock.date()),
      ]),
    );
  if (!open) throw invalidParams('attemptId', 'noOpenAttempt');
}

// The upload is linked to its attempt at once: readable by its uploader and those who may watch
// the exam (monitor.service), and the only pictures that attempt's events may name.
export async function linkSnapshot(ctx: RequestContext, attemptId: number, fileId: number): Promise<void> {
  await ctx.db
    .insert(fileLinks)
    .values({ organizationId: ctx.orgId, fileId, entity: SNAPSHOT_LINK, entityId: attemptId })
    .onConflictDoNothing();
}

export async function recordEvents(
  ctx: RequestContext,
  body: z.output<typeof zAttemptEventsRequest>,
): Promise<AttemptEventsResult> {
  const org = ctx.orgId;
  const now = clock.now();
  const fileIds = [...new Set(body.events.flatMap((e) => (e.fileId ? [e.fileId] : [])))];
  if (fileIds.length) {
    // The caller's own uploads for this very attempt.
    const own = await ctx.db
      .select({ id: files.id })
      .from(files)
      .innerJoin(
        fileLinks,
        sameOrg(fileLinks, files, [
          eq(fileLinks.fileId, files.id),
          eq(fileLinks.entity, SNAPSHOT_LINK),
          eq(fileLinks.entityId, body.attemptId),
        ]),
      )
      .where(
        inOrg(files, org, [
          eq(files.uploaderId, ctx.userId),
          eq(files.purpose, 'snapshot'),
          inArray(files.id, fileIds),
        ]),
      );
    const ok = new Set(own.map((r) => r.id));
    const index = body.events.findIndex((e) => e.fileId && !ok.has(e.fileId));
    if (index >= 0) {
      throw invalidParams(`events.${index}.fileId`, 'noSuchReference', {
        entity: 'snapshot',
        ids: String(body.events[index]!.fileId),
      });
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [t] = await tx
      .select({
        id: examAttempts.id,
        examId: examAttempts.examId,
        status: examAttempts.status,
        closesAt: examAttempts.closesAt,
        startedAt: examAttempts.startedAt,
        eventCount: examAttempts.eventCount,
        switchCount: examAttempts.switchCount,
        switchWarnAfter: exams.switchWarnAfter,
        switchCollectAfter: exams.switchCollectAfter,
      })
      .from(examAttempts)
      .innerJoin(exams, sameOrg(exams, examAttempts, [eq(exams.id, examAttempts.examId)]))
      .where(inOrg(examAttempts, org, [eq(examAttempts.id, body.attemptId), eq(examAttempts.userId, ctx.userId)]))
      .for('update', { of: examAttempts });
    if (!t) throw notFound('Attempt');
    // The paper is over: nothing more is reported on it (the page then shows how it ended).
    if (t.status !== Answering) throw businessError('attemptEnded');
    if (now >= t.closesAt.getTime()) throw businessError('attemptClosed');
    const inserted = await tx
      .insert(attemptEvents)
      .values(
        body.events.map((e) => ({
          organizationId: org,
          attemptId: t.id,
          type: e.type,
          at: new Date(e.at),
          receivedAt: new Date(now),
          detail: e.detail,
          fileId: e.fileId ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ type: attemptEvents.type, fileId: attemptEvents.fileId });
    // Counted after the insert, so a retried batch (stored once) is never what hits the limit; the
    // refusal rolls the batch back.
    const allowed = EVENT_BURST + Math.floor(((now - t.startedAt.getTime()) / 60_000) * EVENTS_PER_MINUTE);
    if (t.eventCount + inserted.length > allowed) {
      throw invalidParams('events', 'tooManyEvents', { max: allowed, perMinute: EVENTS_PER_MINUTE });
    }
    const switches = inserted.filter((e) => SWITCH_TYPES.includes(e.type)).length;
    const left = inserted.filter((e) => e.type === ExamLogType.LeftApp).length;
    const pictures = inserted.some((e) => PICTURE_TYPES.includes(e.type));
    const switchCount = t.switchCount + switches;
    const warnAfter = t.switchWarnAfter;
    // Snapshots count by picture: the same file reported again adds nothing.
    const ev = attemptEvents;
    const a = examAttempts;
    const snapshotCount = pictures
      ? sql<number>`(select count(distinct ${ev.fileId}) from ${ev} where ${ev.organizationId} = ${org}
          and ${ev.attemptId} = ${t.id} and ${ev.type} in (${ExamLogType.Screenshot}, ${ExamLogType.Snapshot}))`
      : sql<number>`${a.snapshotCount}`;
    await tx
      .update(a)
      .set({
        switchCount,
        leftCount: sql`${a.leftCount} + ${left}`,
        snapshotCount,
        eventCount: sql`${a.eventCount} + ${inserted.length}`,
        lastSeen: new Date(now),
        flagged: sql`${a.flagged} or (${warnAfter} > 0 and ${switchCount} >= ${warnAfter})`,
      })
      .where(inOrg(a, org, [eq(a.id, t.id)]));
    let status = t.status as PaperStatus;
    const collectAfter = t.switchCollectAfter;
    if (status === Answering && collectAfter !== null && switchCount >= collectAfter) {
      await endAttempts(
        tx,
        sql`t.organization_id = ${org} and t.id = ${t.id}`,
        ForceCollected,
        ts(now),
        `screen switches reached ${collectAfter}`,
      );
      status = ForceCollected;
    } else if (inserted.some((e) => !PICTURE_TYPES.includes(e.type))) {
      // The boards hear of switches and other events at once; a snapshot alone (one every few
      // seconds per candidate) only moves a count they read again now and then.
      await announceCandidates(tx, org, t.examId, [ctx.userId], status);
    }
    return {
      accepted: inserted.length,
      status,
      switchCount,
      warn: status === Answering && warnAfter > 0 && switchCount >= warnAfter,
      serverNow: now,
    };
  });
}
