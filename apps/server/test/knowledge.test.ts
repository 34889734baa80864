import {
  ArticleStatus,
  DocumentAudience,
  type KnowledgeArticle,
  type KnowledgeCategory,
  type KnowledgeReceiptPage,
  type KnowledgeVersion,
  ResultCode,
} from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeReads } from '../src/modules/knowledge/knowledge.table';
import { rows } from '../src/platform/sql-rows';
import { examPeople } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// The knowledge base (issue 30): articles with categories, tags, versions of published changes and
// read receipts; staff scope (own articles, knowledge:all every one); students reading only the
// published articles of their audience, by page and by id; search; receipts under parallel reads.

let t: TestApp;
let academic: string;
let teacher: string;
let other: string;
let student: string;
let northTeacher: string;
let ids: Record<string, number>;
let categoryId: number;
let childCategoryId: number;
let tagId: number;

beforeAll(async () => {
  t = await createTestApp();
  let tokens: Record<string, string>;
  ({ academic, teacher, northTeacher, tokens, ids } = await examPeople(t, ['student', 'wang.fang']));
  other = tokens['wang.fang'];
  student = tokens.student;
  const made = async (url: string, body: object) =>
    ok(await t.call<{ id: number }>('POST', url, { token: academic, body })).id;
  categoryId = await made('/api/courseCategory/create', { name: 'Safety 安全' });
  childCategoryId = await made('/api/courseCategory/create', { name: 'Chemistry lab', parentId: categoryId });
  tagId = await made('/api/tag/create', { name: 'Handbook', type: 1 });
});
afterAll(() => t.close());

let seq = 0;
async function write(token: string, body: Record<string, unknown> = {}): Promise<KnowledgeArticle> {
  return ok(
    await t.call<KnowledgeArticle>('POST', '/api/knowledge/create', {
      token,
      body: { title: `Article ${++seq}`, body: '<p>Text</p>', ...body },
    }),
  );
}
const save = (token: string, a: KnowledgeArticle, change: Record<string, unknown>) =>
  t.call<KnowledgeArticle>('POST', '/api/knowledge/update', {
    token,
    body: {
      id: a.id,
      title: a.title,
      categoryId: a.categoryId,
      tagIds: a.tagIds,
      summary: a.summary,
      body: a.body,
      pinned: a.pinned,
      audience: a.audience,
      status: a.status,
      ...change,
    },
  });
const page = async (token: string, body: Record<string, unknown> = {}) =>
  ok(
    await t.call<{ list: KnowledgeArticle[]; total: number }>('POST', '/api/knowledge/page', {
      token,
      body: { pageSize: 200, ...body },
    }),
  ).list;
const versions = (token: string, id: number) =>
  t.call<KnowledgeVersion[]>('POST', `/api/knowledge/versions/${id}`, { token });
const read = (token: string, id: number) => t.call<KnowledgeArticle>('POST', `/api/knowledge/read/${id}`, { token });
const receipts = (token: string, id: number, body: Record<string, unknown> = {}) =>
  t.call<KnowledgeReceiptPage>('POST', `/api/knowledge/receipts/${id}`, { token, body });
const count = async () =>
  Number((await rows<{ n: string }>(t.database.db, sql`select count(*) as n from knowledge_articles`))[0]?.n);

describe('the knowledge base', () => {
  it('writes articles (body sanitised, category, tags) and keeps a version per published change', async () => {
    const draft = await write(teacher, {
      title: 'Lab safety',
      body: '<p>Wear goggles<script>alert(1)</script></p>',
      categoryId,
      tagIds: [tagId],
      summary: 'Before the first lab',
    });
    expect(draft).toMatchObject({ status: ArticleStatus.Draft, authorId: ids.teacher, authorName: 'Tom Teacher' });
    expect(draft.body).toBe('<p>Wear goggles</p>');
    expect(draft.tagIds).toEqual([tagId]);
    expect(ok(await versions(teacher, draft.id))).toEqual([]);

    const published = ok(await save(teacher, draft, { status: ArticleStatus.Published }));
    expect(published.version).toBe(1);
    expect(published.publishTime).not.toBeNull();
    // Pinning changes neither title nor body: no new version.
    const pinned = ok(await save(teacher, published, { pinned: true }));
    expect(pinned.version).toBe(1);
    const edited = ok(await save(teacher, pinned, { body: '<p>Wear goggles and gloves</p>' }));
    expect(edited.version).toBe(2);
    const list = ok(await versions(teacher, draft.id));
    expect(list.map((v) => [v.version, v.body])).toEqual([
      [2, '<p>Wear goggles and gloves</p>'],
      [1, '<p>Wear goggles</p>'],
    ]);
    expect(list[0].editorName).toBe('Tom Teacher');
    // A draft's edits make no version until it is published again.
    const unpublished = ok(await save(teacher, edited, { status: ArticleStatus.Draft, title: 'Lab rules' }));
    expect(unpublished.version).toBe(2);
    expect(ok(await versions(teacher, draft.id))).toHaveLength(2);
  });

  it('lets a teacher change only their own articles, read published ones, and academic staff all', async () => {
    const mine = await write(teacher, { status: ArticleStatus.Published, title: 'Teacher published' });
    const myDraft = await write(teacher, { title: 'Teacher draft' });
    const seen = (await page(other)).map((a) => a.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(myDraft.id);
    expect((await t.call('POST', `/api/knowledge/select/${myDraft.id}`, { token: other })).code).toBe(ResultCode.Error);
    const refusedEdit = await save(other, mine, { title: 'Hijacked' });
    expect(refusedEdit.code).toBe(ResultCode.Forbidden);
    refused(refusedEdit, 'ownRowsOnly');
    expect((await t.call('POST', `/api/knowledge/delete/${mine.id}`, { token: other })).code).toBe(
      ResultCode.Forbidden,
    );
    ok(await save(academic, myDraft, { title: 'Checked by the office' }));
    // Another school's teacher finds nothing.
    expect((await t.call('POST', `/api/knowledge/select/${mine.id}`, { token: northTeacher })).code).toBe(
      ResultCode.Error,
    );
    expect((await read(northTeacher, mine.id)).code).toBe(ResultCode.Error);

    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ categoryId: 999_999 }, 'categoryId'],
      [{ tagIds: [999_999] }, 'tagIds'],
      [{ audience: 9 }, 'audience'],
      [{ status: 3 }, 'status'],
    ];
    for (const [body, field] of bad) {
      const res = await t.call('POST', '/api/knowledge/create', { token: teacher, body: { title: 'x', ...body } });
      expect(res.code, field).toBe(ResultCode.InvalidParams);
      expect(res.error?.field, res.message).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  it('shows students only published articles meant for them, by page and by id', async () => {
    const { Everyone, Staff, Students } = DocumentAudience;
    const pub = ArticleStatus.Published;
    const forAll = await write(teacher, { status: pub, audience: Everyone, title: 'For all' });
    const forStaff = await write(teacher, { status: pub, audience: Staff, title: 'For staff' });
    const forStudents = await write(teacher, { status: pub, audience: Students, title: 'For students' });
    const draft = await write(teacher, { audience: Everyone, title: 'Not yet' });
    const seen = await page(student);
    const seenIds = seen.map((a) => a.id);
    expect(seenIds).toEqual(expect.arrayContaining([forAll.id, forStudents.id]));
    expect(seenIds).not.toContain(forStaff.id);
    expect(seenIds).not.toContain(draft.id);
    expect(seen.every((a) => a.status === pub && a.audience !== Staff)).toBe(true);
    // Staff figures are not theirs.
    expect(seen.every((a) => a.readCount === null)).toBe(true);
    // Asking for them by filter or by id changes nothing.
    expect((await page(student, { status: ArticleStatus.Draft })).length).toBe(0);
    expect((await page(student, { audience: Staff })).length).toBe(0);
    for (const hidden of [forStaff, draft]) {
      expect((await t.call('POST', `/api/knowledge/select/${hidden.id}`, { token: student })).code).toBe(
        ResultCode.Error,
      );
      const res = await read(student, hidden.id);
      expect(res.code).toBe(ResultCode.Forbidden);
      refused(res, 'articleNotForYou');
    }
    expect(ok(await read(student, forStudents.id)).title).toBe('For students');
    // The staff screen's routes are not theirs.
    expect((await versions(student, forAll.id)).code).toBe(ResultCode.Forbidden);
    expect((await receipts(student, forAll.id)).code).toBe(ResultCode.Forbidden);
    expect((await t.call('POST', '/api/knowledge/create', { token: student, body: { title: 'x' } })).code).toBe(
      ResultCode.Forbidden,
    );
  });

  it('searches title and body, filters by category (with sub-categories) and tag, pinned first', async () => {
    const pub = { status: ArticleStatus.Published };
    const inTitle = await write(teacher, { ...pub, title: 'Quokka feeding' });
    const inBody = await write(teacher, {
      ...pub,
      body: '<p>Where the quokka sleeps</p>',
      categoryId: childCategoryId,
    });
    const tagged = await write(teacher, { ...pub, tagIds: [tagId], categoryId, pinned: true, title: 'Pinned one' });
    const found = (await page(student, { keyword: 'QUOKKA' })).map((a) => a.id);
    expect(found.sort()).toEqual([inTitle.id, inBody.id].sort());
    const inCategory = (await page(student, { categoryId })).map((a) => a.id);
    expect(inCategory).toEqual(expect.arrayContaining([inBody.id, tagged.id]));
    expect(inCategory).not.toContain(inTitle.id);
    expect((await page(student, { categoryId: childCategoryId })).map((a) => a.id)).toEqual([inBody.id]);
    expect((await page(student, { tagId })).map((a) => a.id)).toContain(tagged.id);
    expect((await page(student, { tagId })).map((a) => a.id)).not.toContain(inBody.id);
    const all = await page(student);
    // Readers get the names with the rows, and the categories with what they may read in each.
    expect(all.find((a) => a.id === tagged.id)).toMatchObject({ categoryName: 'Safety 安全', tagNames: ['Handbook'] });
    const categories = ok(await t.call<KnowledgeCategory[]>('POST', '/api/knowledge/categories', { token: student }));
    expect(categories.find((c) => c.id === categoryId)).toMatchObject({ parentId: null, count: 1 });
    expect(categories.find((c) => c.id === childCategoryId)).toMatchObject({ parentId: categoryId, count: 1 });
    expect(all[0].pinned).toBe(true);
    expect(all.findIndex((a) => !a.pinned)).toBeGreaterThan(all.findLastIndex((a) => a.pinned));
  });

  it('records one receipt per reader under ten parallel reads, and staff see who has not read', async () => {
    const a = await write(teacher, { status: ArticleStatus.Published, audience: DocumentAudience.Students });
    const replies = await Promise.all(Array.from({ length: 10 }, () => read(student, a.id)));
    for (const r of replies) expect(ok(r).myReadVersion).toBe(1);
    const stored = await t.database.db
      .select()
      .from(knowledgeReads)
      .where(and(eq(knowledgeReads.articleId, a.id), eq(knowledgeReads.userId, ids.student)));
    expect(stored).toHaveLength(1);
    expect(stored[0].version).toBe(1);
    const first = stored[0].firstReadAt.getTime();
    ok(await read(student, a.id));

    const edited = ok(await save(teacher, a, { body: '<p>New rules</p>' }));
    expect(edited.version).toBe(2);
    expect((await page(student, { unread: true })).map((x) => x.id)).toContain(a.id);
    const readers = ok(await receipts(teacher, a.id));
    expect(readers.list.map((r) => [r.userId, r.version])).toEqual([[ids.student, 1]]);
    expect(Date.parse(readers.list[0].firstReadAt!)).toBe(first);
    expect(readers.summary).toMatchObject({ version: 2, read: 1, readCurrent: 0 });
    expect(readers.summary.audience).toBeGreaterThan(1);
    expect(readers.summary.unread).toBe(readers.summary.audience - 1);
    expect(ok(await receipts(teacher, a.id, { outdated: true })).total).toBe(1);
    const unread = ok(await receipts(teacher, a.id, { view: 'unread', pageSize: 200 }));
    expect(unread.total).toBe(readers.summary.unread);
    expect(unread.list.map((r) => r.userId)).not.toContain(ids.student);
    // Staff are not this article's audience.
    expect(unread.list.map((r) => r.userId)).not.toContain(ids.teacher);

    ok(await read(student, a.id));
    expect(ok(await receipts(teacher, a.id)).summary).toMatchObject({ read: 1, readCurrent: 1 });
    expect((await receipts(northTeacher, a.id)).code).toBe(ResultCode.Error);
    // A student's own receipt is all they write: another article's figures stay the same.
    expect((await t.call('POST', '/api/knowledge/read/abc', { token: student })).code).toBe(ResultCode.InvalidParams);
  });
});
