import { Readable, Transform } from 'node:stream';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { invalidParams, notFound } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { inOrg } from '../../platform/tenant-sql';
import type { FileStorage } from './file.storage';
import { fileLinks, files } from './file.table';
import { cleanName, type FilePurpose, purposeRules, servedType, sniff } from './file-types';

const HEAD_BYTES = 4096;

class TooLarge extends Error {}

// Counts bytes and keeps the first few for sniffing; fails as soon as the limit is passed, so an
// oversized upload is not read to its end.
function limiter(max: number, head: Buffer[]) {
  let seen = 0;
  let kept = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) return done(new TooLarge());
      if (kept < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - kept));
        kept += Math.min(chunk.length, HEAD_BYTES - kept);
      }
      done(null, chunk);
    },
  });
}

function describeTypes(purpose: FilePurpose): string {
  if (purpose === 'avatar' || purpose === 'image' || purpose === 'logo') return 'a PNG, JPEG, GIF or WebP image';
  if (purpose === 'document') return 'a PDF, Office, text, zip or image file';
  if (purpose === 'evidence') return 'a PDF or an image';
  return 'a document, image, audio or video file';
}

// Logos are shown on login pages, before anyone has a session, so their address is the public one.
export function fileUrl(id: number, purpose: FilePurpose): string {
  return purpose === 'logo' ? `/api/file/public/${id}` : `/api/file/${id}`;
}

export async function uploadFile(
  ctx: RequestContext,
  storage: FileStorage,
  purpose: FilePurpose,
  rawName: string,
  body: Readable | Buffer,
) {
  const rule = purposeRules[purpose];
  const head: Buffer[] = [];
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  let received: Awaited<ReturnType<FileStorage['receive']>>;
  try {
    received = await storage.receive(source, [limiter(rule.maxBytes, head)]);
  } catch (err) {
    if (err instanceof TooLarge)
      throw invalidParams('file', 'fileTooLarge', { mb: Math.round(rule.maxBytes / 1024 / 1024) });
    throw err;
  }
  if (received.size === 0) {
    await received.discard();
    throw invalidParams('file', 'fileEmpty');
  }
  const sniffed = sniff(Buffer.concat(head));
  if (!sniffed || !rule.types.includes(sniffed)) {
    await received.discard();
    throw invalidParams('file', 'fileType', { types: describeTypes(purpose) });
  }
  const name = cleanName(rawName);
  const now = new Date();
  const key = `${ctx.orgId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomToken(18)}`;
  await received.commit(key);
  const contentType = servedType(sniffed, name);
  const [row] = await ctx.db
    .insert(files)
    .values({
      organizationId: ctx.orgId,
      storageKey: key,
      name,
      contentType,
      size: received.size,
      purpose,
      uploaderId: ctx.userId,
    })
    .returning({ id: files.id });
  return { id: row.id, url: fileUrl(row.id, purpose), name, size: received.size, contentType };
}

export async function findFile(db: Db, orgId: number | null, id: number, publicOnly: boolean) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), orgId === null ? undefined : eq(files.organizationId, orgId)));
  if (!row || (publicOnly && row.purpose !== 'logo')) throw notFound('File');
  return row;
}

// Exam-day snapshots are evidence for a while, not records to keep: after the retention period
// (SNAPSHOT_RETENTION_DAYS, 180 by default) their bytes and rows go; the timeline keeps the entry.
export const SNAPSHOT_CLEANUP_JOB = 'file.snapshotCleanup';
export function snapshotRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.SNAPSHOT_RETENTION_DAYS ?? 180);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new Error(
      `SNAPSHOT_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${env.SNAPSHOT_RETENTION_DAYS}"`,
    );
  }
  return days;
}

export async function removeExpiredSnapshots(db: DbOrTx, storage: FileStorage, days: number): Promise<number> {
  const expired = await db
    .select({ orgId: files.organizationId, id: files.id, key: files.storageKey })
    .from(files)
    .where(and(eq(files.purpose, 'snapshot'), lt(files.createTime, sql`now() - ${days} * interval '1 day'`)))
    .limit(1000);
  for (const f of expired) {
    await storage.remove(f.key);
    await db.delete(fileLinks).where(inOrg(fileLinks, f.orgId, [eq(fileLinks.fileId, f.id)]));
    await db.delete(files).where(inOrg(files, f.orgId, [eq(files.id, f.id)]));
  }
  return expired.length;
}

export function registerFileJobs(runner: JobRunner, db: DbOrTx, storage: FileStorage): void {
  const days = snapshotRetentionDays();
  runner.register(SNAPSHOT_CLEANUP_JOB, {
    run: async () => ({ removed: await removeExpiredSnapshots(db, storage, days) }),
  });
  runner.every(SNAPSHOT_CLEANUP_JOB, 3600_000);
}
