import { PassThrough } from 'node:stream';
import {
  EXPORT_KEEP_DAYS,
  type ExportRow,
  ExportStatus,
  type Lang,
  OrganizationStatus,
  UserStatus,
} from '@lyceum/contract';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context';
import { randomToken } from '../../platform/crypto';
import type { Db, DbOrTx } from '../../platform/db';
import { businessError, notFound } from '../../platform/errors';
import { type Exportable, exportableOf } from '../../platform/exportables';
import { enqueue, type Job, type JobContext, JobFailed, type JobRunner } from '../../platform/jobs';
import { organizations } from '../../platform/organizations.table';
import { allows } from '../../platform/route';
import { inOrg, sameOrg } from '../../platform/tenant-sql';
import type { FileStorage } from '../file/file.storage';
import { effectivePermissions } from '../role/role.service';
import { userRoles, users } from '../user/user.table';
import { userExports } from './export.table';

export const EXPORT_JOB = 'export.write';
export const EXPORT_CLEANUP_JOB = 'export.cleanup';
const KEEP_MS = EXPORT_KEEP_DAYS * 24 * 3600_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Records the export and its job in one transaction, so neither exists without the other.
export async function startExport(
  ctx: RequestContext,
  exportable: Exportable,
  filter: Record<string, unknown>,
  lang: Lang,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userExports)
      .values({
        organizationId: ctx.orgId,
        userId: ctx.userId,
        roleId: ctx.roleId,
        resource: exportable.name,
        title: exportable.title[lang],
        filter,
        lang,
        expireTime: new Date(Date.now() + KEEP_MS),
      })
      .returning({ id: userExports.id });
    const job = await enqueue(tx, {
      kind: EXPORT_JOB,
      orgId: ctx.orgId,
      payload: { exportId: row.id },
      dedupeKey: `${ctx.orgId}:${row.id}`,
      maxAttempts: 3,
    });
    await tx
      .update(userExports)
      .set({ jobId: job.id })
      .where(inOrg(userExports, ctx.orgId, [eq(userExports.id, row.id)]));
    return row.id;
  });
}

// The caller's own exports only; another user's export answers exactly like a missing one.
const own = (ctx: RequestContext, id?: number) =>
  inOrg(userExports, ctx.orgId, [
    eq(userExports.userId, ctx.userId),
    id === undefined ? undefined : eq(userExports.id, id),
  ]);

function toRow(r: typeof userExports.$inferSelect): ExportRow {
  return {
    id: r.id,
    resource: r.resource,
    title: r.title,
    lang: r.lang === 'zh' ? 'zh' : 'en',
    status: r.status as ExportStatus,
    progress: r.progress,
    rowCount: r.rowCount,
    fileName: r.fileName,
    fileSize: r.fileSize,
    error: r.error,
    createTime: r.createTime.toISOString(),
    finishTime: r.finishTime?.toISOString() ?? null,
    expireTime: r.expireTime.toISOString(),
  };
}

export async function pageExports(ctx: RequestContext, req: { pageIndex: number; pageSize: number }) {
  const where = and(own(ctx), sql`${userExports.expireTime} > now()`);
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(userExports).where(where),
    ctx.db
      .select()
      .from(userExports)
      .where(where)
      .orderBy(desc(userExports.createTime), desc(userExports.id))
      .limit(req.pageSize)
      .offset((req.pageIndex - 1) * req.pageSize),
  ]);
  return {
    list: rows.map(toRow),
    total: Number(total),
    pageNum: req.pageIndex,
    pageSize: req.pageSize,
    pages: Math.ceil(Number(total) / req.pageSize),
  };
}

async function ownExport(ctx: RequestContext, id: number) {
  const [row] = await ctx.db
    .select()
    .from(userExports)
    .where(and(own(ctx, id), sql`${userExports.expireTime} > now()`));
  if (!row) throw notFound(`Export ${id}`);
  return row;
}

export async function getExport(ctx: RequestContext, id: number): Promise<ExportRow> {
  return toRow(await ownExport(ctx, id));
}

export async function downloadExport(ctx: RequestContext, storage: FileStorage, id: number) {
  const row = await ownExport(ctx, id);
  if (row.status !== ExportStatus.Done || !row.storageKey) throw businessError('This export is not ready yet');
  const { stream } = await storage.read(row.storageKey);
  return { filename: row.fileName ?? `${row.title}.xlsx`, contentType: XLSX, body: stream };
}

// Deleting a running export also stops its job: the job finds the row gone and ends.
export async function deleteExport(ctx: RequestContext, storage: FileStorage, id: number): Promise<void> {
  const row = await ownExport(ctx, id);
  await ctx.db.delete(userExports).where(own(ctx, id));
  if (row.storageKey) await storage.remove(row.storageKey);
}

// The context the export is read with: the user as they are now, with the role they started it
// with, which must still be theirs and still allow the export.
async function contextOf(db: Db, row: typeof userExports.$inferSelect, exportable: Exportable) {
  const [user] = await db
    .select({ userName: users.userName, realName: users.realName, status: users.status, domain: organizations.domain })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .innerJoin(
      userRoles,
      sameOrg(userRoles, users, [eq(userRoles.userId, users.id), eq(userRoles.roleId, row.roleId ?? -1)]),
    )
    .where(
      inOrg(users, row.organizationId, [
        eq(users.id, row.userId),
        eq(organizations.status, OrganizationStatus.Enabled),
      ]),
    );
  const perms = user && row.roleId ? await effectivePermissions(db, row.organizationId, row.roleId) : null;
  const ctx: RequestContext = {
    orgId: row.organizationId,
    domain: user?.domain ?? '',
    userId: row.userId,
    userName: user?.userName ?? '',
    realName: user?.realName ?? '',
    roleId: row.roleId,
    roleKind: perms?.kind ?? null,
    permissions: perms?.codes ?? new Set(),
    tokenHash: '',
    db,
  };
  if (!user || user.status !== UserStatus.Enabled || !perms || !allows(ctx, exportable.access)) {
    throw new JobFailed('You may no longer export these records');
  }
  return ctx;
}

const byId = (orgId: number, id: number) => inOrg(userExports, orgId, [eq(userExports.id, id)]);

async function runExport(job: JobContext, db: Db, storage: FileStorage) {
  const exportId = Number(job.payload.exportId);
  const orgId = job.orgId ?? 0;
  const [row] = await db.select().from(userExports).where(byId(orgId, exportId));
  if (!row) return { skipped: 'the export was deleted' };
  const exportable = exportableOf(row.resource);
  if (!exportable) throw new JobFailed(`Nothing called ${row.resource} can be exported`);
  const ctx = await contextOf(db, row, exportable);
  await db.update(userExports).set({ status: ExportStatus.Running, progress: 0 }).where(byId(orgId, exportId));

  const out = new PassThrough();
  const receiving = storage.receive(out, []);
  let written: number;
  try {
    written = await exportable.write(
      ctx,
      row.filter as Record<string, unknown>,
      row.lang as Lang,
      out,
      async (n, total) => {
        const fraction = total ? Math.min(0.99, n / total) : 0.99;
        await job.progress(fraction, `${n} / ${total}`);
        const [still] = await db
          .update(userExports)
          .set({ progress: fraction, rowCount: n })
          .where(byId(orgId, exportId))
          .returning({ id: userExports.id });
        if (!still) throw new JobFailed('The export was deleted');
        if (job.signal.aborted) throw new Error('stopped');
      },
    );
  } catch (err) {
    out.destroy();
    await receiving.then((r) => r.discard()).catch(() => {});
    throw err;
  }
  const received = await receiving;
  const now = new Date();
  const key = `${orgId}/exports/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomToken(18)}`;
  await received.commit(key);
  const stamp = now.toISOString().slice(0, 16).replace('T', ' ').replace(':', '');
  const [done] = await db
    .update(userExports)
    .set({
      status: ExportStatus.Done,
      progress: 1,
      rowCount: written,
      storageKey: key,
      fileName: `${row.title} ${stamp}.xlsx`,
      fileSize: received.size,
      error: null,
      finishTime: now,
    })
    .where(byId(orgId, exportId))
    .returning({ id: userExports.id });
  // Deleted while the file was being written: the file goes too.
  if (!done) await storage.remove(key);
  return { exportId, rows: written };
}

async function markFailed(db: DbOrTx, job: Job, error: string) {
  if (!job.organizationId) return;
  await db
    .update(userExports)
    .set({ status: ExportStatus.Failed, error: error.slice(0, 500), finishTime: new Date() })
    .where(byId(job.organizationId, Number((job.payload as { exportId?: number }).exportId)));
}

// Removes expired exports, their files first (a file left without its row would never be removed).
export async function removeExpiredExports(db: Db, storage: FileStorage): Promise<number> {
  const expired = await db
    .select({ orgId: userExports.organizationId, id: userExports.id, key: userExports.storageKey })
    .from(userExports)
    .where(lt(userExports.expireTime, sql`now()`))
    .limit(500);
  for (const e of expired) {
    if (e.key) await storage.remove(e.key);
    await db.delete(userExports).where(byId(e.orgId, e.id));
  }
  return expired.length;
}

export function registerExportJobs(runner: JobRunner, db: Db, storage: FileStorage): void {
  runner.register(EXPORT_JOB, {
    run: (job) => runExport(job, db, storage),
    onFailed: (job, error) => markFailed(db, job, error),
  });
  runner.register(EXPORT_CLEANUP_JOB, { run: async () => ({ removed: await removeExpiredExports(db, storage) }) });
  runner.every(EXPORT_CLEANUP_JOB, 3600_000);
}
