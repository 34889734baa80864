import { type AttemptEventsResult, ExamLogType, PaperStatus, type zAttemptEventsRequest } from '@lyceum/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { businessError, invalidParams, notFound } from '../../platform/errors';
import { rows } from '../../platform/sql-rows';
import { fileLinks, files } from '../file/file.table';
import { attemptEvents, examAttempts } from './attempt.table';
import { endAttempts } from './attempt-end';
import { exams } from './exam.table';
import { ms, ts } from './exam-time';

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
  const [open] = await rows<{ id: number }>(
    ctx.db,
    sql`select id from ${examAttempts} where organization_id = ${ctx.orgId} and id = ${attemptId}
      and user_id = ${ctx.userId} and status = ${Answering} and closes_at > ${ts(clock.now())}`,
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
    const own = await rows<{ id: number }>(
      ctx.db,
      sql`select f.id from ${files} f join ${fileLinks} l on l.organization_id = f.organization_id
          and l.file_id = f.id and l.entity = ${SNAPSHOT_LINK} and l.entity_id = ${body.attemptId}
        where f.organization_id = ${org} and f.uploader_id = ${ctx.userId} and f.purpose = 'snapshot'
          and f.id in (${sql.join(
            fileIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const ok = new Set(own.map((r) => Number(r.id)));
    const index = body.events.findIndex((e) => e.fileId && !ok.has(e.fileId));
    if (index >= 0) {
      throw invalidParams(`events.${index}.fileId`, 'noSuchReference', {
        entity: 'snapshot',
        ids: String(body.events[index]!.fileId),
      });
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [t] = await rows<{
      id: number;
      status: number;
      closes_at: string;
      started_at: string;
      event_count: number;
      switch_count: number;
      switch_warn_after: number;
      switch_collect_after: number | null;
    }>(
      tx,
      sql`select t.id, t.status, t.closes_at, t.started_at, t.event_count, t.switch_count, e.switch_warn_after,
          e.switch_collect_after
        from ${examAttempts} t join ${exams} e on e.organization_id = t.organization_id and e.id = t.exam_id
        where t.organization_id = ${org} and t.id = ${body.attemptId} and t.user_id = ${ctx.userId}
        for update of t`,
    );
    if (!t) throw notFound('Attempt');
    // The paper is over: nothing more is reported on it (the page then shows how it ended).
    if (Number(t.status) !== Answering) throw businessError('attemptEnded');
    if (now >= ms(t.closes_at)!) throw businessError('attemptClosed');
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
    const allowed = EVENT_BURST + Math.floor(((now - ms(t.started_at)!) / 60_000) * EVENTS_PER_MINUTE);
    if (Number(t.event_count) + inserted.length > allowed) {
      throw invalidParams('events', 'tooManyEvents', { max: allowed, perMinute: EVENTS_PER_MINUTE });
    }
    const switches = inserted.filter((e) => SWITCH_TYPES.includes(e.type)).length;
    const left = inserted.filter((e) => e.type === ExamLogType.LeftApp).length;
    const pictures = inserted.some((e) => PICTURE_TYPES.includes(e.type));
    const switchCount = Number(t.switch_count) + switches;
    const warnAfter = Number(t.switch_warn_after);
    // Snapshots count by picture: the same file reported again adds nothing.
    const snapshotCount = pictures
      ? sql`(select count(distinct file_id) from ${attemptEvents} where organization_id = ${org}
          and attempt_id = ${t.id} and type in (${ExamLogType.Screenshot}, ${ExamLogType.Snapshot}))`
      : sql`snapshot_count`;
    await tx.execute(
      sql`update ${examAttempts} set switch_count = ${switchCount}, left_count = left_count + ${left},
        snapshot_count = ${snapshotCount}, event_count = event_count + ${inserted.length},
        last_seen = ${ts(now)}, flagged = flagged or (${warnAfter} > 0 and ${switchCount} >= ${warnAfter})
        where organization_id = ${org} and id = ${t.id}`,
    );
    let status = Number(t.status) as PaperStatus;
    const collectAfter = t.switch_collect_after == null ? null : Number(t.switch_collect_after);
    if (status === Answering && collectAfter !== null && switchCount >= collectAfter) {
      await endAttempts(
        tx,
        sql`t.organization_id = ${org} and t.id = ${t.id}`,
        ForceCollected,
        ts(now),
        `screen switches reached ${collectAfter}`,
      );
      status = ForceCollected;
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
