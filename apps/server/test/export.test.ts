import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ExportRow, ExportStatus, type Page, ResultCode } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { degrees } from '../src/modules/education/education.table';
import { removeExpiredExports } from '../src/modules/export/export.service';
import { userExports } from '../src/modules/export/export.table';
import { jobs } from '../src/modules/job/job.table';
import { findJob } from '../src/platform/jobs';
import { onePaper } from './exam-fixture';
import { createTestApp, sheetRows, type TestApp } from './harness';

// Asynchronous exports: started from any declared list, written by a background job into storage,
// listed, downloaded and deleted by their owner only.

let t: TestApp;
let admin: string;
let academic: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('demo', 'admin');
  academic = await t.login('demo', 'academic');
});
afterAll(() => t.close());

const start = async (token: string, resource: string, body: object = {}, lang = 'en') => {
  const res = await t.call<{ exportId: number }>('POST', `/api/${resource}/exportAsync`, {
    token,
    body,
    query: { lang },
  });
  expect(res.code, res.message).toBe(ResultCode.Success);
  return res.response.exportId;
};
const mine = async (token: string) =>
  (await t.call<Page<ExportRow>>('POST', '/api/export/page', { token, body: { pageIndex: 1, pageSize: 50 } })).response;
const download = (token: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/export/download/${id}`, headers: { token } });
const storedFile = async (id: number) => {
  const [row] = await t.database.db.select().from(userExports).where(eq(userExports.id, id));
  if (!row?.storageKey) throw new Error(`export ${id} has no file`);
  return path.join(t.filesDir, row.storageKey);
};

describe('asynchronous export', () => {
  it('writes the same rows as the synchronous export, with progress, and offers the file to its owner', async () => {
    const filter = { keyword: 'e' };
    const id = await start(admin, 'user', filter);
    // The record and its job were committed together; nothing has run yet.
    const queued = (await mine(admin)).list.find((e) => e.id === id);
    expect(queued).toMatchObject({ status: ExportStatus.Queued, progress: 0, title: 'Users', rowCount: null });
    const [row] = await t.database.db.select().from(userExports).where(eq(userExports.id, id));
    expect(await findJob(t.database.db, row.jobId ?? 0)).toMatchObject({ kind: 'export.write', status: 'queued' });

    await t.app.jobs.runUntilIdle();
    const done = (await mine(admin)).list.find((e) => e.id === id);
    const sync = await t.call<unknown[][]>('POST', '/api/user/export', { token: admin, body: filter });
    expect(done).toMatchObject({ status: ExportStatus.Done, progress: 1, rowCount: sync.response.length - 1 });
    expect(done?.fileName).toMatch(/^Users .*\.xlsx$/);
    expect(new Date(done?.expireTime ?? 0).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const job = await findJob(t.database.db, row.jobId ?? 0);
    expect(job).toMatchObject({ status: 'done', progress: 1, result: { exportId: id, rows: done?.rowCount } });

    const file = await download(admin, id);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(await sheetRows(file.rawPayload)).toEqual(sync.response);
  });

  it('writes Chinese headers when asked, and lists newest first', async () => {
    const first = await start(admin, 'degree', {}, 'en');
    const second = await start(admin, 'degree', {}, 'zh');
    await t.app.jobs.runUntilIdle();
    const list = (await mine(admin)).list;
    expect(list.slice(0, 2).map((e) => e.id)).toEqual([second, first]);
    const rows = await sheetRows((await download(admin, second)).rawPayload);
    expect(JSON.stringify(rows[0])).toMatch(/[\u4e00-\u9fff]/);
    expect(list[0].title).not.toBe(list[1].title);
  });

  it("answers another user's export exactly like a missing one, and lists only one's own", async () => {
    const id = await start(admin, 'degree');
    await t.app.jobs.runUntilIdle();
    expect((await mine(academic)).list.map((e) => e.id)).not.toContain(id);
    const theirs = await download(academic, id);
    const missing = await download(academic, 987654);
    // The same answer but for the id it names.
    const same = JSON.parse(JSON.stringify(missing.json()).replaceAll('987654', String(id)));
    expect(theirs.json()).toEqual(same);
    expect(missing.json().message).toBe('Export 987654 not found');
    for (const url of [`/api/export/select/${id}`, `/api/export/delete/${id}`]) {
      const res = await t.call('POST', url, { token: academic });
      expect(res.code, url).toBe(ResultCode.Error);
      expect(res.message).toBe(`Export ${id} not found`);
    }
    expect((await download(admin, id)).statusCode).toBe(200);
  });

  it('is refused to students', async () => {
    const student = await t.login('demo', 'student');
    expect((await t.call('POST', '/api/export/page', { token: student, body: {} })).code).toBe(ResultCode.Forbidden);
    expect((await t.call('POST', '/api/degree/exportAsync', { token: student, body: {} })).code).toBe(
      ResultCode.Forbidden,
    );
  });

  it('deletes an export with its file', async () => {
    const id = await start(admin, 'degree');
    await t.app.jobs.runUntilIdle();
    const file = await storedFile(id);
    expect(existsSync(file)).toBe(true);
    const res = await t.call('POST', `/api/export/delete/${id}`, { token: admin });
    expect(res.code, res.message).toBe(ResultCode.Success);
    expect((await mine(admin)).list.map((e) => e.id)).not.toContain(id);
    expect(existsSync(file)).toBe(false);
    expect((await download(admin, id)).json().message).toBe(`Export ${id} not found`);
  });

  it('deleted before its job ran: the job ends without a file', async () => {
    const id = await start(admin, 'degree');
    await t.call('POST', `/api/export/delete/${id}`, { token: admin });
    await t.app.jobs.runUntilIdle();
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${t.ids.demo.orgId}:${id}`));
    expect(job).toMatchObject({ status: 'done', result: { skipped: 'the export was deleted' } });
  });

  it('fails, saying why, when the user lost the right to export before the job ran', async () => {
    const id = await start(admin, 'degree');
    const studentRole = t.ids.demo.roleIds.student;
    await t.database.db.update(userExports).set({ roleId: studentRole }).where(eq(userExports.id, id));
    await t.app.jobs.runUntilIdle();
    const row = (await mine(admin)).list.find((e) => e.id === id);
    expect(row).toMatchObject({ status: ExportStatus.Failed, error: 'You may no longer export these records' });
    expect((await download(admin, id)).json()).toMatchObject({ code: ResultCode.Error, message: /not ready/ });
  });

  it('exports the question bank in its own re-importable sheet, like its synchronous export', async () => {
    const question = {
      type: 1,
      stem: '<p>Which is prime? (async export)</p>',
      options: ['A', 'B', 'C'].map((label) => ({ label, content: `Option ${label}` })),
      answer: 'B',
      score: 2,
    };
    expect((await t.call('POST', '/api/question/create', { token: admin, body: question })).code).toBe(1);
    const filter = { keyword: 'async export' };
    const id = await start(admin, 'question', filter);
    await t.app.jobs.runUntilIdle();
    const sync = await t.call<unknown[][]>('POST', '/api/question/export', { token: admin, body: filter });
    expect((await mine(admin)).list.find((e) => e.id === id)).toMatchObject({
      status: ExportStatus.Done,
      title: 'Questions',
      rowCount: 1,
    });
    expect(await sheetRows((await download(admin, id)).rawPayload)).toEqual(sync.response);
  });

  it('removes expired exports and their files in the cleanup job', async () => {
    const id = await start(admin, 'degree');
    await t.app.jobs.runUntilIdle();
    const file = await storedFile(id);
    await t.database.db
      .update(userExports)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(and(eq(userExports.organizationId, t.ids.demo.orgId), eq(userExports.id, id)));
    // Expired rows are no longer listed or offered, even before the cleanup runs.
    expect((await mine(admin)).list.map((e) => e.id)).not.toContain(id);
    expect(await removeExpiredExports(t.database.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(userExports).where(eq(userExports.id, id))).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });

  // Last, so the other tests' exports stay small.
  it('writes a list larger than one batch in batches, every row once, in the same order as the synchronous export', async () => {
    const n = 2_500;
    await t.database.db.insert(degrees).values(
      Array.from({ length: n }, (_, i) => ({
        organizationId: t.ids.demo.orgId,
        name: `Bulk degree ${String(i).padStart(4, '0')}`,
        sort: i,
      })),
    );
    const filter = { keyword: 'Bulk degree' };
    const id = await start(admin, 'degree', filter);
    const began = Date.now();
    await t.app.jobs.runUntilIdle();
    const ms = Date.now() - began;
    const [row] = await t.database.db.select().from(userExports).where(eq(userExports.id, id));
    expect(row).toMatchObject({ status: ExportStatus.Done, rowCount: n, progress: 1 });
    const rows = await sheetRows((await download(admin, id)).rawPayload);
    const sync = await t.call<unknown[][]>('POST', '/api/degree/export', { token: admin, body: filter });
    expect(rows).toHaveLength(n + 1);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(n);
    expect(rows).toEqual(sync.response);
    console.info(`background export of ${n} rows: ${ms} ms`);
  });

  it("holds the rows the caller may read: a teacher's export of exams is their own exams, not the school's", async () => {
    const teacher = await t.login('demo', 'teacher');
    // An exam of the academic office's: the teacher neither made nor invigilates it.
    const paperId = await onePaper(t, academic, { name: 'Export scope paper' });
    const created = await t.call('POST', '/api/exam/create', {
      token: academic,
      body: {
        name: 'Export scope exam',
        paperId,
        windowStart: '2033-01-10T08:00:00Z',
        windowEnd: '2033-01-10T10:00:00Z',
        durationMinutes: 60,
      },
    });
    expect(created.code, created.message).toBe(ResultCode.Success);
    const total = async (token: string) =>
      (await t.call<Page<unknown>>('POST', '/api/exam/page', { token, body: { pageIndex: 1, pageSize: 1 } })).response
        .total;
    const mineCount = await total(teacher);
    const allCount = await total(admin);
    expect(allCount).toBeGreaterThan(mineCount);
    const sync = await t.call<unknown[][]>('POST', '/api/exam/export', { token: teacher, body: {} });
    expect(sync.response.length - 1).toBe(mineCount);
    const id = await start(teacher, 'exam');
    await t.app.jobs.runUntilIdle();
    expect(await sheetRows((await download(teacher, id)).rawPayload)).toEqual(sync.response);
  });
});
