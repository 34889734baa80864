import {
  LiveProviderKind,
  type LiveRecording,
  RecordingState,
  RecordingVisibility,
  recordingStateLabels,
  type zRecordingChange,
} from '@lyceum/contract';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError, invalidParams, notFound } from '../../platform/errors';
import { inOrg } from '../../platform/tenant-sql';
import { bbbProvider } from './bbb/bbb-client';
import { accountFor } from './live-accounts';
import { liveClassResource } from './live-class.resource';
import { liveRecordings } from './live-class.table';
import { notifyLive } from './live-events';
import { type LiveClassRow, providerFailure } from './live-join';
import type { ProviderAccount, ProviderRecording } from './live-provider';

// Recordings (Moodle's Zoom plugin lost them: #46, #676): each is a row of its own, told by the
// recording-ready callback, filled from the provider's list (at the callback, on request, and by
// the sweep while one is still processing), with its own state and the visibility the live class
// had when it arrived; later settings of the class do not reach it. Deleting one on the provider
// keeps the row, marked deleted.

const { Processing, Published, Unpublished, Deleted } = RecordingState;
type RecordingRow = typeof liveRecordings.$inferSelect;
type RecordingChange = z.output<typeof zRecordingChange>;

function stateOf(r: ProviderRecording): RecordingState {
  if (r.state === 'deleted') return Deleted;
  if (r.published || r.state === 'published') return Published;
  if (r.state === 'unpublished') return Unpublished;
  return Processing;
}

export function recordingOut(r: RecordingRow): LiveRecording {
  return {
    id: r.id,
    recordId: r.recordId,
    state: r.state as RecordingState,
    visibility: r.visibility as RecordingVisibility,
    playbackUrl: r.playbackUrl,
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    minutes: r.seconds === null ? null : Math.round(r.seconds / 60),
    createTime: r.createTime.toISOString(),
  };
}

// A recording the provider announced: known at once (processing), its details filled by a sync.
export async function recordingArrived(tx: DbOrTx, live: LiveClassRow, recordId: string): Promise<void> {
  await tx
    .insert(liveRecordings)
    .values({
      organizationId: live.organizationId,
      liveClassId: live.id,
      recordId: recordId.slice(0, 128),
      state: Processing,
      visibility: live.recordingVisibility,
    })
    .onConflictDoNothing();
}

// Asks the provider for the meeting's recordings and keeps each: new ones with the class's
// visibility of now, known ones with the provider's state (a recording deleted here stays deleted).
// Throws the provider's error; answers how many the provider listed.
export async function syncRecordings(db: DbOrTx, live: LiveClassRow, account?: ProviderAccount): Promise<number> {
  const acc = account ?? (await accountFor(db, live.organizationId, live.providerId));
  const found = await bbbProvider.recordings(acc, live.meetingId);
  const now = clock.date();
  const ours = found.filter((r) => r.meetingId === live.meetingId || !r.meetingId);
  for (const r of ours) {
    const values = {
      state: stateOf(r),
      playbackUrl: r.playbackUrl?.slice(0, 1000) ?? null,
      startedAt: r.startTime,
      endedAt: r.endTime,
      seconds: r.seconds === null ? null : Math.max(0, Math.round(r.seconds)),
    };
    await db
      .insert(liveRecordings)
      .values({
        organizationId: live.organizationId,
        liveClassId: live.id,
        recordId: r.recordId.slice(0, 128),
        visibility: live.recordingVisibility,
        ...values,
      })
      .onConflictDoUpdate({
        target: [liveRecordings.organizationId, liveRecordings.recordId],
        set: {
          ...values,
          state: sql`case when ${liveRecordings.state} = ${Deleted} then ${liveRecordings.state} else ${values.state}::smallint end`,
          updateTime: now,
        },
        // A record id is the provider's, unique to one meeting: never another class's row.
        setWhere: eq(liveRecordings.liveClassId, live.id),
      });
  }
  await notifyWatchable(db, live);
  return ours.length;
}

// Tells the students once per recording, the first time it is published and theirs to watch (a
// conditional update marks it, so two syncs at once send one notice).
async function notifyWatchable(db: DbOrTx, live: LiveClassRow): Promise<void> {
  await db.transaction(async (tx) => {
    const due = await tx
      .update(liveRecordings)
      .set({ notifiedAt: clock.date() })
      .where(
        inOrg(liveRecordings, live.organizationId, [
          eq(liveRecordings.liveClassId, live.id),
          eq(liveRecordings.state, Published),
          eq(liveRecordings.visibility, RecordingVisibility.Students),
          isNull(liveRecordings.notifiedAt),
        ]),
      )
      .returning({ id: liveRecordings.id });
    if (due.length) await notifyLive(tx, live.organizationId, live.id, 'liveRecordingReady', {});
  });
}

export async function recordingsOf(db: DbOrTx, orgId: number, liveClassId: number): Promise<LiveRecording[]> {
  const found = await db
    .select()
    .from(liveRecordings)
    .where(inOrg(liveRecordings, orgId, [eq(liveRecordings.liveClassId, liveClassId)]))
    .orderBy(asc(liveRecordings.startedAt), asc(liveRecordings.id));
  return found.map(recordingOut);
}

// A live class the caller manages (their own, or any with liveClass:all): the resource's own write
// scope decides, as for its actions.
async function manageable(ctx: RequestContext, id: number): Promise<LiveClassRow> {
  // The stored row of the live_classes table, as the engine loads it for a change.
  return (await liveClassResource.loadForWrite(ctx.db, ctx, id)) as LiveClassRow;
}

// Asks the provider now (they also arrive by callback and the sweep) and answers the list.
export async function refreshRecordings(ctx: RequestContext, id: number): Promise<LiveRecording[]> {
  const live = await manageable(ctx, id);
  if (live.providerKind === LiveProviderKind.BigBlueButton) {
    try {
      await syncRecordings(ctx.db, live);
    } catch (err) {
      throw providerFailure(err);
    }
  }
  return recordingsOf(ctx.db, ctx.orgId, id);
}

async function recordingFor(ctx: RequestContext, id: number): Promise<{ rec: RecordingRow; live: LiveClassRow }> {
  const [rec] = await ctx.db
    .select()
    .from(liveRecordings)
    .where(inOrg(liveRecordings, ctx.orgId, [eq(liveRecordings.id, id)]));
  if (!rec) throw notFound('Recording');
  // Outside the caller's live classes the recording is not theirs to see either.
  const live = await manageable(ctx, rec.liveClassId).catch((err: unknown) => {
    throw err instanceof AppError && err.detail.key === 'notFound' ? notFound('Recording') : err;
  });
  return { rec, live };
}

// "cannot publish a processing recording", in the words of the state's own labels.
function cannot(field: string, action: 'publish' | 'change', actionZh: string, state: RecordingState) {
  const label = recordingStateLabels[state];
  const en = label.en.toLowerCase();
  return invalidParams(field, 'transition', {
    action,
    a: /^[aeiou]/.test(en) ? 'an' : 'a',
    state: en,
    entity: 'recording',
    actionZh,
    stateZh: label.zh,
  });
}

async function saved(ctx: RequestContext, id: number, set: Partial<RecordingRow>): Promise<RecordingRow> {
  const [row] = await ctx.db
    .update(liveRecordings)
    .set({ ...set, updateTime: clock.date() })
    .where(inOrg(liveRecordings, ctx.orgId, [eq(liveRecordings.id, id)]))
    .returning();
  if (!row) throw notFound('Recording');
  return row;
}

export interface RecordingAnswer {
  recording: LiveRecording;
  // How the operation log names it.
  label: string;
}

const labelOf = (live: LiveClassRow, rec: RecordingRow) => `${live.title}: ${rec.recordId}`;

// Publishes or unpublishes on the provider (then here), and sets who may watch it; a recording
// still processing cannot be published yet, a deleted one is not changed.
export async function changeRecording(
  ctx: RequestContext,
  id: number,
  change: RecordingChange,
): Promise<RecordingAnswer> {
  const { rec, live } = await recordingFor(ctx, id);
  const state = rec.state as RecordingState;
  if (state === Deleted)
    throw cannot(change.published === undefined ? 'visibility' : 'published', 'change', '修改', state);
  const set: Partial<RecordingRow> = {};
  if (change.published !== undefined && change.published !== (state === Published)) {
    if (state === Processing) throw cannot('published', 'publish', '发布', state);
    if (live.providerKind === LiveProviderKind.BigBlueButton) {
      try {
        const account = await accountFor(ctx.db, ctx.orgId, live.providerId);
        await bbbProvider.publishRecording(account, rec.recordId, change.published);
      } catch (err) {
        throw providerFailure(err);
      }
    }
    set.state = change.published ? Published : Unpublished;
  }
  if (change.visibility !== undefined) set.visibility = change.visibility;
  const row = Object.keys(set).length ? await saved(ctx, id, set) : rec;
  await notifyWatchable(ctx.db, live);
  return { recording: recordingOut(row), label: labelOf(live, row) };
}

// Deletes it on the provider; the row stays, marked deleted (asked again, nothing more happens).
export async function deleteRecording(ctx: RequestContext, id: number): Promise<RecordingAnswer> {
  const { rec, live } = await recordingFor(ctx, id);
  if (rec.state === Deleted) return { recording: recordingOut(rec), label: labelOf(live, rec) };
  if (live.providerKind === LiveProviderKind.BigBlueButton) {
    try {
      const account = await accountFor(ctx.db, ctx.orgId, live.providerId);
      await bbbProvider.deleteRecording(account, rec.recordId);
    } catch (err) {
      throw providerFailure(err);
    }
  }
  const row = await saved(ctx, id, { state: Deleted });
  return { recording: recordingOut(row), label: labelOf(live, row) };
}
