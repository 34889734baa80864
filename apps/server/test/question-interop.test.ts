import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { QuestionImportReport } from '@lyceum/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../src/modules/catalogue/catalogue.table';
import { questions } from '../src/modules/question/question.table';
import { createTestApp, type TestApp } from './harness';
import { snapshotOrganization } from './snapshot';
import { zipOf } from './zip';

// Question banks in and out (issue 35) through the API: one import route for every format, the dry
// run's table, categories made as knowledge points, embedded images stored and linked, refusals of
// bad files with nothing written, and exports that import back as the same questions.
let t: TestApp;
let teacher: string;
let student: string;
const FIXTURES = path.join(import.meta.dirname, '../src/modules/question/interop/fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

beforeAll(async () => {
  t = await createTestApp({ students: 0 });
  teacher = await t.signIn('demo', 'teacher');
  student = await t.signIn('demo', 'student');
});
afterAll(() => t.close());

type Reply<T> = { code: number; message: string; response: T; error?: { key: string; field?: string } };

async function send(body: Buffer, query: Record<string, string> = {}, token = teacher, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/question/import',
    query: { lang, ...query },
    headers: { token, 'content-type': 'application/octet-stream' },
    payload: body,
  });
  return res.json() as Reply<QuestionImportReport>;
}

async function exportAs(format: string, ids: number[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/question/exportAs',
    headers: { token: teacher, 'content-type': 'application/json' },
    payload: { format, ids },
  });
  return res;
}

const orgId = () => t.ids.demo.orgId;

// A QTI package from a fixture folder, zipped as an authoring tool would.
function packageOf(folder: string): Buffer {
  const files: { name: string; data: Buffer }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push({ name: path.relative(folder, full).split(path.sep).join('/'), data: readFileSync(full) });
    }
  };
  walk(folder);
  return zipOf(files);
}

describe('importing other systems’ question files', () => {
  it('GIFT: the dry run lists every question with its type, category and what is refused, in Chinese too', async () => {
    const file = fixture('gift/all-forms.gift.txt');
    const before = await snapshotOrganization(t.database.db, orgId());
    const dry = await send(file, { score: '2' }, teacher, 'zh');
    expect(dry.code).toBe(1);
    const r = dry.response;
    expect(r.format).toBe('gift');
    expect(r.dryRun).toBe(true);
    expect(r.items.length).toBe(r.total);
    // Matching has no Lyceum type: listed, not dropped.
    const matching = r.items.find((i) => i.status === 'unsupported');
    expect(matching?.reasons[0]).toMatch(/题型/);
    expect(r.unsupported).toBeGreaterThan(0);
    expect(r.items.filter((i) => i.status === 'create').length).toBeGreaterThan(10);
    // Nothing written by a dry run.
    expect(await snapshotOrganization(t.database.db, orgId())).toEqual(before);
  });

  it('GIFT: imports under its $CATEGORY paths as knowledge points, made once', async () => {
    const gift = Buffer.from(
      [
        '$CATEGORY: $course$/top/Interop test/Rivers',
        '::R1::Name the longest river in China.{=Yangtze =Chang Jiang}',
        '',
        '::R2::The Nile is in Africa.{T}',
        '',
        '$CATEGORY: $course$/top/Interop test/Mountains',
        '::M1::Which is the highest? {=Everest ~K2 ~Kilimanjaro}',
      ].join('\n'),
    );
    const dry = await send(gift);
    expect(dry.response.newCategories).toEqual(['Interop test', 'Interop test / Rivers', 'Interop test / Mountains']);
    expect(dry.response.items.map((i) => [i.category, i.status])).toEqual([
      ['Interop test / Rivers', 'create'],
      ['Interop test / Rivers', 'create'],
      ['Interop test / Mountains', 'create'],
    ]);
    const done = await send(gift, { dryRun: 'false' });
    expect(done.response.created).toBe(3);
    const points = await t.database.db
      .select({ id: tags.id, name: tags.name, parentId: tags.parentId, type: tags.type })
      .from(tags)
      .where(and(eq(tags.organizationId, orgId()), inArray(tags.name, ['Interop test', 'Rivers', 'Mountains'])));
    expect(points).toHaveLength(3);
    expect(points.every((p) => p.type === 2)).toBe(true);
    // A second import of the same file makes no new entries and reports the questions as duplicates.
    const again = await send(gift);
    expect(again.response.newCategories).toEqual([]);
    expect(again.response.items.every((i) => i.status === 'duplicate')).toBe(true);
  });

  it('Moodle XML: a short answer keeps its case-sensitive whole-answer match, scored the Moodle way', async () => {
    const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="shortanswer">
    <name><text>Cobalt symbol</text></name>
    <questiontext format="html"><text><![CDATA[<p>The chemical symbol of cobalt?</p>]]></text></questiontext>
    <defaultgrade>2</defaultgrade>
    <usecase>1</usecase>
    <answer fraction="100"><text>Co</text></answer>
  </question>
</quiz>`);
    const done = await send(xml, { dryRun: 'false' });
    expect(done.code).toBe(1);
    expect(done.response.format).toBe('moodle');
    expect(done.response.created).toBe(1);
    const [q] = await t.database.db
      .select({ id: questions.id, type: questions.type })
      .from(questions)
      .where(and(eq(questions.organizationId, orgId()), eq(questions.stem, '<p>The chemical symbol of cobalt?</p>')));
    expect(q.type).toBe(5);
    const got = await t.call<{ answer: unknown; judgeType: number }>('POST', `/api/question/select/${q.id}`, {
      token: teacher,
    });
    const question = got.response as Record<string, unknown>;
    const tryAnswer = async (answer: string) => {
      const res = await t.call<{ score: number }>('POST', '/api/question/tryAnswer', {
        token: teacher,
        body: { question: { ...question, id: undefined }, answer },
      });
      expect(res.message).toBe('success');
      return res.response.score;
    };
    expect(await tryAnswer('Co')).toBe(2);
    expect(await tryAnswer('CO')).toBe(0);
    expect(await tryAnswer('not Co')).toBe(0);
  });

  it('Moodle XML: embedded images are stored once and linked; another school’s file id is refused', async () => {
    // A 1x1 PNG, embedded twice (two questions): one stored file.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const question = (n: number) => `<question type="truefalse">
    <name><text>Image ${n}</text></name>
    <questiontext format="html"><text><![CDATA[<p>Picture ${n} <img src="@@PLUGINFILE@@/dot.png" alt="dot"></p>]]></text>
      <file name="dot.png" path="/" encoding="base64">${png.toString('base64')}</file></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
  </question>`;
    const xml = Buffer.from(`<?xml version="1.0"?><quiz>${question(1)}${question(2)}</quiz>`);
    const done = await send(xml, { dryRun: 'false' });
    expect(done.response.errors).toEqual([]);
    expect(done.response.created).toBe(2);
    const made = await t.database.db
      .select({ stem: questions.stem })
      .from(questions)
      .where(eq(questions.organizationId, orgId()));
    const urls = made.flatMap((r) => [...r.stem.matchAll(/\/api\/file\/(\d+)/g)].map((m) => m[1]));
    const withPicture = made.filter((r) => r.stem.includes('Picture'));
    expect(withPicture).toHaveLength(2);
    const ids = new Set(withPicture.flatMap((r) => [...r.stem.matchAll(/\/api\/file\/(\d+)/g)].map((m) => m[1])));
    expect(ids.size).toBe(1);
    expect(urls.length).toBeGreaterThan(0);
    // The image is served to the importer.
    const [id] = [...ids];
    const img = await t.app.inject({ method: 'GET', url: `/api/file/${id}`, headers: { token: teacher } });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);

    // A file naming an upload the caller cannot open (north's) is refused in the dry run.
    const north = await t.signIn('north', 'teacher');
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?purpose=image',
      headers: { token: north, 'content-type': 'application/octet-stream', 'x-file-name': 'n.png' },
      payload: png,
    });
    const northId = (up.json() as Reply<{ id: number }>).response?.id ?? 999_999;
    const sneaky = Buffer.from(`<?xml version="1.0"?><quiz><question type="truefalse">
    <name><text>Sneaky</text></name>
    <questiontext format="html"><text><![CDATA[<p>Look <img src="/api/file/${northId}"></p>]]></text></questiontext>
    <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
    </question></quiz>`);
    const refused = await send(sneaky);
    expect(refused.response.items[0].status).toBe('refused');
    expect(refused.response.errors[0].error.key).toBe('fileNotReadable');
  });

  it('QTI 2.1: a package with choice, text entry and extended text items; match reported unsupported', async () => {
    const pkg = packageOf(path.join(FIXTURES, 'qti/qti21'));
    const dry = await send(pkg);
    expect(dry.code).toBe(1);
    expect(dry.response.format).toBe('qti');
    const types = dry.response.items.map((i) => i.type);
    expect(types).toEqual(expect.arrayContaining([1, 2, 4, 5]));
    expect(dry.response.items.some((i) => i.status === 'unsupported')).toBe(true);
  });

  it('refuses bad files by name, writing nothing and never answering 500', async () => {
    const before = await snapshotOrganization(t.database.db, orgId());
    const cases: [Buffer, string][] = [
      [fixture('moodle/truncated.xml'), 'interopNotWellFormed'],
      [fixture('moodle/billion-laughs.xml'), 'interopDoctype'],
      [fixture('moodle/doctype-external.xml'), 'interopDoctype'],
      [Buffer.from('just some words, no questions here'), 'interopUnknownFormat'],
      [Buffer.from('<html><body>hello</body></html>'), 'interopUnknownFormat'],
      // A zip bomb: a manifest declaring 1 GB unpacked.
      [
        zipOf([
          { name: 'imsmanifest.xml', data: Buffer.from('<manifest/>') },
          { name: 'items/big.xml', data: Buffer.alloc(1024), declared: 1024 * 1024 * 1024 },
        ]),
        'interopUnpackedTooLarge',
      ],
      // An entry that unpacks past what it declares.
      [
        zipOf([
          { name: 'imsmanifest.xml', data: Buffer.from('<manifest/>') },
          { name: 'items/a.xml', data: Buffer.alloc(4 * 1024 * 1024, 65), declared: 100 },
        ]),
        'interopBadZip',
      ],
    ];
    for (const [body, key] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/question/import?dryRun=false',
        headers: { token: teacher, 'content-type': 'application/octet-stream' },
        payload: body,
      });
      expect(res.statusCode, key).toBeLessThan(500);
      const reply = res.json() as Reply<unknown>;
      expect(reply.error?.key, key).toBe(key);
      expect(reply.error?.field).toBe('file');
    }
    // A NUL character cannot be stored: that question is refused in the dry run, named, nothing written.
    const nul = await send(Buffer.from('::N1::Is\u0000 it so?{T}\n\n::N2::Fine?{T}\n'), { dryRun: 'false' });
    expect(nul.response.items.map((i) => i.status)).toEqual(['refused', 'create']);
    expect(nul.response.errors[0].error.key).toBe('dbBadCharacter');
    expect(nul.response.created).toBe(0);
    expect(await snapshotOrganization(t.database.db, orgId())).toEqual(before);
    // Students do not import.
    const denied = await send(fixture('gift/all-forms.gift.txt'), {}, student);
    expect(denied.code).not.toBe(1);
  });

  it('5,000 Moodle questions are checked with the event loop kept answering', async () => {
    const one = (i: number) =>
      `<question type="multichoice"><name><text>Q${i}</text></name><questiontext format="html"><text><![CDATA[<p>Bulk question ${i}: which is right?</p>]]></text></questiontext><defaultgrade>1</defaultgrade><single>true</single><answer fraction="100"><text>right ${i}</text></answer><answer fraction="0"><text>wrong ${i}</text></answer><answer fraction="0"><text>also wrong ${i}</text></answer></question>`;
    const xml = Buffer.from(
      `<?xml version="1.0"?><quiz>${Array.from({ length: 5000 }, (_, i) => one(i)).join('\n')}</quiz>`,
    );
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    // Light requests sent while the import runs are all answered before it ends.
    let importDone = false;
    const answeredDuring: boolean[] = [];
    const importing = send(xml).then((r) => {
      importDone = true;
      return r;
    });
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await t.app.inject({ method: 'GET', url: '/api/user/current', headers: { token: teacher } });
      answeredDuring.push(!importDone);
    }
    const report = (await importing).response;
    lag.disable();
    console.log(
      `5,000-question Moodle XML (${(xml.length / 1024 / 1024).toFixed(1)} MB) checked in ${Math.round(performance.now() - started)} ms; event loop delay max ${Math.round(lag.max / 1e6)} ms, p99 ${Math.round(lag.percentile(99) / 1e6)} ms`,
    );
    expect(report.total).toBe(5000);
    expect(report.valid).toBe(5000);
    expect(answeredDuring.filter(Boolean).length).toBeGreaterThan(0);
  });
});

describe('exports that import back', () => {
  it('Moodle XML, GIFT and QTI exports of imported questions import back as the same questions', async () => {
    const gift = Buffer.from(
      [
        '$CATEGORY: $course$/top/Round trip',
        '::RT1::Which planet is largest?{=Jupiter ~Mars ~Venus}',
        '',
        '::RT2::Name an even prime.{=2 =two}',
        '',
        '::RT3::Water boils at {#100:0.5} degrees Celsius.',
      ].join('\n'),
    );
    await send(gift, { dryRun: 'false' });
    const made = await t.call<{ list: { id: number; stem: string }[] }>('POST', '/api/question/page', {
      token: teacher,
      body: { pageIndex: 1, pageSize: 50, keyword: 'prime' },
    });
    const ids = made.response.list.map((q) => q.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const format of ['moodle', 'gift', 'qti']) {
      const file = await exportAs(format, ids);
      expect(file.statusCode, format).toBe(200);
      expect(file.headers['x-lyceum-skipped']).toBe('0');
      const back = await send(file.rawPayload);
      expect(back.response.format).toBe(format);
      // Same stems: every one a duplicate of what is in the bank.
      expect(back.response.items.map((i) => i.status)).toEqual(ids.map(() => 'duplicate'));
    }
  });
});
